/** The referral pages' addresses (spec 2). */
export const REFERRALS_PATH = '/customer/referrals'
export const REFERRALS_SUCCESS_PATH = '/customer/referrals/success'
export const REFERRALS_FAILED_PATH = '/customer/referrals/failed'
export const REFERRAL_PUBLIC_PATH = '/referral'
export const WINBACK_PAGE_PATH = '/referral/winback'
export const WINBACK_SUCCESS_PATH = '/referral/winback/success'
