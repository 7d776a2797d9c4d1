/**
 * The GenieACS model map (issue 36, item 3): each unit a modem may report converted to dBm
 * and °C, implausible readings refused, which entry a device gets, and the built-in map
 * itself: valid, every path sourced, and small enough to leave room for an operator's file.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  MODEL_MAP_FILE_MAX_PATHS,
  MODEL_MAP_MAX_PATHS,
  ModelEntrySchema,
  parseModelMap,
  type ModelEntry,
} from '../../lib/genieacs-model-map.ts'
import {
  BUILT_IN_MODELS,
  modelFor,
  modelMap,
  readingPaths,
  STANDARD_RX_POWER,
  STANDARD_TEMPERATURE,
  toCelsius,
  toDbm,
} from './genieacs-models.ts'

const device = (manufacturer: string, productClass: string, oui = '000000') => ({
  _deviceId: { _Manufacturer: manufacturer, _OUI: oui, _ProductClass: productClass },
})

describe('converting what a modem reports', () => {
  it('reads dBm as a number or a string, with or without its unit', () => {
    expect(toDbm(-19.8, 'dBm')).toBe(-19.8)
    expect(toDbm('-21.30', 'dBm')).toBe(-21.3)
    expect(toDbm('-23 dBm', 'dBm')).toBe(-23)
    expect(toDbm('', 'dBm')).toBeNull()
    expect(toDbm('N/A', 'dBm')).toBeNull()
    expect(toDbm(null, 'dBm')).toBeNull()
  })

  it("converts TR-181's thousandths of a dBm and the power units to dBm", () => {
    expect(toDbm(-20150, 'dBm/1000')).toBe(-20.15)
    // 110 tenths of a microwatt = 0.011 mW = 10·log10(0.011) = -19.586 dBm.
    expect(toDbm(110, '0.1uW')).toBe(-19.59)
    expect(toDbm('2876', '0.1uW')).toBe(-5.41)
    expect(toDbm(10, 'uW')).toBe(-20)
    expect(toDbm(0.5, 'mW')).toBe(-3.01)
    // No light: no level at all, not -Infinity.
    expect(toDbm(0, '0.1uW')).toBeNull()
  })

  it('takes dBm or tenths of a microwatt by the sign, for a family whose firmware changed units', () => {
    expect(toDbm(-18.42, 'dBm-or-0.1uW')).toBe(-18.42)
    expect(toDbm('-18.42', 'dBm-or-0.1uW')).toBe(-18.42)
    expect(toDbm(110, 'dBm-or-0.1uW')).toBe(-19.59)
    expect(toDbm(0, 'dBm-or-0.1uW')).toBeNull()
  })

  it('refuses a level no fibre gives: a wrong unit or a sentinel', () => {
    // TR-181's lowest code, and a microwatt figure read as dBm.
    expect(toDbm(-65536, 'dBm/1000')).toBeNull()
    expect(toDbm(2876, 'dBm')).toBeNull()
    expect(toDbm(-65, 'dBm')).toBeNull()
  })

  it('reads °C, 1/256 °C (SFF-8472), or either by size; refuses no reading (-274) and nonsense', () => {
    expect(toCelsius('47', 'celsius')).toBe(47)
    expect(toCelsius(11520, 'celsius/256')).toBe(45)
    expect(toCelsius(11509, 'celsius-or-celsius/256')).toBe(45)
    expect(toCelsius(44, 'celsius-or-celsius/256')).toBe(44)
    expect(toCelsius(-274, 'celsius')).toBeNull()
    expect(toCelsius(11520, 'celsius')).toBeNull()
  })
})

describe('choosing the entry for a device', () => {
  const models = modelMap()
  const id = (document: Record<string, unknown>) => modelFor(models, document)?.id ?? null

  it('by manufacturer or OUI, and the model when the entry names one', () => {
    expect(id(device('Huawei Technologies Co., Ltd', 'HG8145V5'))).toBe('huawei-echolife-gpon')
    expect(id(device('', 'EG8145V5', '00259E'))).toBe('huawei-echolife-gpon')
    expect(id(device('ZTE', 'F670L'))).toBe('zte-zxhn-f6xx')
    expect(id(device('ZTE', 'ZXHN F670L'))).toBe('zte-zxhn-f6xx')
    // A model the family does not cover, and a make the map does not know.
    expect(id(device('ZTE', 'ZXHN H199A'))).toBeNull()
    expect(id(device('Huawei', 'WS5200'))).toBeNull()
    expect(id(device('Acme', 'ONT-1'))).toBeNull()
  })

  it('prefers an entry naming the model over one for the whole make, and the configured over the built-in', () => {
    const make: ModelEntry = {
      id: 'zte-any',
      name: 'Any ZTE',
      match: { manufacturer: ['zte'] },
      rxPower: [],
      temperature: [],
      source: 'test',
    }
    const configured = modelMap([make])
    expect(modelFor(configured, device('ZTE', 'F670L'))?.id).toBe('zte-zxhn-f6xx')
    expect(modelFor(configured, device('ZTE', 'ZXHN H199A'))?.id).toBe('zte-any')
    const replaced = modelMap([{ ...BUILT_IN_MODELS[1]!, name: 'Replaced' }])
    expect(replaced.filter((model) => model.id === 'zte-zxhn-f6xx').map((model) => model.name)).toEqual(['Replaced'])
  })
})

describe('the built-in map', () => {
  it('is a valid map whose every path says where it comes from', () => {
    for (const model of BUILT_IN_MODELS) {
      expect(ModelEntrySchema.safeParse(model).success).toBe(true)
      for (const reading of [...model.rxPower, ...model.temperature]) expect(reading.source).toMatch(/https:\/\//)
    }
    for (const reading of [...STANDARD_RX_POWER, ...STANDARD_TEMPERATURE]) expect(reading.source).toMatch(/https:\/\//)
    expect(parseModelMap(JSON.stringify({ models: BUILT_IN_MODELS }))).toMatchObject({ ok: true })
  })

  it('is what docs/configuration.md gives as the example file, path for path and unit for unit', () => {
    const docs = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8')
    const section = docs.slice(docs.indexOf('### The GenieACS model map'))
    const example = /```json\n([\s\S]*?)```/.exec(section)![1]!
    const parsed = parseModelMap(example)
    if (!parsed.ok) throw new Error(parsed.problem)
    const shape = (models: readonly ModelEntry[]) =>
      models.map(({ id, match, rxPower, temperature }) => ({
        id,
        match,
        readings: [...rxPower, ...temperature].map(({ path, unit }) => [path, unit]),
      }))
    expect(shape(parsed.models)).toEqual(shape(BUILT_IN_MODELS))
  })

  it("leaves room in the projection for the largest operator's file", () => {
    expect(readingPaths(modelMap()).length + MODEL_MAP_FILE_MAX_PATHS).toBeLessThanOrEqual(MODEL_MAP_MAX_PATHS)
  })
})

describe('a model map file', () => {
  const entry = {
    id: 'acme-ont',
    name: 'Acme ONT',
    match: { manufacturer: ['Acme'] },
    rxPower: [{ path: 'InternetGatewayDevice.WANDevice.1.X_ACME_Pon.RxPower', unit: 'dBm' }],
    source: 'https://example.com/acme-tr069.pdf',
  }
  const problem = (file: unknown) => {
    const parsed = parseModelMap(typeof file === 'string' ? file : JSON.stringify(file))
    return parsed.ok ? 'accepted' : parsed.problem
  }

  it('is accepted with its defaults, and refused saying what is wrong where', () => {
    expect(parseModelMap(JSON.stringify({ models: [entry] }))).toEqual({
      ok: true,
      models: [{ ...entry, temperature: [] }],
    })
    expect(problem('{ models: [')).toMatch(/^is not JSON/)
    expect(problem({ models: [{ ...entry, rxPower: [{ ...entry.rxPower[0], unit: 'dB' }] }] })).toMatch(
      /^models\.0\.rxPower\.0\.unit /,
    )
    expect(problem({ models: [{ ...entry, rxPower: [{ path: 'WANDevice.*.RxPower', unit: 'dBm' }] }] })).toMatch(
      /concrete parameter path/,
    )
    expect(problem({ models: [{ ...entry, match: {} }] })).toMatch(/must name a manufacturer or an OUI/)
    expect(problem({ models: [entry, entry] })).toMatch(/different id/)
    expect(problem({ models: [{ ...entry, sourcee: 'typo' }] })).toMatch(/^models\.0 /)
    const many = Array.from({ length: 9 }, (_, n) => ({
      ...entry,
      id: `acme-${n}`,
      rxPower: [1, 2, 3, 4].map((i) => ({ path: `Device.X_ACME.P${n}.R${i}`, unit: 'dBm' })),
    }))
    expect(problem({ models: many })).toMatch(/names 36 parameter paths; at most 32/)
  })
})
