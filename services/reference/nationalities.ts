// Filipino first: most applicants are citizens. "Other" lets anyone else apply.
export const NATIONALITIES = [
  'Filipino',
  'American',
  'Australian',
  'British',
  'Canadian',
  'Chinese',
  'Indian',
  'Indonesian',
  'Japanese',
  'Korean',
  'Malaysian',
  'Singaporean',
  'Taiwanese',
  'Thai',
  'Vietnamese',
  'Other',
] as const
