import { ButtonLink } from '~/ui/button'

export default function Landing() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-extrabold">Fibre internet for your home and business</h1>
      <ButtonLink to="/check-availability">Check Availability</ButtonLink>
    </section>
  )
}
