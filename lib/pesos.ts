/**
 * Money as people read it: the one money formatter of the portal, its emails and its PDFs
 * (docs/conventions.md, One of each), '₱1,699.00': English as the Philippines writes it
 * (en-PH), Philippine pesos, grouped thousands and always the centavos. Kept apart from
 * lib/catalog.ts, whose Zod schemas would otherwise come along into every page that shows a
 * price (the JS budget).
 */

let symbol: Intl.NumberFormat | undefined
let code: Intl.NumberFormat | undefined

/**
 * '₱1,699.00' (a negative amount '-₱1,000.00'). `{ code: true }` writes 'PHP 1,699.00' for
 * the PDFs, whose standard fonts have no peso sign.
 */
export function formatPesos(pesos: number, options: { code?: boolean } = {}): string {
  // Whole centavos, and never '-₱0.00'.
  const amount = Math.round(pesos * 100) / 100 || 0
  if (!options.code) {
    symbol ??= new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' })
    return symbol.format(amount)
  }
  code ??= new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', currencyDisplay: 'code' })
  // ICU puts a no-break space after the code; a PDF's text reads better with a plain one.
  return code.format(amount).replace(/\u00a0/g, ' ')
}
