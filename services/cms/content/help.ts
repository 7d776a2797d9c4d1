/**
 * Starter help-centre content for a Philippine fibre provider (spec 1, help centre): the
 * questions subscribers ask most, answered the way a support desk would. `{product}` is
 * replaced by the product name when seeding. Figures come from the spec where it has them
 * (spec 9: payment channels, the internet banking charge, posting times); an operator
 * edits cms.help_entries for their own fees, hotline and office hours.
 *
 * Answers are plain text (cms/tables.ts, helpEntries): paragraphs split by a blank line,
 * lists as lines starting with "- " or "1. ".
 */

export type HelpCategorySeed = { id: string; name: string; description: string }
export type HelpEntrySeed = {
  id: string
  categoryId: string
  kind: 'faq' | 'article' | 'video'
  question: string
  answer: string
  featured?: boolean
}

export const helpCategorySeeds: HelpCategorySeed[] = [
  {
    id: 'internet-connection',
    name: 'Internet connection',
    description: 'No internet, slow speed, a red LOS light, dropping connections and outages.',
  },
  {
    id: 'wifi-and-modem',
    name: 'Wi-Fi and modem',
    description: 'Your Wi-Fi name and password, restarting the modem, its lights and Wi-Fi coverage.',
  },
  {
    id: 'bills-and-payments',
    name: 'Bills and payments',
    description: 'Reading your bill, due dates, where to pay, and payments that have not shown yet.',
  },
  {
    id: 'account-and-plan',
    name: 'Account and plan',
    description: 'Linking accounts, changing or upgrading your plan, and updating your details.',
  },
  {
    id: 'moving-and-relocation',
    name: 'Moving and relocation',
    description: 'Moving your service to a new address and what happens to your plan.',
  },
  {
    id: 'installation',
    name: 'Installation and new service',
    description: 'Applying, the installation visit and checking your application.',
  },
]

export const helpEntrySeeds: HelpEntrySeed[] = [
  // Internet connection
  {
    id: 'no-internet-los-red-light',
    categoryId: 'internet-connection',
    kind: 'faq',
    featured: true,
    question: 'My modem shows a red LOS light and there is no internet. What should I do?',
    answer: `LOS means "loss of signal": the modem is not receiving light from the fibre line. Your Wi-Fi may still show, but nothing will load.

1. Check the thin fibre cable from the wall box to the modem. It must not be bent sharply, pinched by furniture or a door, or pulled tight.
2. Make sure the small green connector is pushed fully into the modem's PON or OPTICAL port until it clicks. Do not clean or look into the end of the connector.
3. Turn the modem off, wait 30 seconds, and turn it on again. Give it two to three minutes.

If the LOS light is still red, the problem is on the line outside your home and needs a technician. File a concern under Technical > No internet connection (or a Repair request) from Help & Support while signed in, and we will check for an outage in your area first.`,
  },
  {
    id: 'slow-internet-speed',
    categoryId: 'internet-connection',
    kind: 'faq',
    featured: true,
    question: 'Why is my internet slow?',
    answer: `Most slow connections are caused by Wi-Fi, not by the fibre line. Before reporting, please try these:

- Restart the modem: turn it off for 30 seconds, then on again.
- Test the speed with a laptop connected to the modem by a LAN cable. If the cable test is fast, the fibre line is fine and the slowdown is in your Wi-Fi.
- Move closer to the modem, or connect to its 5 GHz network (its name often ends in "5G"), which is faster over short distances.
- Count the devices in use. Video streaming, downloads, game updates and CCTV cameras all share your plan's speed.
- Keep the modem in an open, central place, off the floor and away from the refrigerator, microwave oven and thick concrete walls.

Speeds are "up to" your plan's speed and are best over a cable. If a wired test is still far below your plan for a whole day, file a concern under Technical > Slow browsing and include your speed test results.`,
  },
  {
    id: 'intermittent-connection',
    categoryId: 'internet-connection',
    kind: 'faq',
    question: 'My connection keeps dropping. How do I fix it?',
    answer: `Watch the modem's lights while the connection drops.

- If LOS blinks red or PON blinks when it drops, the fibre signal is unstable: check the fibre cable for sharp bends and report it so a technician can measure the line.
- If the lights stay steady but your devices disconnect, it is a Wi-Fi problem: restart the modem, move it to a more open place, and forget and rejoin the Wi-Fi network on the affected device.

If it keeps happening, note the times it dropped and file a concern under Technical > Intermittent connection.`,
  },
  {
    id: 'outage-in-my-area',
    categoryId: 'internet-connection',
    kind: 'faq',
    question: 'How do I know if there is an outage in my area?',
    answer: `Sign in and open your dashboard. When there is a known outage in your area, it shows there with the cause and the estimated time service will be restored.

During an outage there is no need to file a concern: our team is already working on it. If your service is still down after the estimated restore time, restart your modem once and then file a concern.`,
  },
  {
    id: 'some-websites-not-loading',
    categoryId: 'internet-connection',
    kind: 'faq',
    question: 'Only some websites or apps do not load. Is my connection the problem?',
    answer: `If most sites work but one does not, the problem is usually with that site or app, or with your device.

- Try the same site on another device and on mobile data.
- Clear the browser's cache, or update the app.
- Restart the device and the modem.

If several popular sites fail on every device connected to your Wi-Fi, file a concern under Technical > Slow browsing and list the sites.`,
  },

  // Wi-Fi and modem
  {
    id: 'change-wifi-password',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    featured: true,
    question: 'How do I change my Wi-Fi name or password?',
    answer: `You can change them yourself from the modem's settings page.

1. Connect a phone or computer to your Wi-Fi (or to the modem by a LAN cable).
2. Open a browser and go to the address printed on the sticker under your modem (often 192.168.1.1).
3. Sign in with the user name and password on the same sticker.
4. Open WLAN or Wireless settings. Change the SSID (the network name) and the WPA key or password. Use at least 12 characters mixing letters and numbers.
5. Save. Every device disconnects and must join again with the new password.

Change the password if you think neighbours are using your Wi-Fi, and never share the modem's admin password.`,
  },
  {
    id: 'forgot-wifi-password',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    question: 'I forgot my Wi-Fi password. How do I find it?',
    answer: `If you never changed it, the Wi-Fi password is on the sticker under or behind your modem.

If you changed it and forgot it, connect a computer to the modem with a LAN cable, open the modem's settings page (the address on the sticker) and read or change the password under WLAN or Wireless settings.

A factory reset (holding the RESET button for 10 seconds) also brings back the sticker password, but it erases all your modem settings, so use it only as a last resort.`,
  },
  {
    id: 'restart-modem',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    featured: true,
    question: 'How do I restart my modem?',
    answer: `Restarting clears most slow or stuck connections.

- From your dashboard: sign in and use RESTART MODEM on the modem card. It takes a few minutes, and the result is shown there.
- At home: press the modem's POWER button (or unplug it), wait 30 seconds, then turn it on. Wait two to three minutes for the lights to settle.

Do not press RESET: that erases your Wi-Fi name, password and other settings.`,
  },
  {
    id: 'modem-lights',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    question: 'What do the lights on my modem mean?',
    answer: `Labels differ by model, but most fibre modems show:

- POWER: steady green when the modem is on.
- PON: steady when the modem is registered on the fibre network; blinking while it connects.
- LOS: off is good. Red or blinking red means no fibre signal (see "My modem shows a red LOS light").
- INTERNET: on when the internet connection is up.
- WLAN or 2.4G/5G: on when Wi-Fi is on; blinking when data is moving.
- LAN 1-4: on when a device is plugged into that port.`,
  },
  {
    id: 'wifi-weak-in-some-rooms',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    question: 'My Wi-Fi is weak in some rooms. What can I do?',
    answer: `Wi-Fi weakens through concrete walls, floors and metal.

- Place the modem high, in the middle of the home, not inside a cabinet.
- Use the 2.4 GHz network in far rooms (it reaches farther) and 5 GHz near the modem (it is faster).
- For a bigger home, a mesh Wi-Fi system or an access point connected by cable to the modem covers more rooms.

If you need the modem moved to another spot in your home, request it as an after-sales service (Modem relocation within the premises).`,
  },
  {
    id: 'device-cannot-connect-wifi',
    categoryId: 'wifi-and-modem',
    kind: 'faq',
    question: 'One of my devices cannot connect to the Wi-Fi.',
    answer: `1. On the device, forget the Wi-Fi network and join it again, typing the password carefully (it is case-sensitive).
2. Turn the device's Wi-Fi off and on, or restart the device.
3. Older devices may not see the 5 GHz network; join the 2.4 GHz one instead.
4. If no device can connect, restart the modem.`,
  },

  // Bills and payments
  {
    id: 'payment-channels',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    featured: true,
    question: 'Where and how can I pay my bill?',
    answer: `You can pay your {product} bill through any of these channels:

- Credit or debit card (Visa, MasterCard, JCB) on Pay Here or from your dashboard.
- Internet banking (a service charge of 15.00 pesos applies).
- Over the counter at partner banks.
- E-wallets.
- Authorized payment outlets (cash only, no checks).
- Pay via installer: cash paid at installation, for your first payment.

Always use your 13-digit account number as the reference so your payment is posted to the right account.`,
  },
  {
    id: 'payment-not-posted',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    featured: true,
    question: 'I already paid but my balance has not changed.',
    answer: `Card and e-wallet payments usually show quickly. Payments through banks, internet banking and outlets take 2-3 working days to post (up to 3 business days for some channels).

If it has been longer, keep your receipt or reference number and file a concern under Billing > Payment not posted. Include the amount, the date, the channel you used and the reference number.`,
  },
  {
    id: 'read-my-bill',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    question: 'How do I read my bill?',
    answer: `Your statement shows:

- Previous balance and the payments received since the last bill.
- Current charges: your monthly plan fee for the period, add-ons, and any one-time fees.
- Total amount due and the due date.

Your first bill may include a partial month (from your installation date) on top of the first full month. You can download statements for past months from your dashboard.`,
  },
  {
    id: 'download-statement',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    question: 'How do I get a copy of my statement of account?',
    answer: `Sign in, open your dashboard or Bill History, choose the month and download the statement as a PDF. Statements are available once the bill for that month has been issued.`,
  },
  {
    id: 'due-date-and-late-payment',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    question: 'When is my bill due, and what happens if I pay late?',
    answer: `The due date is on your statement and on your dashboard next to the amount due.

Pay on or before the due date, allowing for the 2-3 working days some channels need to post. An unpaid balance past the due date may lead to temporary disconnection; service is restored once the overdue amount is paid and posted.`,
  },
  {
    id: 'autopay',
    categoryId: 'bills-and-payments',
    kind: 'faq',
    question: 'Can my bill be paid automatically every month?',
    answer: `Yes. With AutoPay, your bill is charged to your enrolled card on its due date. Enrol from your dashboard under AutoPay; you can cancel it there at any time.`,
  },

  // Account and plan
  {
    id: 'link-another-account',
    categoryId: 'account-and-plan',
    kind: 'faq',
    question: 'How do I add another {product} account to my login?',
    answer: `Sign in, open My Account > Link another Account and enter the 13-digit account number. We send a one-time code to the mobile number or email registered on that account; enter it to prove the account is yours. The account then appears in your account list and you can switch between your accounts on the dashboard.`,
  },
  {
    id: 'upgrade-or-change-plan',
    categoryId: 'account-and-plan',
    kind: 'faq',
    featured: true,
    question: 'How do I upgrade or change my plan?',
    answer: `Browse the current plans on the Plans page to compare speeds and prices. To move your account to another plan, request it as an after-sales service (Change of plan) from Help & Support while signed in, for the account you want to change.

An upgrade usually takes effect without a technician visit. The new monthly fee is billed from the date the change takes effect, so your next bill may show part of the month at each rate.`,
  },
  {
    id: 'update-contact-details',
    categoryId: 'account-and-plan',
    kind: 'faq',
    question: 'How do I update my email or mobile number?',
    answer: `Open your Profile to change the email or mobile number you sign in with; a change goes through verification and can take up to 24 hours to show everywhere.

The contact details registered on your subscriber account (where your bills and one-time codes go) are changed by filing a concern under Account > Change of account information.`,
  },
  {
    id: 'disconnect-service',
    categoryId: 'account-and-plan',
    kind: 'faq',
    question: 'How do I stop my service?',
    answer: `File a concern under Account > Disconnection request for the account you want to end. Our team will contact you to confirm, tell you about any remaining balance or lock-in period, and arrange the return of the modem if needed.`,
  },

  // Moving and relocation
  {
    id: 'relocate-service',
    categoryId: 'moving-and-relocation',
    kind: 'faq',
    featured: true,
    question: 'I am moving. Can I bring my {product} service to my new address?',
    answer: `Yes, if fibre reaches your new address.

1. Check the new address on Check Availability first.
2. Sign in and request a Relocation (transfer of service) from Help & Support, for the account that is moving. Put the complete new address and your preferred move date in the details.
3. We will confirm the schedule. A technician installs the line at the new address; bring your modem with you.

Request it at least one to two weeks before you move. Your account number and billing stay the same.`,
  },
  {
    id: 'moving-keep-plan',
    categoryId: 'moving-and-relocation',
    kind: 'faq',
    question: 'Can I keep my plan when I move?',
    answer: `Usually yes: your plan moves with your account. If your plan is not offered at the new address, we will tell you which plans are available there before the move is scheduled. You can also ask for a change of plan at the same time; mention it in your relocation request.`,
  },
  {
    id: 'moving-not-serviceable',
    categoryId: 'moving-and-relocation',
    kind: 'faq',
    question: 'What if fibre is not yet available at my new address?',
    answer: `When Check Availability says your new address is not yet serviceable, leave your details in the form shown: we will email you once fibre reaches it. For your current account, file a concern under Account > Disconnection request or talk to us about your options; mention that you are moving to an area without coverage.`,
  },

  // Installation
  {
    id: 'installation-what-to-expect',
    categoryId: 'installation',
    kind: 'faq',
    question: 'What happens on installation day?',
    answer: `Someone of legal age must be home for the whole visit.

- The technician runs the fibre cable from the nearest network box to your home and mounts a small wall box inside.
- They set up the modem, connect it and test the speed with you.
- The visit usually takes two to four hours, depending on the distance and the building.

If you chose pay via installer, prepare the exact amount in cash.`,
  },
  {
    id: 'check-application-status',
    categoryId: 'installation',
    kind: 'faq',
    question: 'How do I check the status of my application?',
    answer: `Use Check Status on the home page with the reference number from your confirmation email. The page shows where your application is and whether any documents are still needed.`,
  },

  // Knowledge base
  {
    id: 'guide-better-wifi-at-home',
    categoryId: 'wifi-and-modem',
    kind: 'article',
    question: 'Getting the best Wi-Fi at home',
    answer: `Your fibre line brings the full speed of your plan to the modem; how much of it reaches your devices depends on Wi-Fi.

Where to put the modem: high, central and in the open. Every concrete wall or floor between the modem and your device costs speed. Avoid cabinets, the floor, and spots next to the refrigerator, microwave oven or aquarium.

Which network to use: the 5 GHz network is faster but reaches less far; use it in the same room or the next. The 2.4 GHz network reaches farther and through walls, but is slower and crowded in condominiums.

Use cables where you can: a smart TV, desktop computer or game console near the modem is faster and steadier on a LAN cable.

Keep it secure: change the default Wi-Fi password, and the modem's admin password if your model allows, so neighbours do not share your speed.

For bigger homes: a mesh Wi-Fi system or an access point connected by cable to the modem gives steady coverage on every floor.`,
  },
  {
    id: 'guide-internet-down-checklist',
    categoryId: 'internet-connection',
    kind: 'article',
    question: 'Internet down? A checklist before you report',
    answer: `Going through this list solves most problems, and if it does not, it gives our technicians what they need.

1. Check your dashboard for an outage in your area.
2. Look at the modem's lights. LOS red means no fibre signal; POWER off means a power problem (check the adapter and the outlet).
3. Check the fibre cable for sharp bends and make sure its connector is firmly in the modem.
4. Restart the modem and wait three minutes.
5. Try another device, and a LAN cable if you have one.
6. Still down? File a concern and say what the lights show and what you already tried.

Make sure your account has no overdue balance: a disconnected account shows normal lights but cannot browse.`,
  },
  {
    id: 'guide-understanding-your-bill',
    categoryId: 'bills-and-payments',
    kind: 'article',
    question: 'Understanding your first bill',
    answer: `Your first bill often looks higher than your plan's monthly fee. That is expected.

It covers two periods: the days from your installation date to the start of your billing cycle (charged for those days only), and the first full month of your plan, billed in advance.

One-time charges such as an installation fee, if your plan has one, also appear on the first bill. From the second bill on, you pay the monthly fee plus any add-ons.

If a charge still looks wrong, file a concern under Billing > Incorrect bill amount and name the charge.`,
  },

  // Videos: a link once the operator publishes the recording; the steps are here in words meanwhile.
  {
    id: 'video-restart-modem',
    categoryId: 'wifi-and-modem',
    kind: 'video',
    question: 'Video: restarting your modem the right way',
    answer: `Press the POWER button or unplug the modem, wait 30 seconds, and turn it on again. Wait two to three minutes until POWER and PON are steady and LOS is off. Never press the RESET button: it erases your Wi-Fi settings.`,
  },
  {
    id: 'video-change-wifi-password',
    categoryId: 'wifi-and-modem',
    kind: 'video',
    question: 'Video: changing your Wi-Fi name and password',
    answer: `Open the address on the sticker under your modem in a browser, sign in with the sticker's admin account, open WLAN settings, and change the SSID and WPA key. Save, then join the network again on every device.`,
  },
  {
    id: 'video-fibre-cable-care',
    categoryId: 'internet-connection',
    kind: 'video',
    question: 'Video: taking care of the fibre cable at home',
    answer: `The fibre cable carries light through glass thinner than a hair. Keep it free of sharp bends, do not staple or pinch it, and never pull its connector out of the modem. A bent or pinched cable makes the LOS light go red.`,
  },
]
