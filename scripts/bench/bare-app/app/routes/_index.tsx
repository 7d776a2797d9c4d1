import type { MetaFunction } from 'react-router'

export const meta: MetaFunction = () => [
  { title: 'New React Router App' },
  { name: 'description', content: 'Welcome to React Router!' },
]

export default function Index() {
  return (
    <main>
      <h1>Welcome to React Router</h1>
      <p>A bare page: the floor the portal's pages are measured against.</p>
    </main>
  )
}
