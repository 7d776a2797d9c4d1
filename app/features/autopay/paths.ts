/** Where AutoPay lives (spec 2). */
export const AUTOPAY_PATH = '/customer/auto-pay'
