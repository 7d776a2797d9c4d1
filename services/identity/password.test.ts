import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../lib/env.ts'
import { SCRYPT_PARAMS, TEST_SCRYPT_PARAMS, defaultServiceSettings, serviceSettingsFromConfig } from '../context.ts'
import { TEST_SECRETS, testConfig } from '../testing.ts'
import { hashPassword, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('stores scrypt parameters, salt and key, never the password', async () => {
    const hash = await hashPassword('Mabuhay2025')
    expect(hash).toMatch(/^\$scrypt\$ln=16,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
    expect(hash).not.toContain('Mabuhay2025')
    expect(SCRYPT_PARAMS).toEqual({ ln: 16, r: 8, p: 1 })
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Mabuhay2025')
    expect(await verifyPassword('Mabuhay2025', hash)).toBe(true)
    expect(await verifyPassword('mabuhay2025', hash)).toBe(false)
  })

  it('salts each hash, so equal passwords do not give equal hashes', async () => {
    expect(await hashPassword('Mabuhay2025')).not.toBe(await hashPassword('Mabuhay2025'))
  })

  it('refuses malformed or out-of-bounds stored values instead of throwing', async () => {
    const hash = await hashPassword('Mabuhay2025')
    expect(await verifyPassword('Mabuhay2025', 'Mabuhay2025')).toBe(false)
    expect(await verifyPassword('Mabuhay2025', hash.replace('ln=16', 'ln=30'))).toBe(false)
    expect(await verifyPassword('Mabuhay2025', hash.slice(0, -8))).toBe(false)
  })
})

describe('password cost by configuration', () => {
  it('is the production cost for every configuration read from the environment; only the test configuration lowers it', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const config = loadConfig({ NODE_ENV, ...TEST_SECRETS, OIDC_CLIENT_SECRET: 'test-oidc-client-secret-0123' })
      expect(serviceSettingsFromConfig(config).passwordCost).toEqual({ ln: 16, r: 8, p: 1 })
    }
    expect(defaultServiceSettings.passwordCost).toEqual({ ln: 16, r: 8, p: 1 })
    expect(serviceSettingsFromConfig(testConfig()).passwordCost).toBe(TEST_SCRYPT_PARAMS)
  })

  it('stores the test cost in the hash, which verifies like any other', async () => {
    const hash = await hashPassword('Mabuhay2025', TEST_SCRYPT_PARAMS)
    expect(hash).toMatch(/^\$scrypt\$ln=14,r=2,p=1\$/)
    expect(await verifyPassword('Mabuhay2025', hash)).toBe(true)
    expect(await verifyPassword('mabuhay2025', hash)).toBe(false)
  })
})
