/** The words of /dev/ui, the UI kit's showcase page (DEV_UI). */
export const TEXT = {
  heading: 'UI kit',
  description: 'Every part of the UI kit, with its error states.',
  intro:
    'Every part of app/ui, as pages use it. Submit the form empty to see each field’s error from the server. This page exists only while DEV_UI is on.',
  themeNote: 'The parts follow the theme: switch it with the theme button in the header to see the other one.',
  stepperHeading: 'Stepper',
  stepperLabel: 'Application steps',
  steps: ['Location', 'Plan', 'Your details', 'Documents', 'Review'],
  formHeading: 'Form fields',
  fullName: 'Full name',
  fullNameHint: 'As on a government ID',
  province: 'Province',
  provincePlaceholder: 'Select a province',
  provinces: [
    { value: 'metro-manila', label: 'Metro Manila' },
    { value: 'cebu', label: 'Cebu' },
    { value: 'davao-del-sur', label: 'Davao del Sur' },
  ],
  locationType: 'Location type',
  locationTypes: [
    { value: 'house', label: 'House' },
    { value: 'condominium', label: 'Condominium' },
    { value: 'subdivision', label: 'Subdivision' },
  ],
  agree: 'I have read the Terms and Conditions',
  proof: 'Proof of billing',
  proofHint: 'PDF, JPG or PNG, up to 1 MB',
  mapLabel: 'Map of the installation address',
  pinLabel: 'Installation address pin',
  mapFallback: (lat: number, lng: number) =>
    `Pin at ${lat.toFixed(5)}, ${lng.toFixed(5)}. With JavaScript a map shows here, and the pin can be dragged.`,
  submit: 'SUBMIT',
  received: (file: string, bytes: number, lat: number, lng: number) =>
    `The form passed the server’s checks: ${file} (${bytes} bytes), the pin at ${lat}, ${lng}.`,
  dialogHeading: 'Dialog',
  openDialog: 'OPEN THE DIALOG',
  dialogTitle: 'Confirm your location',
  dialogMessage: 'Is the pin on the map where the fibre should be installed?',
  confirm: 'CONFIRM',
  confirmed: 'Location confirmed.',
}
