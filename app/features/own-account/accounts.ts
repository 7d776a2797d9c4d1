/** spec 3 (token claims): the default account number is the active one if it is in the list, else the first. */
export function defaultAccountNumber(
  accountNumbers: readonly string[],
  active: string | null | undefined,
): string | null {
  if (active && accountNumbers.includes(active)) return active
  return accountNumbers[0] ?? null
}
