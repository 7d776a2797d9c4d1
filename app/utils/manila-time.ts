/** When something happened, as the sales and Wi-Fi screens show it: "Nov 23, 2026, 3:04 PM", Philippine time. */
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' })

export const manilaTime = (iso: string) => WHEN.format(new Date(iso))
