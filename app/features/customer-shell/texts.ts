/** The customer shell's words (spec 2 top bar and drawer; spec 5 PrintScreen). Quoted spec strings are exact. */
export const CUSTOMER_SHELL_TEXT = {
  notifications: 'Notifications',
  myAccount: 'My Account',
  accountInfo: 'Account Info',
  linkAnother: 'Link another Account',
  referrals: 'Refer and Earn',
  aboutApp: 'About App',
  privacyNotice: 'Privacy Notice',
  cookiePolicy: 'Cookie Policy',
  termsAndConditions: 'Terms and conditions',
  termsOfUse: 'Terms of Use',
  consent: 'Consent Management',
  logout: 'Logout',
  menu: 'Menu',
  darkTheme: 'Dark theme',
  lightTheme: 'Light theme',
  greeting: (givenName: string) => `Hi ${givenName || 'User'}`,
  dashboard: 'Dashboard',
  updateAccount: 'Update Account',
  planUpgrade: 'Plan Upgrade',
  // spec 2, Layout
  noAccountNumber: 'No account number available',
  noAccountHint: 'Prove that an account is yours to see its details here.',
  // spec 5
  noScreenshot: 'Could not capture screenshot.',
} as const
