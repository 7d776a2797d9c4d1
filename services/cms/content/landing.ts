import type { Banner, Footers, LandingImage } from './types.ts'

export const banners: Banner[] = [
  {
    id: 'fibre-for-every-home',
    title: 'Fibre internet for every Filipino home',
    text: 'Unlimited fibre with no data cap, from ₱888.00 a month. See if {product} reaches your street in under a minute.',
    link: { label: 'Check Availability', href: '/CheckAvailability' },
  },
  {
    id: 'apply-online',
    title: 'Apply online, no branch visit',
    text: 'Choose your plan, upload a valid ID and submit. Our installer calls you to schedule a visit.',
    link: { label: 'Apply Now', href: '/ApplyNow' },
  },
  {
    id: 'pay-your-way',
    title: 'Pay your bill your way',
    text: 'Card, internet banking, e-wallets, over the counter, or AutoPay so you never miss a due date.',
    link: { label: 'Pay Here', href: '/payBill' },
  },
]

export const footers: Footers = {
  headingDescriptionList: [
    {
      heading: 'About {product}',
      description:
        '<p>{product} builds fibre-to-the-home internet for households and small businesses across the Philippines: unlimited data, fast installation and local customer care.</p>',
    },
    {
      heading: 'Customer care',
      description:
        '<p>Questions about your bill, your connection or your application? Visit <a href="/help">Help &amp; Support</a>, open every day from 8:00 AM to 10:00 PM.</p>',
    },
  ],
}

/** Served from public/, so the CSP's img-src 'self' allows it. */
export const landingImage: LandingImage = {
  src: '/landing-hero.svg',
  alt: 'A home connected to the fibre network, with Wi-Fi reaching a phone and a laptop',
  width: 480,
  height: 310,
}
