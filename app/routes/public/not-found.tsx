import { data } from '@remix-run/node'
import { NotFoundView } from '~/features/shell/error-views'

export async function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundView />
}
