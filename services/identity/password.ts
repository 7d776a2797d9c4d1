/**
 * Password hashing with Node's built-in scrypt (memory-hard; docs/decisions/0006).
 * Stored form, PHC-like so the cost can be raised later without breaking old hashes:
 *   $scrypt$ln=16,r=8,p=1$<salt base64>$<key base64>
 */
import crypto from 'node:crypto'
import { SCRYPT_PARAMS, type ScryptCost } from '../context.ts'

// crypto.scrypt looked up on each call, so a test can count the derivations (identity.integration.test.ts).
function scrypt(
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

// The costs (SCRYPT_PARAMS, and the test configuration's TEST_SCRYPT_PARAMS) are settings: services/context.ts.
const KEY_LENGTH = 32
const SALT_LENGTH = 16

// Stored parameters are read back on verify; bounds keep a tampered row from asking for gigabytes.
const LIMITS = { ln: [14, 20], r: [1, 16], p: [1, 4] } as const

function memoryFor(ln: number, r: number, p: number) {
  // Node refuses unless maxmem exceeds 128 · N · r · p; leave headroom.
  return 128 * 2 ** ln * r * p + 16 * 1024 * 1024
}

async function derive(password: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> {
  return scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 2 ** ln, r, p, maxmem: memoryFor(ln, r, p) })
}

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_PARAMS): Promise<string> {
  const { ln, r, p } = cost
  const salt = crypto.randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, ln, r, p)
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

const STORED = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/

/** Constant-time comparison of the derived key. A malformed stored value never verifies. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored)
  if (!match) return false
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (
    ln < LIMITS.ln[0] ||
    ln > LIMITS.ln[1] ||
    r < LIMITS.r[0] ||
    r > LIMITS.r[1] ||
    p < LIMITS.p[0] ||
    p > LIMITS.p[1]
  ) {
    return false
  }
  const salt = Buffer.from(match[4]!, 'base64')
  const expected = Buffer.from(match[5]!, 'base64')
  if (expected.length !== KEY_LENGTH) return false
  const actual = await derive(password, salt, ln, r, p)
  return crypto.timingSafeEqual(actual, expected)
}

const dummyHashes = new Map<ScryptCost, Promise<string>>()
/**
 * Verifies against a throwaway hash, so a sign-in for an unknown user costs the same
 * scrypt work as one for a real user and timing does not reveal who has an account.
 */
export async function burnPasswordCheck(password: string, cost: ScryptCost = SCRYPT_PARAMS): Promise<false> {
  let dummyHash = dummyHashes.get(cost)
  if (!dummyHash) {
    dummyHash = hashPassword(crypto.randomBytes(16).toString('base64'), cost)
    dummyHashes.set(cost, dummyHash)
  }
  await verifyPassword(password, await dummyHash)
  return false
}
