import { z } from 'zod'

// spec 5 (email field rules): the same messages as every other email field.
export const LoginSchema = z.object({
  email: z
    .string({ error: 'This field required' })
    .trim()
    .min(1, 'This field required')
    .max(400, 'Input limit exceeded')
    .pipe(z.email({ error: 'Invalid email format' })),
  password: z.string({ error: 'This field required' }).min(1, 'This field required').max(1024, 'Input limit exceeded'),
})
