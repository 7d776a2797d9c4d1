/**
 * The Wi-Fi page's forms (issue 18): the change (lib/wifi.ts's rules, one band or both, and
 * the customer's word that every device will be disconnected), and showing the passwords
 * (the portal password). One schema for the server and, once loaded, the browser.
 */
import { z } from 'zod'
import { changesSomething, WIFI_CHANGE_FIELDS, WIFI_TEXT } from '../../../lib/wifi'

export const CONFIRM_REQUIRED = 'Please confirm that every device will need the new settings to rejoin.'

export const WifiChangeFormSchema = z
  .object({
    ...WIFI_CHANGE_FIELDS,
    confirmDisconnect: z.boolean({ error: CONFIRM_REQUIRED }).refine((value) => value, { error: CONFIRM_REQUIRED }),
  })
  .refine(changesSomething, { error: WIFI_TEXT.nothingToChange, path: ['ssid'] })

export const WifiRevealFormSchema = z.object({
  password: z
    .string({ error: WIFI_TEXT.portalPasswordRequired })
    .min(1, { error: WIFI_TEXT.portalPasswordRequired })
    .max(200),
})
