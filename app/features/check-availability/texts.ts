/**
 * What /CheckAvailability says (spec 2, 4, 5, 8). Strings in quotes in the spec are word
 * for word, spelling kept ('Some error occured', 'loading...'); the rest is ours.
 */
export const CHECK_TEXT = {
  title: 'Check Availability',
  description: 'Check whether our fibre reaches your home: your details, then your address and pin on the map.',
  heading: 'Check availability',
  stepsLabel: 'Serviceability check steps',
  stepDetails: 'Personal details',
  stepAddress: 'Address',

  // Step 1 (spec 2, 5)
  detailsIntro: 'Tell us who you are, so we can reach you about fibre at your address.',
  firstName: 'First name',
  lastName: 'Last name',
  mobileNumber: 'Mobile number',
  mobileHint: 'Format (9XX) XXX XXXX',
  email: 'Email address',
  consentBefore: 'I have read and agree to the ',
  consentLink: 'Privacy Notice',
  consentAfter: '.',
  consentLabel: 'I have read and agree to the Privacy Notice.',
  consentHint: 'Fill in your details above first.',
  continue: 'Continue',
  back: 'Back',

  // Step 2 (spec 2, 4, 5)
  addressIntro: 'Choose your address, then put the pin on your home.',
  region: 'Region',
  province: 'Province',
  municipality: 'Municipality/City',
  barangay: 'Barangay',
  selectRegion: 'Select a region',
  selectProvince: 'Select a province',
  selectMunicipality: 'Select a municipality or city',
  selectBarangay: 'Select a barangay',
  update: 'Update',
  updateHint: 'After choosing, press Update to load the next list.',
  locationType: 'Location type',
  locationTypeHint: 'Choose a barangay first.',
  locationTypes: { Subdivision: 'Subdivision', Building: 'Building', Others: 'Others' },
  building: 'Building',
  subdivision: 'Subdivision',
  selectBuilding: 'Select a building',
  selectSubdivision: 'Select a subdivision',
  none: 'None',
  noneLabel: 'Building or subdivision',
  placeNotListed: 'Not in the list? Choose Others and put the pin on your home: we check the exact spot.',
  zipCode: 'Zip code',
  zipCodeUnknown: 'Not known for this barangay',
  coordinates: 'COORDINATES',
  latitude: 'Latitude',
  longitude: 'Longitude',
  coordinatesHint: 'Decimal degrees, for example 14.599512 and 120.984222.',
  visitorCoordinatesHint:
    'Without the map, type your home’s coordinates (from your phone’s map app), or choose your building or subdivision.',
  mapLabel: 'Map of your location',
  pinLabel: 'Your home',
  buildingMapNote: "The map is disabled and you can't move the map point.",
  subdivisionMapNote: 'Drag the pin to your exact location on the map.',
  othersMapNote: 'Drag the pin to your exact location on the map.',
  demoVideoLink: 'See how to pin your location',
  mapFallback: (lat: string, lng: string) => `Pin at latitude ${lat}, longitude ${lng}.`,
  mapNoPin: 'No pin yet: choose a building or subdivision, or type the coordinates.',
  search: 'Search for your address',
  searchPlaceholder: 'Barangay, subdivision or building',
  searchLoading: 'loading...', // spec 2
  searchEmpty: 'No address found', // spec 2
  useMyLocation: 'Use my location',
  checkServiceability: 'CHECK SERVICEABILITY',
  checking: 'Checking…',
  checkError: 'Some error occured', // spec 8, spelling kept

  // spec 5: what CHECK SERVICEABILITY waits for, said when a submission lacks it.
  required: {
    region: 'Please select a region',
    province: 'Please select a province',
    municipality: 'Please select a municipality or city',
    barangay: 'Please select a barangay',
    locationType: 'Please select a location type',
    building: 'Please select a building',
    subdivision: 'Please select a subdivision',
    pin: 'Please pin your location on the map',
    latitude: 'Please enter the latitude',
    longitude: 'Please enter the longitude',
  },
  incomplete: 'Please complete your address and pin before checking.',
  latitudeInvalid: 'Latitude is a number from -90 to 90',
  longitudeInvalid: 'Longitude is a number from -180 to 180',
  choiceUnknown: 'That choice is no longer in the list. Please choose again.',

  // Popups (spec 2)
  confirmTitle: 'Confirm your location',
  confirmQuestion: 'Do you confirm that this is your exact location?', // spec 2
  no: 'NO',
  yes: 'YES',
  pinDemoTitle: 'How to pin your location',
  pinDemoSteps: [
    'Zoom in on the map until you can see your street.',
    'Press and hold the pin, then drag it onto the roof of your home.',
    'Let go, check the coordinates under the map, then press CHECK SERVICEABILITY.',
  ],
  pinDemoNoScript: 'Without the map, type the coordinates your phone’s map app shows for your home.',
  serviceableTitle: 'Good news! Fibre is available at your address.',
  serviceableBody: 'Choose a plan and apply online: your details and address are kept for the application.',
  startApplication: 'START APPLICATION',
  notServiceableTitle: 'Fibre is not available at your address yet',
  notServiceableBody:
    'Leave your details and we will email you when our fibre reaches your pin. We do not have a date yet, and we will not call you to sell anything else.',
  fullName: 'Full name',
  leadMobile: 'Mobile number',
  leadEmail: 'Email address',
  additionalMobile: 'Additional mobile number',
  optional: 'Optional', // spec 5
  leadMobileInvalid: 'Please provide valid mobile number', // spec 5
  leadEmailInvalid: 'Please enter valid email', // spec 5
  submitLead: 'SUBMIT',
  leadFiledTitle: 'Thank you!',
  leadFiledBody:
    'We have your details. When our fibre reaches your pin, we will email you once at the address you gave, and you can apply then. Nothing else happens until then.',
  leadReference: (leadId: string) => `Your reference: ${leadId}`,
  done: 'DONE',
  agentNote: (agentCode: string) => `Checking as sales agent ${agentCode}: checks and leads carry your agent code.`,
  unknownAction: 'That action is not available. Please try again.',
  stepOneFirst: 'Please fill in your personal details first.',
} as const

/**
 * The same screen in a referral (issue 15; spec 2: the serviceable popup's submit-referral
 * button in a referral flow). Our words: the spec shows none.
 */
export const REFERRAL_CHECK_TEXT = {
  refer: {
    title: 'Refer a friend',
    heading: 'Refer a friend',
    stepDetails: 'Your friend',
    detailsIntro: 'Your friend’s name, mobile number and email: we send them your invitation, and nothing else.',
    consentLabel: 'My friend agreed that we may contact them about fibre, as our Privacy Notice describes.',
    consentRequired: 'Please confirm that your friend agreed to be contacted',
    addressIntro: 'Choose your friend’s address, then put the pin on their home.',
    serviceableTitle: 'Good news! Fibre is available at your friend’s address.',
    serviceableBody: 'Submit the referral: we email your friend your invitation to apply.',
    notServiceableTitle: 'Fibre is not available at your friend’s address yet',
    notServiceableBody:
      'You can still submit the referral. We record it as not serviceable and email your friend once when our fibre reaches their pin; your reward counts if they apply then.',
  },
  winback: {
    title: 'Win Back: check availability',
    heading: 'Welcome back: check availability',
    stepDetails: 'Your details',
    detailsIntro: 'Tell us who you are, so we can reach you about coming back to fibre at your address.',
    consentLabel: CHECK_TEXT.consentLabel,
    consentRequired: 'Please agree to the Privacy Notice to continue',
    addressIntro: 'Choose your address, then put the pin on your home.',
    serviceableTitle: CHECK_TEXT.serviceableTitle,
    serviceableBody: 'Send us your Win Back request: we call you to set up your return and its welcome-back offer.',
    notServiceableTitle: CHECK_TEXT.notServiceableTitle,
    notServiceableBody:
      'Send us your Win Back request all the same: we record it and email you once when our fibre reaches your pin.',
  },
  submitReferral: 'SUBMIT REFERRAL',
  submitWinback: 'SEND MY WIN BACK REQUEST',
  additionalMobile: 'Additional mobile number',
} as const
