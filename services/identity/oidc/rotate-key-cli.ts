/**
 * `npm run keys:rotate` (docs/operations.md, Sign-in; build/process/keys-rotate.js in the
 * image): adds a new signing key for the embedded OpenID provider in front of the others
 * (rotateSigningKey). Every provider started afterwards signs with it; the older keys stay published, so tokens they signed verify until they expire.
 * Restart every process that hosts the provider (the portal with the in-process upstream, or
 * each `npm run services` copy) for the new key to sign.
 *
 * With the embedded database (no DATABASE_URL) stop the portal first: PGlite is opened by one
 * process at a time. With a Postgres server, run it while the portal runs.
 */
import { loadConfigOrExit } from '../../../lib/start.ts'
import { commandLineOrExit } from '../../operator-command.ts'
import { openDatabase } from '../../db/client.ts'
import { loadSigningKeys, rotateSigningKey } from './keys.ts'

commandLineOrExit({
  name: 'keys:rotate',
  synopsis: '',
  about: [
    'Adds a new signing key for the embedded OpenID provider in front of the others. The older keys',
    'stay published, so tokens they signed verify until they expire. Restart every process that',
    'hosts the provider for the new key to sign (docs/operations.md, Sign-in).',
  ].join('\n'),
  flags: {},
  file: false,
})
const config = loadConfigOrExit()
if (!config.oidc.embedded) {
  process.stderr.write(`OIDC_ISSUER is another provider (${config.oidc.issuer}): rotate its keys there\n`)
  process.exit(1)
}
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
try {
  // On a database no provider has started on yet, the first key is made here: the rotation then adds a second.
  const before = await loadSigningKeys(database.db)
  const kid = await rotateSigningKey(database.db)
  console.log(`new signing key ${kid}; ${before.length} older key(s) stay published`)
  console.log('restart every process that hosts the sign-in provider for the new key to sign')
} finally {
  await database.close()
}
