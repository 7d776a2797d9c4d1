/**
 * /leave-application (spec 2; issue 33): HELP & SUPPORT during onboarding asks first. The
 * page a browser without JavaScript shows for the question a dialog asks with it
 * (app/features/shell/leave-application.ts).
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { backToApplication, HELP_PATH, LEAVE_APPLICATION_TEXT as TEXT } from '~/features/shell/leave-application'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.title, TEXT.question),
  { name: 'robots', content: 'noindex' },
]

export function loader({ request }: LoaderFunctionArgs) {
  return { back: backToApplication(new URL(request.url).searchParams.get('back')) }
}

export default function LeaveApplication() {
  const { back } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{TEXT.title}</h1>
      <p>{TEXT.question}</p>
      <p className="text-slate-600 dark:text-slate-300">{TEXT.kept}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <AppLink to={back} className={buttonClass('primary')}>
          {TEXT.back}
        </AppLink>
        <AppLink to={HELP_PATH} className={buttonClass('secondary')}>
          {TEXT.goToHelp}
        </AppLink>
      </div>
    </section>
  )
}
