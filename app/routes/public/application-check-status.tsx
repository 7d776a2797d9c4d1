import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

// spec 2: application status lives on the legacy site.
export async function loader({ context }: LoaderFunctionArgs) {
  return redirect(context.config.LEGACY_STATUS_URL, 302)
}
