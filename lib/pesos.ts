/**
 * Peso amounts as people read them. Kept apart from lib/catalog.ts, whose Zod schemas
 * would otherwise come along into every page that shows a price (the JS budget).
 */

/** ₱1,699.00 style: grouped thousands and two decimals. */
export function formatPesos(pesos: number): string {
  const [whole, cents] = pesos.toFixed(2).split('.') as [string, string]
  return `₱${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
}
