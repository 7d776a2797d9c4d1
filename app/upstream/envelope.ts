import { z } from 'zod'

// One wrapped schema per data schema: zod compiles an object schema on its first parse, so a
// schema made anew for every call would be compiled anew for every call (issue 8's profile).
const wrappedSchemas = new WeakMap<z.ZodType, z.ZodType>()

/** The reference upstream wraps data as `{ status: true, data }`; some real gateways answer bare. */
export function envelope<T>(data: z.ZodType<T>): z.ZodType<T> {
  const known = wrappedSchemas.get(data)
  if (known) return known as z.ZodType<T>
  const wrapped = z.object({ status: z.literal(true), data }).transform((body) => body.data as T)
  const schema = z.union([wrapped, data]) as unknown as z.ZodType<T>
  wrappedSchemas.set(data, schema)
  return schema
}
