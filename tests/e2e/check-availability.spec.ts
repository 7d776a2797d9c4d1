/**
 * /CheckAvailability (issue 8; spec 2, 4, 5, 8): the visitor's first step, with and
 * without JavaScript, against the demo coverage (services/coverage/seed.ts). Personal
 * data of step 1 never reaches browser storage or a URL: each journey records every URL
 * the browser asked for and reads the storage at its end.
 */
import {
  chooseAddress,
  choose,
  chooseLocationType,
  completeStepOne,
  MAKATI,
  detailsField,
  fillDetails,
  person,
  expectNoPersonalDataInBrowser,
  recordUrls,
} from './support/check-availability'
import { DEMO, signIn } from './support/account'
import { FAULTS_URL } from './support/servers'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('a serviceable building: details, address, the building pin, and the serviceable popup leads to the plans', async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('building')
  const urls = recordUrls(page)
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await expect(page.getByTestId('zip-code')).not.toHaveText('—')
  await chooseLocationType(page, javaScriptEnabled, 'Building')
  await expect(page.getByText("The map is disabled and you can't move the map point.")).toBeVisible()
  const building = page.getByRole('combobox', { name: 'Building', exact: true })
  await building.selectOption({ label: 'Demo Makati Tower' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  // spec 2: the building's pin, read-only.
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)
  await expect(page.getByLabel('Latitude')).toHaveAttribute('readonly', '')
  const check = page.getByRole('button', { name: 'CHECK SERVICEABILITY' })
  if (javaScriptEnabled) {
    // With JavaScript the map shows the pin on the building, on the offline coastline
    // (spec 9: a 292 px map, a 25 px marker).
    const pin = page.getByAltText('Your home')
    await expect(pin).toBeVisible()
    expect((await pin.boundingBox())?.width).toBe(25)
    expect((await page.locator('.leaflet-container').boundingBox())?.height).toBe(292)
    await expect(page.locator('.leaflet-overlay-pane path').first()).toBeAttached()
    // spec 5: the button is disabled while the check runs, and says so (the answer held here until seen).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/CheckAvailability(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await check.click()
    await expect(page.getByRole('button', { name: 'Checking…' })).toBeDisabled()
    release()
  } else {
    await check.click()
  }
  const popup = page.getByRole('dialog', { name: 'Good news! Fibre is available at your address.' })
  await expect(popup).toBeVisible()
  await expect(popup.getByRole('link', { name: 'START APPLICATION' })).toHaveAttribute('href', '/plans')
  await expectNoPersonalDataInBrowser(page, who, urls)
})

test('a serviceable subdivision: the visitor confirms the pin, then the serviceable popup', async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('subdivision')
  const urls = recordUrls(page)
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'San Lorenzo')
  await chooseLocationType(page, javaScriptEnabled, 'Subdivision')
  await expect(page.getByText('Drag the pin to your exact location on the map.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Subdivision', exact: true }).selectOption({ label: 'Demo Makati Village' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)

  // The pin demo opened on its own (chooseLocationType closed it); the link opens it again.
  await page.getByRole('link', { name: 'See how to pin your location' }).click()
  const demo = page.getByRole('dialog', { name: 'How to pin your location' })
  await expect(demo).toBeVisible()
  await demo.getByRole('link', { name: 'Close' }).click()
  await expect(demo).toBeHidden()

  await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm your location' })
  await expect(confirm.getByText('Do you confirm that this is your exact location?')).toBeVisible()
  await confirm.getByRole('button', { name: 'YES' }).click()
  await expect(page.getByRole('dialog', { name: 'Good news! Fibre is available at your address.' })).toBeVisible()
  await expectNoPersonalDataInBrowser(page, who, urls)
})

test('a non-serviceable address ends in a filed lead, told what happens next', async ({ page, javaScriptEnabled }) => {
  const who = person('lead')
  const urls = recordUrls(page)
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await chooseLocationType(page, javaScriptEnabled, 'Building')
  await page.getByRole('combobox', { name: 'Building', exact: true }).selectOption({ label: 'Demo Makati Residences' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)
  await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()

  const popup = page.getByRole('dialog', { name: 'Fibre is not available at your address yet' })
  await expect(popup).toBeVisible()
  // spec 5: name, mobile and email read-only from step 1.
  await expect(popup.getByLabel('Full name')).toHaveValue(`${who.firstName} ${who.lastName}`.toUpperCase())
  await expect(popup.getByLabel('Full name')).toHaveAttribute('readonly', '')
  await expect(popup.getByLabel('Email address')).toHaveValue(who.email)
  const additional = popup.getByLabel('Additional mobile number')
  await expect(popup.getByText('Optional', { exact: true })).toBeVisible()
  await additional.fill('12345')
  if (javaScriptEnabled) {
    // spec 5: submit disabled until valid; the message beside the field once it is left.
    await expect(popup.getByRole('button', { name: 'SUBMIT' })).toBeDisabled()
    await additional.blur()
  } else {
    await popup.getByRole('button', { name: 'SUBMIT' }).click()
  }
  await expect(page.getByText('Please provide valid mobile number')).toBeVisible()
  await page.getByLabel('Additional mobile number').fill('9181234567')
  await page.getByRole('button', { name: 'SUBMIT' }).click()

  const thanks = page.getByRole('dialog', { name: 'Thank you!' })
  await expect(thanks).toBeVisible()
  await expect(thanks.getByText(/we will email you once/)).toBeVisible()
  await expect(thanks.getByText(/^Your reference: /)).toBeVisible()
  await expectNoPersonalDataInBrowser(page, who, urls)
})

// spec 5, step 1: each message word for word for a bad value, and the other values kept.
const BAD_VALUES: { field: keyof typeof detailsField; value: string; message: string }[] = [
  { field: 'firstName', value: '', message: 'Please enter first name' },
  { field: 'firstName', value: 'Liza2', message: 'Invalid first name' },
  { field: 'lastName', value: '', message: 'Please enter last name' },
  { field: 'lastName', value: 'Ramos--Cruz', message: 'Invalid last name' },
  { field: 'firstName', value: 'L'.repeat(51), message: 'Input limit exceeded' },
  { field: 'lastName', value: 'R'.repeat(51), message: 'Input limit exceeded' },
  { field: 'mobile', value: '', message: 'This field required' },
  { field: 'mobile', value: '7171234567', message: 'Invalid mobile number' },
  { field: 'email', value: '', message: 'This field required' },
  { field: 'email', value: 'liza@', message: 'Invalid email format' },
  { field: 'email', value: `${'l'.repeat(389)}@example.net`, message: 'Input limit exceeded' },
]

test("step 1 says each of spec 5's messages for a bad value and keeps the other values; Continue needs the consent", async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('messages')
  const urls = recordUrls(page)
  await page.goto('/CheckAvailability')
  for (const { field, value, message } of BAD_VALUES) {
    await fillDetails(page, who)
    await detailsField[field](page).fill(value)
    if (javaScriptEnabled) {
      // spec 5: the consent waits for valid details; the field's message shows once it is left.
      await expect(detailsField.consent(page)).toBeDisabled()
      await detailsField[field](page).blur()
    } else {
      await page.getByRole('button', { name: 'Continue' }).click()
    }
    await expect(page.getByText(message, { exact: true }), `${field} = ${JSON.stringify(value)}`).toBeVisible()
    for (const other of ['firstName', 'lastName', 'email'] as const) {
      if (other !== field) await expect(detailsField[other](page)).toHaveValue(new RegExp(who[other], 'i'))
    }
    if (field !== 'mobile') {
      // As typed, or as the form shows it: (9XX) XXX XXXX.
      const mobile = who.mobile.replace(/^(\d{3})(\d{3})(\d{4})$/, '\\(?$1\\)? ?$2 ?$3')
      await expect(detailsField.mobile(page)).toHaveValue(new RegExp(`^${mobile}$`))
    }
  }
  await fillDetails(page, who)
  if (javaScriptEnabled) {
    await expect(detailsField.consent(page)).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
  } else {
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Please agree to the Privacy Notice to continue')).toBeVisible()
  }
  // spec 5: names upper-cased.
  await detailsField.consent(page).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(detailsField.lastName(page)).toHaveValue(who.lastName.toUpperCase())
  await expect(detailsField.mobile(page)).toHaveValue(/\(917\) \d{3} \d{4}/)
  await expectNoPersonalDataInBrowser(page, who, urls)
})

test('a mobile number written as people write it is taken as its ten digits (issue 33)', async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('typed')
  const shown = `(${who.mobile.slice(0, 3)}) ${who.mobile.slice(3, 6)} ${who.mobile.slice(6)}`
  await page.goto('/CheckAvailability')
  await fillDetails(page, who)
  const mobile = detailsField.mobile(page)
  if (javaScriptEnabled) {
    // Typed key by key with the trunk 0: the form shows (9XX) XXX XXXX and keeps every digit.
    await mobile.fill('')
    await mobile.pressSequentially(`0${who.mobile.slice(0, 3)} ${who.mobile.slice(3, 6)} ${who.mobile.slice(6)}`)
    await expect(mobile).toHaveValue(shown)
  } else {
    await mobile.fill(`+63 ${who.mobile.slice(0, 3)}-${who.mobile.slice(3, 6)}-${who.mobile.slice(6)}`)
  }
  await detailsField.consent(page).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible()
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(detailsField.mobile(page)).toHaveValue(shown)
})

test('changing the province after choosing a barangay clears the municipality, barangay, location type, place and pin; a reload keeps the details', async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('clearing')
  const urls = recordUrls(page)
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await chooseLocationType(page, javaScriptEnabled, 'Building')
  await page.getByRole('combobox', { name: 'Building', exact: true }).selectOption({ label: 'Demo Makati Tower' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)

  // The draft keeps step 1 and the choices across a reload.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue(/.+/)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(detailsField.email(page)).toHaveValue(who.email)
  await page.getByRole('button', { name: 'Continue' }).click()

  // NCR has one province: choosing none, then it again, changes the province twice.
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ index: 0 })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('combobox', { name: 'Municipality/City' })).toHaveValue('')
  await choose(page, javaScriptEnabled, 'Province', MAKATI.province)
  await expect(page.getByRole('combobox', { name: 'Municipality/City' })).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue('')
  await expect(page.getByRole('radio', { name: 'Building', exact: true })).not.toBeChecked()
  await expect(page.getByRole('radiogroup', { name: 'Location type' })).toBeDisabled()
  await expect(page.getByRole('combobox', { name: 'Building', exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Latitude')).toHaveCount(0)
  // No pin: the map (with JavaScript) has no marker, the text without it says so.
  if (javaScriptEnabled) await expect(page.getByAltText('Your home')).toHaveCount(0)
  else await expect(page.getByText('No pin yet', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'CHECK SERVICEABILITY' })).toBeEnabled({
    enabled: !javaScriptEnabled,
  })
  if (!javaScriptEnabled) {
    // Without JavaScript the server refuses the incomplete check, with a message, choices kept.
    await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()
    await expect(page.getByText('Please complete your address and pin before checking.')).toBeVisible()
    await expect(page.getByText('Please select a municipality or city')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Province' })).toHaveValue('000')
  }
  await expectNoPersonalDataInBrowser(page, who, urls)
})

test('a home in no list: the visitor chooses Others, puts the pin on the home and checks it', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const who = person('others')
  const urls = recordUrls(page)
  // Beside the demo tower in Bel-Air, where the demo network has free ports.
  const home = { latitude: 14.5531, longitude: 121.0352 }
  // With JavaScript the browser's position puts the pin (spec 7, geolocation).
  if (javaScriptEnabled) {
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation(home)
  }
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await chooseLocationType(page, javaScriptEnabled, 'Building')
  // "Address not found" never ends the journey: the list says where to go instead.
  await expect(
    page.getByText('Not in the list? Choose Others and put the pin on your home: we check the exact spot.'),
  ).toBeVisible()
  await chooseLocationType(page, javaScriptEnabled, 'Others')
  await expect(page.getByLabel('Building or subdivision')).toBeDisabled()
  await expect(page.getByLabel('Building or subdivision')).toHaveValue('None')
  const latitude = page.getByRole('group', { name: 'COORDINATES' }).getByLabel('Latitude')
  if (javaScriptEnabled) {
    await expect(latitude).toHaveValue(/^14\.5531/)
    await expect(latitude).toHaveAttribute('readonly', '')
    // The map has come to rest on the pin; the visitor drags it a little north, the coordinates follow.
    await expect(page.locator('.leaflet-container')).toHaveAttribute('data-center', '14.553100,121.035200')
    const marker = page.getByAltText('Your home')
    await marker.scrollIntoViewIfNeeded()
    const box = (await marker.boundingBox())!
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x, y - 12, { steps: 6 })
    await page.mouse.up()
    await expect(latitude).not.toHaveValue(/^14\.5531/)
    await expect(latitude).toHaveValue(/^14\.55\d+/)
  } else {
    // Without the map the visitor types the coordinates their phone's map app shows.
    await latitude.fill(String(home.latitude))
    await page.getByRole('group', { name: 'COORDINATES' }).getByLabel('Longitude').fill(String(home.longitude))
  }
  await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()
  await page.getByRole('dialog', { name: 'Confirm your location' }).getByRole('button', { name: 'YES' }).click()
  await expect(page.getByRole('dialog', { name: 'Good news! Fibre is available at your address.' })).toBeVisible()
  await expectNoPersonalDataInBrowser(page, who, urls)
})

test("a check that fails says 'Some error occured' beneath the button and keeps every choice", async ({
  page,
  javaScriptEnabled,
}) => {
  // The faults portal's coverage service fails the check of a visitor named UNAVAILABLE.
  const who = { ...person('failing'), lastName: 'Unavailable' }
  await page.goto(`${FAULTS_URL}/CheckAvailability`)
  await fillDetails(page, who)
  await detailsField.consent(page).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await chooseLocationType(page, javaScriptEnabled, 'Building')
  const building = page.getByRole('combobox', { name: 'Building', exact: true })
  await building.selectOption({ label: 'Demo Makati Tower' })
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)

  const check = page.getByRole('button', { name: 'CHECK SERVICEABILITY' })
  await check.click()
  await expect(page.getByText('Some error occured', { exact: true })).toBeVisible()
  await expect(check).toHaveAccessibleDescription('Some error occured')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue('80300002')
  await expect(page.getByRole('radio', { name: 'Building', exact: true })).toBeChecked()
  await expect(building).toHaveValue('DEMO-B-80300-1')
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)
})

test('a sales agent, checking as AGT-0001, types the coordinates of a home that is in no list and files its lead', async ({
  page,
  javaScriptEnabled,
}) => {
  await signIn(page, DEMO.agent)
  await expect(page).toHaveURL('/sales')
  const who = person('agent')
  await completeStepOne(page, who)
  await expect(page.getByText('Checking as sales agent AGT-0001')).toBeVisible()
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  await chooseLocationType(page, javaScriptEnabled, 'Others')
  // spec 2: Others shows a disabled 'None' field; the agent types the pin under COORDINATES.
  await expect(page.getByLabel('Building or subdivision')).toBeDisabled()
  const coordinates = page.getByRole('group', { name: 'COORDINATES' })
  await coordinates.getByLabel('Latitude').fill('14.542176')
  await coordinates.getByLabel('Longitude').fill('121.024328')
  await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()
  await page.getByRole('dialog', { name: 'Confirm your location' }).getByRole('button', { name: 'YES' }).click()

  const popup = page.getByRole('dialog', { name: 'Fibre is not available at your address yet' })
  await expect(popup).toBeVisible()
  await popup.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible()
})
