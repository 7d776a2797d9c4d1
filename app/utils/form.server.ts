import { data } from '@remix-run/node'

/**
 * `request.formData()` throws on a body that is not a form (a JSON post, a broken
 * multipart): that is the sender's mistake, so it answers 415, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data({ message: 'The form could not be read. Please try again.' }, { status: 415 })
  }
}
