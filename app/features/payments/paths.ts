/** Where the payment pages live (spec 2). */
export const PAY_BILL_PATH = '/payBill'
export const guestPayPath = (accountNumber: string) => `/payment/${accountNumber}`
export const guestStatusPath = (accountNumber: string, id: string) => `/payment/${accountNumber}/${id}`
export { payPath as customerPayPath } from '~/features/bills/paths'
export const CUSTOMER_FAILED_PATH = '/customer/payment-failed'
