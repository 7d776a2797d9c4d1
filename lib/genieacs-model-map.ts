/**
 * The GenieACS model map's shape (issue 36, item 3): for a manufacturer, and optionally its
 * models, which TR-069 parameters hold the optical receive power and the temperature, and in
 * what unit each is reported. The built-in map (services/devices/genieacs-models.ts) ships two
 * documented fibre ONT families; `GENIEACS_MODEL_MAP` names a JSON file of the same shape,
 * checked here at start (lib/env.ts): its entries are tried first, and one with a built-in
 * entry's id replaces it (docs/configuration.md, docs/operations.md "Adding a modem model").
 */
import { z } from 'zod'

/**
 * How a modem reports its optical receive power:
 * - `dBm`: dBm, as a number or a string ("-19.59", "-19.59 dBm");
 * - `dBm/1000`: thousandths of a dBm (TR-181's Dbm1000, Device.Optical.Interface.{i}.OpticalSignalLevel);
 * - `0.1uW`: tenths of a microwatt, i.e. 0.0001 mW (dBm = 10·log10(value × 0.0001));
 * - `uW`, `mW`: microwatts, milliwatts;
 * - `dBm-or-0.1uW`: a firmware family that changed units: a value of 0 or less is dBm, a
 *   positive one tenths of a microwatt (a received level is always below 0 dBm).
 */
export const RX_POWER_UNITS = ['dBm', 'dBm/1000', '0.1uW', 'uW', 'mW', 'dBm-or-0.1uW'] as const
/**
 * How a modem reports a temperature: `celsius`; `celsius/256`, SFF-8472's 1/256 °C steps (a
 * transceiver's raw reading); `celsius-or-celsius/256`, 1/256 °C when the value is 150 or more.
 */
export const TEMPERATURE_UNITS = ['celsius', 'celsius/256', 'celsius-or-celsius/256'] as const

export type RxPowerUnit = (typeof RX_POWER_UNITS)[number]
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number]

/**
 * The most parameter paths a modem reading's projection may ask for, built-in and configured
 * together (it rides in the request's URL), and the most a configured file may name.
 */
export const MODEL_MAP_MAX_PATHS = 48
export const MODEL_MAP_FILE_MAX_PATHS = 32

/** A concrete parameter path (instance numbers, no wildcards): GenieACS projects exactly these. */
const parameterPath = z
  .string()
  .max(200)
  .regex(/^(InternetGatewayDevice|Device)(\.[A-Za-z0-9_-]+)+$/, {
    message: "must be a concrete parameter path such as 'InternetGatewayDevice.WANDevice.1.X_…'",
  })
const source = z.string().trim().min(1).max(1000)

function readings<const Units extends readonly [string, ...string[]]>(units: Units) {
  return z
    .array(z.strictObject({ path: parameterPath, unit: z.enum(units), source: source.optional() }))
    .max(4)
    .default([])
}

export const ModelEntrySchema = z.strictObject({
  /** Unique; an entry in the file with a built-in entry's id replaces it. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'must be lower-case letters, digits and dashes' }),
  name: z.string().trim().min(1).max(100),
  /**
   * Which devices: DeviceID.Manufacturer containing one of `manufacturer` (any case), or
   * DeviceID.OUI one of `oui`; and, when `productClass` is given, DeviceID.ProductClass or the
   * ModelName starting with one of them (any case).
   */
  match: z
    .strictObject({
      manufacturer: z.array(z.string().trim().min(1).max(100)).max(10).optional(),
      oui: z
        .array(z.string().regex(/^[0-9A-Fa-f]{6}$/, { message: 'must be 6 hexadecimal digits' }))
        .max(20)
        .optional(),
      productClass: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
    })
    .refine((match) => Boolean(match.manufacturer?.length || match.oui?.length), {
      message: 'must name a manufacturer or an OUI',
    }),
  /** Tried in order; the first that gives a plausible value wins, then the standard paths. */
  rxPower: readings(RX_POWER_UNITS),
  temperature: readings(TEMPERATURE_UNITS),
  /** Where the paths and units come from (a URL, or repository and path). */
  source,
})

export type ModelEntry = z.infer<typeof ModelEntrySchema>

export const ModelMapFileSchema = z
  .strictObject({ models: z.array(ModelEntrySchema).min(1).max(32) })
  .refine((file) => new Set(file.models.map((model) => model.id)).size === file.models.length, {
    message: 'must give each model a different id',
    path: ['models'],
  })

/** Every parameter path a list of entries names. */
export function pathsOfModels(models: readonly ModelEntry[]): string[] {
  return [...new Set(models.flatMap((model) => [...model.rxPower, ...model.temperature].map((r) => r.path)))]
}

/**
 * Reads a model map file's text: its entries, or one line saying what is wrong (the first
 * problem, with where it is in the file).
 */
export function parseModelMap(text: string): { ok: true; models: ModelEntry[] } | { ok: false; problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: `is not JSON (${(error as Error).message})` }
  }
  const parsed = ModelMapFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length ? issue.path.join('.') : 'the file'
    return { ok: false, problem: `${where} ${issue.message}` }
  }
  const paths = pathsOfModels(parsed.data.models).length
  if (paths > MODEL_MAP_FILE_MAX_PATHS)
    return { ok: false, problem: `names ${paths} parameter paths; at most ${MODEL_MAP_FILE_MAX_PATHS}` }
  return { ok: true, models: parsed.data.models }
}
