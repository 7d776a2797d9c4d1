import { z } from 'zod'

/** The reference upstream wraps data as `{ status: true, data }`; some real gateways answer bare. */
export function envelope<T>(data: z.ZodType<T>): z.ZodType<T> {
  const wrapped = z.object({ status: z.literal(true), data }).transform((body) => body.data as T)
  return z.union([wrapped, data]) as unknown as z.ZodType<T>
}
