/** /referral/winback/success (spec 2, 4): an unauthenticated referral's end. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { ButtonLink } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.winbackSuccessTitle, TEXT.winbackBody)

export function loader({ request }: LoaderFunctionArgs) {
  return { notServiceable: new URL(request.url).searchParams.get('outcome') === 'not-serviceable' }
}

export default function WinbackSuccess() {
  const { notServiceable } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.winbackSuccessHeading}</h1>
      <p>{notServiceable ? TEXT.winbackSuccessNotServiceable : TEXT.winbackSuccessBody}</p>
      <div>
        <ButtonLink to="/">{TEXT.done}</ButtonLink>
      </div>
    </section>
  )
}
