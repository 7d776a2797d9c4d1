import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'env-test-'))

/** What a production deployment on Postgres must give (docs/configuration.md, What production requires). */
const DEPLOYMENT = {
  UPSTREAM_SECRET: 'u'.repeat(20),
  SESSION_SECRET: 's'.repeat(40),
  OIDC_CLIENT_SECRET: 'o'.repeat(20),
  PAYMONGO_SECRET_KEY: 'sk_live_abc123',
  PAYMONGO_WEBHOOK_SECRET: 'whsk_abc123',
}

describe('configuration', () => {
  it('has the spec 9 runtime flags with their defaults and types', () => {
    const config = loadConfig({ DATA_DIR: tmp() })
    expect(config.MAINTENANCE_MODE).toBe('false')
    expect(config.REGISTER_FLAG).toBe('true')
    expect(config.SFA_DASHBOARD_NO_LIMITATION).toBe('true')
    expect(config.FORCE_HIDE_PAYMENT_OPTIONS).toBe('false')
    expect(config.ACCOUNT_MGMT_ENABLED).toBe(true)
    expect(config.RECAPTCHA_SHOW).toBe(false)
    expect(config.PRODUCT_NAME).toBe('Hibla')
    expect(config.channel).toBe('HiblaWeb')
    expect(config.sourceId).toBe('HiblaWeb')
    expect(config.PORT).toBe(3000)
  })

  it('keeps string flags as strings, compared as the spec says', () => {
    const config = loadConfig({ DATA_DIR: tmp(), MAINTENANCE_MODE: 'yes', REGISTER_FLAG: 'TRUE' })
    expect(config.MAINTENANCE_MODE).toBe('yes') // anything but 'false' means maintenance
    expect(config.REGISTER_FLAG).toBe('TRUE') // only the exact string 'true' enables registration
  })

  it('derives the channel and source from the product name', () => {
    const config = loadConfig({ DATA_DIR: tmp(), PRODUCT_NAME: 'Sinag' })
    expect(config.channel).toBe('SinagWeb')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['UPSTREAM_URL', 'not a url'],
    ['UPSTREAM_SIGNATURE_SCHEME', 'md5'],
    ['ACCOUNT_MGMT_ENABLED', 'yes'],
    ['PRODUCT_NAME', 'two words'],
    ['UPSTREAM_SECRET', 'short'],
    ['SMTP_URL', 'http://mail.example.ph'],
    ['LOGIN_MAX_FAILURES', '0'],
    ['DEMO_DATA', 'yes'],
    ['DEV_MAILBOX', '1'],
    ['DEV_UI', 'on'],
    ['MAP_TILE_URL', 'https://tiles.example.ph/tile.png'],
    ['MAP_TILE_URL', 'https://a{s}.tiles.example.ph/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', '//tiles.example.ph/{z}/{x}/{y}.png'],
    ['MAP_TILE_URL', 'javascript:alert(1)//{z}/{x}/{y}'],
  ])('refuses %s=%j with one line naming the variable', (name, value) => {
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: tmp(), [name]: value })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(name)
    expect(message).not.toContain('\n')
  })

  it('opens the dev mailbox only on the embedded database without SMTP, unless DEV_MAILBOX says otherwise', () => {
    const server = 'postgres://portal@db.internal/portal'
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' }).devMailbox).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server }).devMailbox).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtp://mail.internal' }).devMailbox).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server, DEV_MAILBOX: 'true' }).devMailbox).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), DEV_MAILBOX: 'false' }).devMailbox).toBe(false)
  })

  it('opens /dev/ui where the dev mailbox opens, unless DEV_UI says otherwise', () => {
    const server = 'postgres://portal@db.internal/portal'
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' }).devUi).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server }).devUi).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtp://mail.internal' }).devUi).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), DEV_MAILBOX: 'false' }).devUi).toBe(false)
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server, DEV_UI: 'true' }).devUi).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), DEV_UI: 'false' }).devUi).toBe(false)
  })

  it('has no tile server (the offline coastline) unless MAP_TILE_URL names one or a path of the portal', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).MAP_TILE_URL).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      MAP_CENTER_LATITUDE: 14.599512,
      MAP_CENTER_LONGITUDE: 120.984222,
    })
    expect(
      loadConfig({ DATA_DIR: tmp(), EXCLUDED_SUBDIVISION_IDS: ' S-1, S-2 ,,S-3' }).EXCLUDED_SUBDIVISION_IDS,
    ).toEqual(['S-1', 'S-2', 'S-3'])
    for (const url of ['https://{s}.tiles.example.ph:8443/osm/{z}/{x}/{y}.png?key=k', '/tiles/{z}/{x}/{y}.png']) {
      expect(loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: url }).MAP_TILE_URL).toBe(url)
    }
  })

  it('seeds demo users on the embedded database only, unless DEMO_DATA says otherwise', () => {
    const server = 'postgres://db.example/portal'
    expect(loadConfig({ DATA_DIR: tmp() }).demoData).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' }).demoData).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', DATABASE_URL: server, ...DEPLOYMENT }).demoData).toBe(
      false,
    )
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server, DEMO_DATA: 'true' }).demoData).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), DEMO_DATA: 'false' }).demoData).toBe(false)
  })

  it('has the identity defaults: Keycloak-like lock-out, links to localhost, mail from the product', () => {
    const config = loadConfig({ DATA_DIR: tmp() })
    expect([config.LOGIN_MAX_FAILURES, config.LOGIN_WAIT_INCREMENT_SECONDS, config.LOGIN_MAX_WAIT_SECONDS]).toEqual([
      5, 60, 900,
    ])
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.mailFrom).toBe('Hibla <no-reply@localhost>')
    expect(config.SMTP_URL).toBeUndefined()
  })

  it('has the session timeouts: 30 min idle, 15 min for sales kiosks, 8 h absolute, each configurable', () => {
    const defaults = loadConfig({ DATA_DIR: tmp() })
    expect([
      defaults.SESSION_IDLE_MINUTES,
      defaults.SESSION_SALES_IDLE_MINUTES,
      defaults.SESSION_ABSOLUTE_HOURS,
    ]).toEqual([30, 15, 8])
    const set = loadConfig({
      DATA_DIR: tmp(),
      SESSION_IDLE_MINUTES: '20',
      SESSION_SALES_IDLE_MINUTES: '5',
      SESSION_ABSOLUTE_HOURS: '12',
    })
    expect([set.SESSION_IDLE_MINUTES, set.SESSION_SALES_IDLE_MINUTES, set.SESSION_ABSOLUTE_HOURS]).toEqual([20, 5, 12])
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_SALES_IDLE_MINUTES: '0' })).toThrow(
      'Invalid configuration: SESSION_SALES_IDLE_MINUTES must be a whole number from 1 to 1440 (got "0")',
    )
  })

  it('generates secrets once and keeps them in DATA_DIR, readable only by the owner', () => {
    const dir = tmp()
    const first = loadConfig({ DATA_DIR: dir })
    const second = loadConfig({ DATA_DIR: dir })
    expect(first.sessionSecret).toHaveLength(43)
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(second.upstreamSecret).toBe(first.upstreamSecret)
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o077).toBe(0)
  })

  it('uses secrets from the environment when given', () => {
    const config = loadConfig({ DATA_DIR: tmp(), UPSTREAM_SECRET: 'u'.repeat(20), SESSION_SECRET: 's'.repeat(40) })
    expect(config.upstreamSecret).toBe('u'.repeat(20))
    expect(config.sessionSecret).toBe('s'.repeat(40))
  })

  it('reads the previous secrets of a rotation as a comma-separated list, each as long as the current must be', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      SESSION_SECRET_PREVIOUS: ` ${'a'.repeat(32)}, ${'b'.repeat(40)},`,
      UPSTREAM_SECRET_PREVIOUS: 'u'.repeat(16),
    })
    expect(config.SESSION_SECRET_PREVIOUS).toEqual(['a'.repeat(32), 'b'.repeat(40)])
    expect(config.UPSTREAM_SECRET_PREVIOUS).toEqual(['u'.repeat(16)])
    expect(loadConfig({ DATA_DIR: tmp() }).SESSION_SECRET_PREVIOUS).toEqual([])
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_SECRET_PREVIOUS: `${'a'.repeat(32)},short` })).toThrow(
      'Invalid configuration: SESSION_SECRET_PREVIOUS must list secrets of at least 32 characters each',
    )
  })

  it('takes the NMS channel secret only long and apart from the upstream secret; unset it is off', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).NMS_CHANNEL_SECRET).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tmp(), NMS_CHANNEL_SECRET: 'n'.repeat(32) }).NMS_CHANNEL_SECRET).toBe('n'.repeat(32))
    expect(() => loadConfig({ DATA_DIR: tmp(), NMS_CHANNEL_SECRET: 'short' })).toThrow(
      'Invalid configuration: NMS_CHANNEL_SECRET must be at least 32 characters',
    )
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), UPSTREAM_SECRET: 'x'.repeat(32), NMS_CHANNEL_SECRET: 'x'.repeat(32) }),
    ).toThrow('Invalid configuration: NMS_CHANNEL_SECRET must differ from UPSTREAM_SECRET')
  })

  it('keeps the values of an older secrets file and adds only the missing OIDC client secret', () => {
    const dir = tmp()
    fs.writeFileSync(
      path.join(dir, 'secrets.json'),
      JSON.stringify({ upstream: 'u'.repeat(43), session: 's'.repeat(43) }),
    )
    const config = loadConfig({ DATA_DIR: dir })
    expect(config.upstreamSecret).toBe('u'.repeat(43))
    expect(config.sessionSecret).toBe('s'.repeat(43))
    expect(config.oidc.clientSecret).toHaveLength(43)
    expect(loadConfig({ DATA_DIR: dir }).oidc.clientSecret).toBe(config.oidc.clientSecret)
  })

  it('defaults sign-in to the embedded provider at the Keycloak realm path of the product', () => {
    const config = loadConfig({ DATA_DIR: tmp(), PRODUCT_NAME: 'Sinag', PORT: '3555' })
    expect(config.publicUrl).toBe('http://localhost:3555')
    expect(config.oidc).toMatchObject({
      realm: 'sinag',
      issuer: 'http://localhost:3555/realms/sinag',
      clientId: 'sinag-portal',
      embedded: true,
    })
  })

  it('treats an issuer on its own public URL as embedded, and any other as external', () => {
    const own = loadConfig({
      DATA_DIR: tmp(),
      PUBLIC_URL: 'https://portal.example.ph/',
      OIDC_ISSUER: 'https://portal.example.ph/realms/hibla',
    })
    expect(own.oidc.embedded).toBe(true)
    expect(own.publicUrl).toBe('https://portal.example.ph')
    const keycloak = loadConfig({
      DATA_DIR: tmp(),
      OIDC_ISSUER: 'https://sso.example.ph/realms/hibla',
      OIDC_CLIENT_SECRET: 'k'.repeat(32),
    })
    expect(keycloak.oidc).toMatchObject({ embedded: false, clientSecret: 'k'.repeat(32) })
  })

  it('refuses an external issuer without its client secret (a generated one could never match)', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), OIDC_ISSUER: 'https://sso.example.ph/realms/hibla' })).toThrow(
      /OIDC_CLIENT_SECRET/,
    )
  })

  it("never shows a secret setting's value when it refuses it", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: 'short-secret-value' })).toThrow(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    )
    try {
      loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: 'short-secret-value' })
    } catch (error) {
      expect(String(error)).not.toContain('short-secret-value')
    }
  })

  describe('the GenieACS link (issue 36, item 3)', () => {
    const genieacs = { DATA_DIR: '', DEVICES_DRIVER: 'genieacs', GENIEACS_NBI_URL: 'http://acs.internal:7557' }
    const refusal = (source: Record<string, string>) => {
      try {
        loadConfig({ ...genieacs, DATA_DIR: tmp(), ...source })
      } catch (error) {
        return String(error)
      }
      return 'accepted'
    }

    it('refuses credentials in the URL, without repeating them', () => {
      const message = refusal({ GENIEACS_NBI_URL: 'http://admin:hunter22@acs.internal:7557' })
      expect(message).toContain('GENIEACS_NBI_URL must not hold credentials')
      expect(message).not.toContain('hunter22')
    })

    it('takes basic auth (both halves) or one header, not both', () => {
      expect(refusal({ GENIEACS_NBI_USERNAME: 'portal' })).toMatch(/set together or not at all/)
      expect(
        refusal({
          GENIEACS_NBI_USERNAME: 'portal',
          GENIEACS_NBI_PASSWORD: 'secret-password',
          GENIEACS_NBI_AUTH_HEADER: 'X-API-Key: abc',
        }),
      ).toMatch(/choose one way to sign in/)
      const header = refusal({ GENIEACS_NBI_AUTH_HEADER: 'no colon here' })
      expect(header).toContain("GENIEACS_NBI_AUTH_HEADER must be 'Header-Name: value'")
      expect(header).not.toContain('no colon here')
      const config = loadConfig({ ...genieacs, DATA_DIR: tmp(), GENIEACS_NBI_AUTH_HEADER: 'X-API-Key: abc' })
      expect([config.GENIEACS_TIMEOUT_MS, config.GENIEACS_RETRIES]).toEqual([10_000, 2])
      expect([config.GENIEACS_INFORM_INTERVAL_SECONDS, config.GENIEACS_INFORM_TOLERANCE]).toEqual([300, 3])
    })

    it('reads GENIEACS_MODEL_MAP at start, and refuses a file it cannot use, saying why', () => {
      const dir = tmp()
      const file = (name: string, text: string) => {
        fs.writeFileSync(path.join(dir, name), text)
        return path.join(dir, name)
      }
      const entry = {
        id: 'acme-ont',
        name: 'Acme ONT',
        match: { manufacturer: ['Acme'], productClass: ['ONT-'] },
        rxPower: [{ path: 'InternetGatewayDevice.WANDevice.1.X_ACME_Pon.RxPower', unit: '0.1uW' }],
        temperature: [{ path: 'InternetGatewayDevice.WANDevice.1.X_ACME_Pon.Temperature', unit: 'celsius' }],
        source: 'https://example.com/acme-tr069.pdf',
      }
      const good = file('good.json', JSON.stringify({ models: [entry] }))
      expect(loadConfig({ ...genieacs, DATA_DIR: tmp(), GENIEACS_MODEL_MAP: good }).genieacsModelMap).toEqual([entry])
      expect(loadConfig({ ...genieacs, DATA_DIR: tmp() }).genieacsModelMap).toEqual([])

      const missing = path.join(dir, 'absent.json')
      expect(refusal({ GENIEACS_MODEL_MAP: missing })).toContain(
        `Invalid configuration: GENIEACS_MODEL_MAP cannot be read (ENOENT: ${missing})`,
      )
      expect(refusal({ GENIEACS_MODEL_MAP: file('broken.json', '{"models": [') })).toMatch(
        /GENIEACS_MODEL_MAP .*broken\.json: is not JSON/,
      )
      const wrongUnit = file(
        'unit.json',
        JSON.stringify({ models: [{ ...entry, rxPower: [{ ...entry.rxPower[0], unit: 'dB' }] }] }),
      )
      const message = refusal({ GENIEACS_MODEL_MAP: wrongUnit })
      expect(message).toMatch(/GENIEACS_MODEL_MAP .*unit\.json: models\.0\.rxPower\.0\.unit /)
      expect(message).not.toContain('\n')
      expect(refusal({ GENIEACS_MODEL_MAP: file('empty.json', '{"models": []}') })).toMatch(/models /)
    })
  })

  describe('the geocoder (issue 36, item 5)', () => {
    const refusal = (source: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...source })
      } catch (error) {
        return String(error)
      }
      return 'accepted'
    }

    it('is off by default, with its time limit and cache bounds', () => {
      const config = loadConfig({ DATA_DIR: tmp() })
      expect(config.GEOCODER_URL).toBeUndefined()
      expect(config).toMatchObject({
        GEOCODER_KIND: 'nominatim',
        GEOCODER_TIMEOUT_MS: 2000,
        GEOCODER_CACHE_SECONDS: 604_800,
        GEOCODER_CACHE_MAX_ENTRIES: 10_000,
      })
      expect(refusal({ GEOCODER_CACHE_SECONDS: '0' })).toContain('GEOCODER_CACHE_SECONDS must be a whole number')
    })

    it('refuses credentials in the URL without repeating them, and an unknown protocol', () => {
      const message = refusal({ GEOCODER_URL: 'http://portal:hunter22@nominatim.internal' })
      expect(message).toContain('GEOCODER_URL must not hold credentials')
      expect(message).not.toContain('hunter22')
      expect(refusal({ GEOCODER_KIND: 'google' })).toContain('GEOCODER_KIND')
    })
  })

  describe('the SMS transports (issue 36, item 1)', () => {
    const refusal = (source: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...source })
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      return 'accepted'
    }
    const smpp = {
      SMS_TRANSPORT: 'smpp',
      SMPP_URL: 'smpp://smsc.example.ph:2775',
      SMPP_SYSTEM_ID: 'hibla',
      SMPP_PASSWORD: 'pw123456',
      SMS_SENDER_ID: 'HIBLA',
    }

    it('keeps SMS in the outbox by default, with a limit per number', () => {
      const config = loadConfig({ DATA_DIR: tmp() })
      expect([config.SMS_TRANSPORT, config.SMS_PER_NUMBER_PER_HOUR, config.SMPP_BIND]).toEqual([
        'outbox',
        10,
        'transceiver',
      ])
    })

    it('refuses SMPP without its address, system id, password and sender id, naming each', () => {
      expect(refusal(smpp)).toBe('accepted')
      expect(refusal({ SMS_TRANSPORT: 'smpp' })).toBe(
        'Invalid configuration: SMPP_URL, SMPP_SYSTEM_ID, SMPP_PASSWORD, SMS_SENDER_ID required when SMS_TRANSPORT is smpp',
      )
      const { SMPP_PASSWORD: _password, ...withoutPassword } = smpp
      expect(refusal(withoutPassword)).toContain('SMPP_PASSWORD required when SMS_TRANSPORT is smpp')
      expect(refusal({ ...smpp, SMPP_BIND: 'receiver' })).toContain('SMPP_BIND')
    })

    it('refuses Semaphore without its key and sender id', () => {
      expect(refusal({ SMS_TRANSPORT: 'semaphore' })).toBe(
        'Invalid configuration: SEMAPHORE_API_KEY, SMS_SENDER_ID required when SMS_TRANSPORT is semaphore',
      )
      expect(refusal({ SMS_TRANSPORT: 'semaphore', SEMAPHORE_API_KEY: 'k'.repeat(32), SMS_SENDER_ID: 'HIBLA' })).toBe(
        'accepted',
      )
    })

    it('refuses credentials in SMPP_URL and bad secrets without repeating them', () => {
      const url = refusal({ ...smpp, SMPP_URL: 'smpp://hibla:hunter22@smsc.example.ph:2775' })
      expect(url).toContain('SMPP_URL must be smpp://host:port')
      expect(url).not.toContain('hunter22')
      const key = refusal({ SMS_TRANSPORT: 'semaphore', SEMAPHORE_API_KEY: 'short', SMS_SENDER_ID: 'HIBLA' })
      expect(key).toContain('SEMAPHORE_API_KEY')
      expect(key).not.toContain('short"')
      expect(refusal({ ...smpp, SMPP_PASSWORD: 'p'.repeat(65) })).not.toContain('ppppp')
    })

    it('refuses a sender id no network shows: longer than 11 characters, or with spaces', () => {
      expect(refusal({ ...smpp, SMS_SENDER_ID: 'HIBLA FIBRE' })).toContain('SMS_SENDER_ID must be up to 11')
      expect(refusal({ ...smpp, SMS_SENDER_ID: 'HIBLAFIBREPH' })).toContain('SMS_SENDER_ID')
      expect(refusal({ ...smpp, SMS_SENDER_ID: '+639171234567' })).toBe('accepted')
    })
  })

  describe('fails closed outside the demo (issue 32, item 3; docs/decisions/0061)', () => {
    const server = 'postgres://portal@db.internal/portal'
    const production = { NODE_ENV: 'production', DATABASE_URL: server }
    const refusal = (source: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...source })
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError)
        expect((e as Error).message).not.toContain('\n')
        return (e as Error).message
      }
      throw new Error('expected the configuration to be refused')
    }

    it('starts a deployment that gives PayMongo and every secret, with no demo part on', () => {
      const config = loadConfig({ DATA_DIR: tmp(), ...production, ...DEPLOYMENT })
      expect(config).toMatchObject({
        paymentsSandbox: false,
        demoData: false,
        devMailbox: false,
        devUi: false,
        demo: [],
      })
    })

    it('keeps the one-machine demo (no DATABASE_URL) starting in production with every demo part, and says so', () => {
      const config = loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })
      expect(config.paymentsSandbox).toBe(true)
      expect(config.demo).toEqual(['PAYMENTS_SANDBOX', 'DEMO_DATA', 'DEV_MAILBOX', 'DEV_UI', 'ALLOW_GENERATED_SECRETS'])
    })

    it('keeps every demo default outside production, Postgres or not (development and tests)', () => {
      const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: server })
      expect(config.paymentsSandbox).toBe(true)
      expect(config.demo).toEqual(['PAYMENTS_SANDBOX', 'ALLOW_GENERATED_SECRETS'])
    })

    it('refuses the payment sandbox without PayMongo keys, naming the settings', () => {
      const { PAYMONGO_SECRET_KEY: _key, PAYMONGO_WEBHOOK_SECRET: _webhook, ...noPayMongo } = DEPLOYMENT
      const message = refusal({ ...production, ...noPayMongo })
      expect(message).toContain('PAYMONGO_SECRET_KEY')
      expect(message).toContain('PAYMENTS_SANDBOX=true')
      expect(message).toContain('no money moves')
    })

    it('runs the payment sandbox on purpose with PAYMENTS_SANDBOX=true, and reports it', () => {
      const { PAYMONGO_SECRET_KEY: _key, PAYMONGO_WEBHOOK_SECRET: _webhook, ...noPayMongo } = DEPLOYMENT
      const config = loadConfig({ DATA_DIR: tmp(), ...production, ...noPayMongo, PAYMENTS_SANDBOX: 'true' })
      expect(config.paymentsSandbox).toBe(true)
      expect(config.demo).toEqual(['PAYMENTS_SANDBOX'])
    })

    it('refuses PAYMENTS_SANDBOX=true beside PayMongo keys, and PAYMENTS_SANDBOX=false without them', () => {
      expect(refusal({ ...production, ...DEPLOYMENT, PAYMENTS_SANDBOX: 'true' })).toContain('PAYMENTS_SANDBOX')
      expect(refusal({ PAYMENTS_SANDBOX: 'false' })).toContain('PAYMONGO_SECRET_KEY')
    })

    it.each(['UPSTREAM_SECRET', 'SESSION_SECRET', 'OIDC_CLIENT_SECRET'] as const)(
      'refuses a generated %s, naming it, and writes no secret',
      (name) => {
        const dir = tmp()
        const { [name]: _missing, ...rest } = DEPLOYMENT
        expect(() => loadConfig({ DATA_DIR: dir, ...production, ...rest })).toThrow(ConfigError)
        const message = refusal({ ...production, ...rest })
        expect(message).toContain(name)
        expect(message).toContain('ALLOW_GENERATED_SECRETS=true')
        expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false)
      },
    )

    it('generates secrets on purpose with ALLOW_GENERATED_SECRETS=true, and reports it', () => {
      const { SESSION_SECRET: _session, ...rest } = DEPLOYMENT
      const config = loadConfig({ DATA_DIR: tmp(), ...production, ...rest, ALLOW_GENERATED_SECRETS: 'true' })
      expect(config.sessionSecret).toHaveLength(43)
      expect(config.demo).toEqual(['ALLOW_GENERATED_SECRETS'])
    })

    it('keeps demo data, the dev mailbox and /dev/ui off unless each is asked for, and reports each', () => {
      const base = { DATA_DIR: tmp(), ...production, ...DEPLOYMENT }
      expect(loadConfig({ ...base, DEMO_DATA: 'true' })).toMatchObject({ demoData: true, demo: ['DEMO_DATA'] })
      expect(loadConfig({ ...base, DEV_MAILBOX: 'true' })).toMatchObject({
        devMailbox: true,
        devUi: true,
        demo: ['DEV_MAILBOX', 'DEV_UI'],
      })
      expect(loadConfig({ ...base, DEV_UI: 'true' })).toMatchObject({ devMailbox: false, demo: ['DEV_UI'] })
    })

    it('treats a production portal copy (UPSTREAM_URL) as a deployment: no dev pages, no sandbox unless asked', () => {
      const copy = {
        NODE_ENV: 'production',
        UPSTREAM_URL: 'http://upstream.internal:3001',
        UPSTREAM_SECRET: 'u'.repeat(20),
        SESSION_SECRET: 's'.repeat(40),
        OIDC_CLIENT_SECRET: 'o'.repeat(20),
      }
      // It runs no payments: PayMongo's keys stay with the upstream, and nothing is refused.
      expect(loadConfig({ DATA_DIR: tmp(), ...copy })).toMatchObject({
        paymentsSandbox: false,
        devMailbox: false,
        devUi: false,
        demo: [],
      })
      expect(loadConfig({ DATA_DIR: tmp(), ...copy, PAYMENTS_SANDBOX: 'true' }).demo).toEqual(['PAYMENTS_SANDBOX'])
      const { SESSION_SECRET: _session, ...generated } = copy
      const message = refusal(generated)
      expect(message).toContain('SESSION_SECRET')
      expect(message).toContain('UPSTREAM_URL')
    })
  })

  it('stops the server at start with one clear line and exit code 1', async () => {
    const run = promisify(execFile)
    const failure = await run(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tmp() },
      cwd: path.resolve(__dirname, '..'),
    }).catch((e) => e)
    expect(failure.code).toBe(1)
    expect(failure.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
    )
  })
})

describe('a deployment refused at start (issue 32, item 3)', () => {
  const run = promisify(execFile)
  const deployment = {
    NODE_ENV: 'production' as const,
    DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
    UPSTREAM_SECRET: 'u'.repeat(20),
    SESSION_SECRET: 's'.repeat(40),
    OIDC_CLIENT_SECRET: 'o'.repeat(20),
  }
  // Both entries at once: each spends most of its time loading its modules.
  it('stops the portal and the upstream alone before they open the database, with one line naming PAYMONGO_SECRET_KEY', async () => {
    const failures = await Promise.all(
      ['server.ts', 'services/main.ts'].map((entry) =>
        run(process.execPath, ['--import', 'tsx', entry], {
          env: { ...process.env, ...deployment, DATA_DIR: tmp(), PAYMONGO_SECRET_KEY: '', PAYMONGO_WEBHOOK_SECRET: '' },
          cwd: path.resolve(__dirname, '..'),
        }).catch((e) => e),
      ),
    )
    for (const failure of failures) {
      expect(failure.code).toBe(1)
      // One line of its own (oidc-provider may warn of the Node version before it), no stack trace.
      expect(failure.stderr).toMatch(
        /^Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are required in production with DATABASE_URL: .*$/m,
      )
      expect(failure.stderr).not.toMatch(/^\s+at /m)
    }
  })
})
