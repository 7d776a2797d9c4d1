/**
 * The sandbox's hosted checkout page (docs/decisions/0042): server-rendered HTML that works
 * without JavaScript. For each payment method the merchant offered, a plain form to pay and
 * one to fail the payment; one form to cancel. Styles come from the sandbox's own stylesheet
 * (the portal's CSP allows 'self' and no inline style).
 */
import { formatPesos } from '../../../lib/pesos.ts'
import { TEST_MODE_NOTICE } from '../../../lib/test-mode.ts'
import type { SandboxPayment, SandboxSessionAttributes } from './tables.ts'

const METHOD_NAMES: Record<string, string> = {
  card: 'Card',
  gcash: 'GCash',
  paymaya: 'Maya',
  grab_pay: 'GrabPay',
  qrph: 'QR Ph',
  dob: 'Online banking',
  billease: 'BillEase',
}

export const methodName = (code: string) => METHOD_NAMES[code] ?? code

export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export const pesos = (centavos: number) => formatPesos(centavos / 100)

export type PageSession = {
  id: string
  status: 'active' | 'paid' | 'expired'
  attributes: SandboxSessionAttributes
  payments: SandboxPayment[]
}

export function layout(title: string, base: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | Payment sandbox</title>
<link rel="stylesheet" href="${escape(base)}/checkout.css">
</head>
<body>
<header><p class="brand">PayMongo sandbox</p><p class="note">${TEST_MODE_NOTICE}</p></header>
<main>
${body}
</main>
</body>
</html>`
}

export function checkoutPage(session: PageSession, base: string, message?: string): string {
  const { attributes } = session
  const total = attributes.line_items.reduce((sum, item) => sum + item.amount * item.quantity, 0)
  const lines = attributes.line_items
    .map((item) => `<li><span>${escape(item.name)}</span> <span>${pesos(item.amount * item.quantity)}</span></li>`)
    .join('\n')
  const summary = `<h1>Pay ${pesos(total)}</h1>
${attributes.description ? `<p>${escape(attributes.description)}</p>` : ''}
${attributes.reference_number ? `<p>Reference: <strong>${escape(attributes.reference_number)}</strong></p>` : ''}
<ul class="lines">${lines}</ul>
${message ? `<p class="message" role="status">${escape(message)}</p>` : ''}`

  if (session.status === 'paid') {
    return layout(
      'Paid',
      base,
      `${summary}<p role="status">This checkout is paid.</p><p><a href="${escape(attributes.success_url)}">Return to the merchant</a></p>`,
    )
  }
  if (session.status === 'expired') {
    return layout(
      'Expired',
      base,
      `${summary}<p role="status">This checkout has expired.</p><p><a href="${escape(attributes.cancel_url)}">Return to the merchant</a></p>`,
    )
  }
  const action = `${escape(base)}/checkout/${escape(session.id)}`
  const form = (outcome: string, method: string | null, label: string, kind: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}">${
      method ? `<input type="hidden" name="method" value="${escape(method)}">` : ''
    }<button type="submit" class="${kind}">${escape(label)}</button></form>`
  const methods = attributes.payment_method_types
    .map(
      (code) => `<section aria-labelledby="method-${escape(code)}">
<h2 id="method-${escape(code)}">${escape(methodName(code))}</h2>
<div class="actions">
${form('pay', code, `Pay ${pesos(total)} with ${methodName(code)}`, 'pay')}
${form('fail', code, `Fail the ${methodName(code)} payment`, 'fail')}
</div>
</section>`,
    )
    .join('\n')
  return layout(
    'Checkout',
    base,
    `${summary}
<p>Choose how the tester's payment ends.</p>
${methods}
<section aria-label="Leave">${form('cancel', null, 'Cancel payment', 'cancel')}</section>`,
  )
}

export function notFoundPage(base: string): string {
  return layout(
    'Not found',
    base,
    '<h1>No such checkout</h1><p>The link is wrong or the checkout no longer exists.</p>',
  )
}

export const STYLESHEET = `body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
header{background:#0f766e;color:#fff;padding:.75rem 1.5rem}header p{margin:0}.brand{font-weight:700}.note{font-size:.875rem}
main{max-width:36rem;margin:1.5rem auto;background:#fff;padding:1.5rem;border-radius:.5rem}
h1{margin-top:0}.lines{list-style:none;padding:0}.lines li{display:flex;justify-content:space-between;border-bottom:1px solid #e2e8f0;padding:.25rem 0}
section{margin-top:1.25rem}.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;padding:.6rem 1rem;border-radius:.375rem;border:1px solid #334155;cursor:pointer}
.pay{background:#0f766e;color:#fff;border-color:#0f766e}.fail{background:#fff;color:#b91c1c;border-color:#b91c1c}.cancel{background:#fff;color:#0f172a}
.message{background:#fef3c7;padding:.5rem}a{color:#0f766e}`
