/** The UI kit's own words (docs/conventions.md, Names: user-facing words in one place per area). */
export const UI_TEXTS = {
  stepCompleted: 'completed',
  dialogClose: 'Close',
  uploadProgress: (name: string) => `Uploading ${name}`,
  uploadFailed: 'The upload did not finish. Please try again.',
}
