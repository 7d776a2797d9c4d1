import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'New Remix App' },
  { name: 'description', content: 'Welcome to Remix!' },
]

export default function Index() {
  return (
    <main>
      <h1>Welcome to Remix</h1>
      <p>A bare page: the floor the portal's pages are measured against.</p>
    </main>
  )
}
