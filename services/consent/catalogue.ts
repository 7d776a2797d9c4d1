/**
 * The consents a subscriber manages at /consent (spec 1 "manage consent"; spec 5's submit
 * consents: email/SMS notifications and newsletters; the privacy notice's "with your consent
 * only, tell you about offers and new products"). Only processing that rests on consent is
 * listed: what the subscription itself needs rests on the contract and the law (privacy
 * notice, "What is the legal basis"), so there is nothing there to withdraw
 * (docs/decisions/0040). Shared by the service and the portal (lib/consents.ts re-exports).
 */
export const CONSENT_NAMES = ['marketing_offers', 'newsletters', 'email_notifications', 'sms_notifications'] as const
export type ConsentName = (typeof CONSENT_NAMES)[number]

export const CONSENT_STATES = ['given', 'withdrawn'] as const
export type ConsentState = (typeof CONSENT_STATES)[number]

/** The channels a notification consent covers (services/reminders sends only on those given). */
export const NOTIFICATION_CONSENTS = {
  email: 'email_notifications',
  sms: 'sms_notifications',
} as const satisfies Record<string, ConsentName>

export type ConsentDefinition = { name: ConsentName; title: string; purpose: string }

/** In the order the page shows them. `{product}` is the product name. */
export const CONSENTS: readonly ConsentDefinition[] = [
  {
    name: 'marketing_offers',
    title: 'Offers and new products',
    purpose:
      'We tell you about {product} offers, promos and new products by email, SMS and phone, using your name and contact details.',
  },
  {
    name: 'newsletters',
    title: 'Newsletters',
    purpose: 'We send you the {product} newsletter by email: tips, service news and stories from our community.',
  },
  {
    name: 'email_notifications',
    title: 'Email notifications',
    purpose:
      'We send bill reminders, outage and maintenance notices to your email address. Payment receipts and messages about your account’s security come either way, as do notifications in the portal.',
  },
  {
    name: 'sms_notifications',
    title: 'SMS notifications',
    purpose:
      'We send bill reminders, outage and maintenance notices by SMS to your mobile number. Codes you ask for come either way, as do notifications in the portal.',
  },
]
