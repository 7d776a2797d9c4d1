import type { TermsOfUse } from './types.ts'

/** Terms of use of the website itself (the subscription has its own terms and conditions). */
export const termsOfUse: TermsOfUse = {
  title: 'Terms of Use',
  last_updated_date: '2020-07-27',
  introduction:
    '<p>These terms govern your use of the {product} website and customer portal. By using the site you agree to them. Your fibre internet subscription is governed by our separate <a href="/terms-and-conditions">Terms and Conditions</a>.</p>',
  headingDescriptionList: [
    {
      heading: 'Use of the website',
      description:
        '<p>You may use this website to check availability, apply for a plan, manage your account and pay your bills. Use it only for lawful purposes and in a way that does not harm the site or other users.</p>',
    },
    {
      heading: 'Your account',
      description:
        '<p>Keep your password secret and do not let others use your account. You are responsible for what is done with it until you tell us it has been compromised. Tell us at once through <a href="/help">Help &amp; Support</a> if you suspect misuse.</p>',
    },
    {
      heading: 'Accurate information',
      description:
        '<p>Give true, complete and current information in your applications and forms. We may reject or cancel an application that contains false information.</p>',
    },
    {
      heading: 'Prohibited conduct',
      description:
        '<p>Do not:</p><ul><li>try to gain access to accounts or systems that are not yours;</li><li>upload files that contain malware or that you have no right to share;</li><li>use automated tools to scrape or overload the site; or</li><li>copy, change or pass off the site as your own.</li></ul>',
    },
    {
      heading: 'Intellectual property',
      description:
        '<p>The {product} name, logo, text and design of this website belong to us or our licensors. You may view and print pages for your personal use only.</p>',
    },
    {
      heading: 'Prices and availability',
      description:
        '<p>Plans, prices and promotions shown on the site may change without notice and depend on serviceability at your address. The price confirmed in your application is the one that applies to you.</p>',
    },
    {
      heading: 'Links to other websites',
      description:
        '<p>The site may link to websites of payment partners and others. We are not responsible for their content or their privacy practices.</p>',
    },
    {
      heading: 'Availability of the website',
      description:
        '<p>We aim to keep the site available at all times but may suspend it for maintenance or for reasons beyond our control. We are not liable for losses caused by the site being unavailable.</p>',
    },
    {
      heading: 'Changes to these terms',
      description:
        '<p>We may update these terms from time to time. The version on this page is the one that applies when you use the site.</p>',
    },
    {
      heading: 'Governing law',
      description: '<p>These terms are governed by the laws of the Republic of the Philippines.</p>',
    },
  ],
}
