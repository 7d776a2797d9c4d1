/**
 * /ApplyNow and its sub-paths (spec 2: a prefix route), where the landing page's and the
 * banners' Apply Now lead: the application at the visitor's next step (resumeApplication).
 */
import type { LoaderFunctionArgs } from 'react-router'
import { resumeApplication } from '~/features/apply/wizard.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return resumeApplication(visitOf(request, context))
}
