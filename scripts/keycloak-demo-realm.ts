/**
 * npm run keycloak:demo-realm: makes deploy/keycloak/realm-hibla-demo.json, the Keycloak realm
 * of a demo deployment (compose.demo.yaml; issue 36, item 4), from the realm every deployment
 * imports (deploy/keycloak/realm-hibla.json) and the embedded demo's users
 * (services/identity/demo-users.ts): the same realm, client and roles, marked as a demo, with
 * those users, their published passwords, roles and attributes, under the ids the identity
 * seed gives them. The file is committed; deploy/keycloak/realm.test.ts fails when it no longer
 * equals what this script makes, so run it again after changing either source.
 *
 * The users go inside the realm file: Keycloak's `--import-realm` reads realm files, and
 * separate `<realm>-users-N.json` files have not been imported reliably by it
 * (keycloak/keycloak#13667, #12758).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_USERS, type DemoUser } from '../services/identity/demo-users.ts'
import { demoUserRow } from '../services/identity/seed.ts'
import { toIdentityUser } from '../services/identity/users.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const BASE_REALM_FILE = path.join(root, 'deploy', 'keycloak', 'realm-hibla.json')
export const DEMO_REALM_FILE = path.join(root, 'deploy', 'keycloak', 'realm-hibla-demo.json')

/** What a demo realm says of itself, on Keycloak's login page and in its admin console. */
export const DEMO_MARK = 'DEMO: published passwords, never for real users'

type Realm = Record<string, unknown> & { realm: string; displayName: string }

/** A user as Keycloak's realm export holds one (UserRepresentation), password in the clear. */
export type KeycloakUser = {
  id: string
  username: string
  email: string
  emailVerified: boolean
  enabled: boolean
  firstName: string
  lastName: string
  attributes: Record<string, string[]>
  credentials: { type: 'password'; value: string; temporary: boolean }[]
  realmRoles: string[]
  requiredActions: string[]
}

/**
 * A demo user as Keycloak holds it. The attributes are those the identity service keeps for the
 * same user (its proven and unproven links, the active account, the display flags, the agent
 * code), each a list of strings as Keycloak stores them; a null one is left out. The roles are
 * listed whole, `base` too: an imported user is not given the realm's default role
 * (keycloak/keycloak#39145).
 */
export function keycloakUser(demo: DemoUser): KeycloakUser {
  if (!demo.id) throw new Error(`demo user ${demo.email} has no fixed id: Keycloak would give it another sub`)
  const { attributes } = toIdentityUser({ ...demoUserRow(demo, '', new Date(0)), id: demo.id })
  const kept: Record<string, string[]> = { demo: ['true'], mobileNumber: [demo.mobileNumber] }
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) continue
    const values = Array.isArray(value) ? value : [String(value)]
    if (values.length > 0) kept[name] = values
  }
  return {
    id: demo.id,
    username: demo.email,
    email: demo.email,
    emailVerified: true,
    enabled: true,
    firstName: demo.firstName,
    lastName: demo.lastName,
    attributes: kept,
    credentials: [{ type: 'password', value: demo.password, temporary: false }],
    realmRoles: [...demo.roles],
    requiredActions: [],
  }
}

/** The base realm, marked as a demo, with the demo users. */
export function demoRealm(base: Realm, users: readonly DemoUser[] = DEMO_USERS): Realm & { users: KeycloakUser[] } {
  if ('users' in base) throw new Error('the base realm must hold no users: they belong to the demo realm only')
  return {
    ...base,
    displayName: `${base.displayName} ${DEMO_MARK}`,
    displayNameHtml: `<strong>${base.displayName}</strong> ${DEMO_MARK}`,
    users: users.map(keycloakUser),
  }
}

/** The demo realm file's text, exactly. */
export function demoRealmText(): string {
  const base = JSON.parse(fs.readFileSync(BASE_REALM_FILE, 'utf8')) as Realm
  return `${JSON.stringify(demoRealm(base), null, 2)}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(DEMO_REALM_FILE, demoRealmText())
  console.log(`wrote ${path.relative(root, DEMO_REALM_FILE)}`)
}
