/**
 * "Prove it is you" for a user already signed in (issue 18: showing the Wi-Fi password):
 * their current password, checked by the same hash check as sign-in (password.ts). Limits
 * on wrong answers are the asking service's (services/devices keeps its own per user); this
 * answers only right, wrong, or that the user is not in these tables (a Keycloak realm).
 */
import type { Executor } from '../db/client.ts'
import { verifyPassword } from './password.ts'
import { findUserRowById } from './users.ts'

export type PasswordCheck = 'right' | 'wrong' | 'unknown_user'

export async function checkCurrentPassword(db: Executor, userId: string, password: string): Promise<PasswordCheck> {
  const row = await findUserRowById(db, userId)
  if (!row) return 'unknown_user'
  return (await verifyPassword(password, row.passwordHash)) ? 'right' : 'wrong'
}
