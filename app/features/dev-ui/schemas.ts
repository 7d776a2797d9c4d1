/** The showcase form of /dev/ui: one schema, the action's and Conform's (docs/conventions.md, Forms). */
import { z } from 'zod'
import { TEXT } from './texts'

// The server's messages, beside the schema (as lib/identity-schemas keeps the account forms'):
// the screen never shows them unless the server or Conform reports them.
const MESSAGES = {
  required: 'This field is required',
  fullNameTooLong: 'At most 60 characters',
  chooseProvince: 'Select a province',
  chooseLocationType: 'Select a location type',
  mustAgree: 'Tick the box to go on',
  chooseFile: 'Choose a file',
  fileTooLarge: 'The file is larger than 1 MB',
  fileType: 'Only PDF, JPG or PNG',
  badPosition: 'The pin is not on the map',
}

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png']
export const PROOF_MAX_BYTES = 1_000_000

const values = (options: Array<{ value: string }>) => options.map((option) => option.value) as [string, ...string[]]

export const UiKitSchema = z.object({
  fullName: z.string({ error: MESSAGES.required }).trim().max(60, { error: MESSAGES.fullNameTooLong }),
  province: z.enum(values(TEXT.provinces), { error: MESSAGES.chooseProvince }),
  locationType: z.enum(values(TEXT.locationTypes), { error: MESSAGES.chooseLocationType }),
  agree: z.boolean({ error: MESSAGES.mustAgree }),
  proof: z
    .file({ error: MESSAGES.chooseFile })
    .max(PROOF_MAX_BYTES, { error: MESSAGES.fileTooLarge })
    .mime(PROOF_TYPES, { error: MESSAGES.fileType }),
  latitude: z.number({ error: MESSAGES.badPosition }).min(-90).max(90),
  longitude: z.number({ error: MESSAGES.badPosition }).min(-180).max(180),
})
