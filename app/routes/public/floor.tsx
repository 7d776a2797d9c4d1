/** The framework floor for `npm run bench`: the cheapest page this process can serve. */
export const handle = { bare: true }

export default function Floor() {
  return <p>ok</p>
}
