/**
 * The tokens of the links the tracking service emails (compliance links and the sessions they
 * open, email verification): 32 random bytes, of which only the SHA-256 is stored, so a copy
 * of the tables opens nothing.
 */
import crypto from 'node:crypto'

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url')
export const newToken = () => crypto.randomBytes(32).toString('base64url')
