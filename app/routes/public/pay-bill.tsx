/** /payBill (spec 2, a public prefix; the landing's and footer's Pay Here): a guest's account number, then /payment/{accountNumber}. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { AccountNumberForm, PayLayout } from '~/features/payments/pay-pages'
import { payBillPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { PAY_STORES_PATH } from '~/features/stores/links'
import { AppLink } from '~/ui/app-link'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PAY_TEXT.guestTitle, PAY_TEXT.payDescription)

export function loader({ request }: LoaderFunctionArgs) {
  return payBillPage(request)
}

export default function PayBill() {
  const { accountNumber, error } = useLoaderData<typeof loader>()
  return (
    <PayLayout title={PAY_TEXT.guestTitle}>
      <p>{PAY_TEXT.guestIntro}</p>
      <AccountNumberForm accountNumber={accountNumber} error={error} />
      <p className="text-sm">
        <AppLink to={PAY_STORES_PATH} className="font-semibold underline">
          {PAY_TEXT.findPaymentCentre}
        </AppLink>
      </p>
      <p className="text-sm">
        {PAY_TEXT.signInInstead}{' '}
        <AppLink to="/login" className="font-semibold underline">
          {PAY_TEXT.signIn}
        </AppLink>
      </p>
    </PayLayout>
  )
}
