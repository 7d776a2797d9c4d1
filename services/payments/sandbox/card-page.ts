/**
 * The sandbox's hosted card page for AutoPay (docs/decisions/0043): where PayMongo would
 * collect a card with PayMongo.js, the tester picks one of the test cards. Server-rendered,
 * no JavaScript needed: one form per test card and one to cancel. After a card is saved, a
 * page stands in for the bank's text message the cardholder gets, showing the verification
 * charge the customer then types in at the portal.
 */
import { escape, layout, pesos } from './page.ts'
import type { SandboxTestCard } from './test-cards.ts'

export const CARD_PAGE_LABELS = {
  cancel: 'Cancel',
  returnToMerchant: 'Return to the merchant',
} as const

/** The button that saves a test card: "Add Visa ending 4345", and what its charges do. */
export const cardButtonLabel = (card: SandboxTestCard) =>
  `Add ${card.brandName} ending ${card.last4}${card.note ? ` (${card.note})` : ''}`

export function cardFormPage(options: {
  base: string
  intentId: string
  cards: readonly SandboxTestCard[]
  description: string | null
  message?: string
}): string {
  const action = `${escape(options.base)}/cards/${escape(options.intentId)}`
  const form = (name: string, value: string, label: string, kind: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="${name}" value="${escape(value)}"><button type="submit" class="${kind}">${escape(label)}</button></form>`
  const cards = options.cards
    .map(
      (card) => `<li><span>${escape(card.brandName)} ${escape(card.number)}</span>
${form('card', card.number, cardButtonLabel(card), card.outcome === 'declined' ? 'fail' : 'pay')}</li>`,
    )
    .join('\n')
  return layout(
    'Add a card',
    options.base,
    `<h1>Add a card for automatic payments</h1>
${options.description ? `<p>${escape(options.description)}</p>` : ''}
<p>The gateway keeps your card; the merchant gets a token and the card's last four digits only.
To check that the card is yours, a small amount is charged now: your bank tells you how much,
you type it in at the merchant's site, and it is refunded.</p>
${options.message ? `<p class="message" role="status">${escape(options.message)}</p>` : ''}
<h2>Test cards</h2>
<ul class="lines">${cards}</ul>
<section aria-label="Leave">${form('outcome', 'cancel', CARD_PAGE_LABELS.cancel, 'cancel')}</section>`,
  )
}

/** After a card is saved: the bank's message to the cardholder, and the way back. */
export function cardSavedPage(options: {
  base: string
  brandName: string
  last4: string
  amountCentavos: number
  returnUrl: string
}): string {
  return layout(
    'Card added',
    options.base,
    `<h1>Card added</h1>
<section aria-labelledby="bank-notice">
<h2 id="bank-notice">Message from your bank</h2>
<p role="status">${escape(options.brandName)} ending ${escape(options.last4)}: a charge of <strong class="verification-amount">${pesos(options.amountCentavos)}</strong> from SANDBOX MERCHANT.</p>
</section>
<p>Type this amount in at the merchant's site to finish setting up automatic payments.</p>
<p><a href="${escape(options.returnUrl)}">${CARD_PAGE_LABELS.returnToMerchant}</a></p>`,
  )
}

export function cardPageClosed(base: string, returnUrl: string | null): string {
  return layout(
    'Card page closed',
    base,
    `<h1>This card page is closed</h1><p>A card was already added here.</p>${
      returnUrl ? `<p><a href="${escape(returnUrl)}">${CARD_PAGE_LABELS.returnToMerchant}</a></p>` : ''
    }`,
  )
}
