import type { WifiBand } from '../../../lib/wifi'

/** '2.4GHz' as people write it (lib/wifi.ts has the same for the server; this file stays free of zod for the page's JS). */
export const bandLabel = (band: WifiBand) => band.replace('GHz', ' GHz')

/** The Wi-Fi page's words (issue 18; the spec shows none, so they are ours; the rules' messages are lib/wifi.ts's). */
export const WIFI_PAGE_TEXT = {
  title: 'Wi-Fi',
  description: 'Your Wi-Fi networks, their names and passwords, and the devices connected.',
  intro: 'Your modem’s Wi-Fi networks. Changes go to the modem, which applies them in about a minute.',
  back: 'Back to the dashboard',
  noAccount: 'Link your account to see its Wi-Fi.',
  offline: 'Your modem is offline now: what it showed last is below, and changes wait until it is back.',
  networksHeading: 'Networks',
  bandSteered: 'both bands (band steering)',
  band: 'Band',
  name: 'Name',
  security: 'Security',
  state: 'State',
  on: 'On',
  off: 'Off',
  devices: 'Devices connected',
  password: 'Password',
  hidden: 'Hidden',
  revealHeading: 'Show the Wi-Fi passwords',
  revealIntro: 'To show the passwords, enter your portal password: it proves it is you.',
  portalPassword: 'Your portal password',
  reveal: 'SHOW PASSWORDS',
  notTold: 'Your modem does not tell it',
  changeHeading: 'Change the name or password',
  changeIntro: 'Leave a field empty to keep it as it is.',
  whichNetwork: 'Network to change',
  newName: 'New network name',
  newNameHint: '1 to 32 bytes: most letters and digits are one byte, ñ and accented letters two, an emoji four.',
  newPassword: 'New password',
  newPasswordHint: '8 to 63 characters: letters, digits, spaces and keyboard symbols.',
  confirmDisconnect:
    'I understand that every device on this network will be disconnected and must join again with the new name or password.',
  change: 'CHANGE WI-FI',
  changesLeft: (left: number) =>
    left === 1
      ? 'You can change the Wi-Fi once more this hour.'
      : `You can change the Wi-Fi ${left} more times this hour.`,
  noChangesLeft: 'You have made 3 changes this hour. Please try again later.',
  changeHeadingLatest: 'Your last change',
  requested: (at: string, what: string) =>
    `${what}, asked at ${at}: the modem is applying it. Every device will then have to join again.`,
  done: (at: string, what: string) => `${what}: applied at ${at}. Join your devices again with the new settings.`,
  failed: (what: string, why: string) => `${what}: not applied. ${why}`,
  what: (name: boolean, password: boolean) =>
    name && password ? 'New name and password' : name ? 'New network name' : 'New password',
  refresh: 'REFRESH',
  sent: 'Your change was sent to the modem.',
  hostsHeading: 'Connected devices',
  hostsNone: 'No device is connected right now.',
  host: 'Device',
  unnamed: 'Unnamed device',
  connection: 'Connection',
  wired: 'Cable',
  signal: 'Signal',
  since: 'Connected since',
  notFound: 'That modem is not yours.',
} as const
