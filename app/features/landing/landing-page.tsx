import { StatusLookupForm } from '~/features/application-status/lookup-form'
import { TEXT as STATUS_TEXT } from '~/features/application-status/texts'
import { AppLink } from '~/ui/app-link'
import type { ReactNode } from 'react'
import { RichText } from '~/features/legal/rich-text'
import { buttonClass } from '~/ui/button'
import { formatPesos } from '../../../lib/pesos'
import {
  APPLICATION_STAGES,
  ENTRY_PLAN_MONTHLY_FEE,
  LANDING_LINKS,
  PAYMENT_CHANNELS,
  type LandingFocus,
} from './landing'
import type { LandingData } from './landing.server'

export function LandingPage({ landing, productName }: { landing: LandingData; productName: string }) {
  const [hero, ...promotions] = landing.banners
  const sections: { id: LandingFocus; node: ReactNode }[] = [
    { id: 'check-availability', node: <CheckAvailability productName={productName} /> },
    { id: 'apply-now', node: <ApplyNow /> },
    { id: 'pay-bill', node: <PayBill /> },
    { id: 'check-status', node: <CheckStatus /> },
  ]
  // The alias's own section comes first, right under the hero, and stands out.
  const ordered = landing.focus
    ? [...sections.filter((s) => s.id === landing.focus), ...sections.filter((s) => s.id !== landing.focus)]
    : sections

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-slate-800 dark:text-orange-300">
              Plans from {formatPesos(ENTRY_PLAN_MONTHLY_FEE)} a month
            </p>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl md:text-5xl dark:text-white">
              {hero?.title ?? `${productName} fibre internet`}
            </h1>
            {hero ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{hero.text}</p> : null}
            <div className="mt-6 flex flex-wrap gap-3">
              <AppLink to={LANDING_LINKS.checkAvailability} className={buttonClass('primary')}>
                Check Availability
              </AppLink>
              <AppLink to={LANDING_LINKS.applyNow} className={buttonClass('secondary')}>
                Apply Now
              </AppLink>
              <AppLink to={LANDING_LINKS.payBill} className={buttonClass('secondary')}>
                Pay Here
              </AppLink>
            </div>
          </div>
          {landing.image ? (
            <img
              src={landing.image.src}
              alt={landing.image.alt}
              width={landing.image.width}
              height={landing.image.height}
              className="mx-auto h-auto w-full max-w-md"
            />
          ) : null}
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
        {ordered.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            data-focused={section.id === landing.focus ? 'true' : undefined}
            className={`scroll-mt-20 rounded-2xl border p-6 ${
              section.id === landing.focus
                ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600 md:col-span-2 dark:border-orange-300 dark:bg-slate-900 dark:ring-orange-300'
                : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
            }`}
          >
            {section.node}
          </section>
        ))}
      </div>

      {promotions.length > 0 ? (
        <section aria-labelledby="promotions-title" className="mx-auto max-w-6xl px-4 py-6">
          <h2 id="promotions-title" className="sr-only">
            Why {productName}
          </h2>
          <ul className="grid gap-6 md:grid-cols-2">
            {promotions.map((banner) => (
              <li key={banner.id} className="rounded-2xl bg-slate-900 p-6 text-white dark:bg-slate-800">
                <h3 className="text-xl font-bold">{banner.title}</h3>
                <p className="mt-2 text-slate-200">{banner.text}</p>
                {banner.link ? (
                  <AppLink
                    to={banner.link.href}
                    className="mt-4 inline-block font-semibold text-orange-300 underline underline-offset-4"
                  >
                    {banner.link.label}
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {landing.footers.length > 0 ? (
        <section aria-label={`About ${productName}`} className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
          {landing.footers.map((item, index) => (
            <div key={index}>
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">{item.heading}</h2>
              <RichText html={item.html} className="mt-2" />
            </div>
          ))}
        </section>
      ) : null}
    </>
  )
}

function SectionTitle({ id, children }: { id: LandingFocus; children: ReactNode }) {
  return (
    <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 dark:text-white">
      {children}
    </h2>
  )
}

function CheckAvailability({ productName }: { productName: string }) {
  return (
    <>
      <SectionTitle id="check-availability">Check availability</SectionTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Enter your address and pin your home on the map. We tell you right away if {productName} fibre reaches it.
      </p>
      <AppLink to={LANDING_LINKS.checkAvailability} className={buttonClass('primary', 'mt-4')}>
        Check Availability
      </AppLink>
    </>
  )
}

function ApplyNow() {
  return (
    <>
      <SectionTitle id="apply-now">Apply online in five steps</SectionTitle>
      <ol className="mt-4 space-y-3">
        {APPLICATION_STAGES.map((stage, index) => (
          <li key={stage.name} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span>
              <strong className="block text-slate-900 dark:text-white">{stage.name}</strong>
              <span className="text-sm text-slate-600 dark:text-slate-400">{stage.detail}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <AppLink to={LANDING_LINKS.applyNow} className={buttonClass('primary')}>
          Apply Now
        </AppLink>
        <AppLink
          to={LANDING_LINKS.plans}
          className="font-semibold text-brand-700 underline underline-offset-4 dark:text-orange-300"
        >
          See plans from {formatPesos(ENTRY_PLAN_MONTHLY_FEE)} a month
        </AppLink>
      </div>
    </>
  )
}

function PayBill() {
  return (
    <>
      <SectionTitle id="pay-bill">Pay your bill</SectionTitle>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {PAYMENT_CHANNELS.map((channel) => (
          <li key={channel.name}>
            <strong className="block text-slate-900 dark:text-white">{channel.name}</strong>
            <span className="text-sm text-slate-600 dark:text-slate-400">{channel.detail}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Payments reflect on your account within 3 business days.
      </p>
      <AppLink to={LANDING_LINKS.payBill} className={buttonClass('primary', 'mt-4')}>
        Pay Here
      </AppLink>
    </>
  )
}

function CheckStatus() {
  // issue 10: /check-status leads to the status form (reference number and email or mobile).
  return (
    <>
      <SectionTitle id="check-status">Already applied?</SectionTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Follow your application from verification to installation. {STATUS_TEXT.lookupIntro}
      </p>
      <StatusLookupForm idPrefix="landing-status" />
    </>
  )
}
