/**
 * Session ids and tokens at rest (docs/decisions/0008). Ids: 256 random bits, stored
 * as their SHA-256. Tokens: AES-256-GCM under a key derived from SESSION_SECRET, with
 * the id hash as associated data, so a blob copied onto another row does not open.
 */
import crypto from 'node:crypto'

export function newSessionId(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashSessionId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('base64url')
}

export function sessionTokenKey(sessionSecret: string): Buffer {
  // The label separates this key from the secret's other uses (cookie signing, oidc cookies).
  return Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'sessions', 'session tokens at rest', 32))
}

export function seal(key: Buffer, plaintext: string, associatedData: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')
}

/**
 * Opens with the first key that fits (the current one first, then the previous ones of a
 * SESSION_SECRET rotation), saying which: 0 is the current key. Throws when none does.
 */
export function openWithAny(keys: readonly Buffer[], sealed: string, associatedData: string) {
  for (const [index, key] of keys.entries()) {
    try {
      return { plaintext: open(key, sealed, associatedData), keyIndex: index }
    } catch {
      // not this key: the next one
    }
  }
  throw new Error('no key opens the sealed value')
}

/** Throws when the blob was altered, belongs to another row or another key. */
export function open(key: Buffer, sealed: string, associatedData: string): string {
  const [iv, ciphertext, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !ciphertext || !tag) throw new Error('malformed sealed value')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(associatedData))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
}
