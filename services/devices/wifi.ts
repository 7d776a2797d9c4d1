/**
 * The modem's Wi-Fi (issue 18; docs/decisions/0045), as the signed-in user, on the device
 * service.ts has already found to be their account's:
 *   - see: the networks and who is connected, and the latest change with its outcome;
 *   - reveal: the passphrases, only after the caller's portal password checks out with the
 *     identity service's own check (wrong ones limited per user in Postgres);
 *   - change: a new name and/or passphrase for one band or both, at most
 *     WIFI_CHANGES_PER_HOUR an hour per account, one at a time per modem. Every change is a
 *     row (never the passphrase); 'requested' until the driver can tell done or failed, and
 *     done queues an email to the account's registered address.
 * The passphrase goes from the request to the driver and nowhere else: not in a row of
 * this service, a log line, a URL or an answer other than reveal's.
 */
import crypto from 'node:crypto'
import { and, asc, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import {
  bandLabel,
  PASSPHRASE_MODES,
  tooManyWifiChangesMessage,
  WIFI_BANDS,
  WIFI_CHANGES_PER_HOUR,
  WIFI_REVEAL_MAX_FAILURES,
  WIFI_REVEAL_WINDOW_MINUTES,
  WIFI_TEXT,
  type WifiChange,
  type WifiFailureReason,
} from '../../lib/wifi.ts'
import { formatDate } from '../../lib/dates.ts'
import { findSubscriberAccount } from '../accounts/registry.ts'
import type { Caller } from '../bearer.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { checkCurrentPassword } from '../identity/reauthentication.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'
import type { DeviceDriver, WifiChangeOutcome } from './driver.ts'
import { wifiChanges, wifiRevealAttempts } from './tables.ts'

const HOUR_MS = 3_600_000
/** A change whose request never reached the driver (the process stopped) is given up after this. */
const UNSENT_GIVE_UP_MS = 10 * 60_000

type ChangeRow = typeof wifiChanges.$inferSelect

export type WifiChangeView = {
  id: string
  state: 'requested' | 'done' | 'failed'
  bands: string[]
  changedName: boolean
  changedPassphrase: boolean
  requestedAt: string
  finishedAt: string | null
  reason: WifiFailureReason | null
}

const viewOf = (row: ChangeRow): WifiChangeView => ({
  id: row.id,
  state: row.state,
  bands: row.bands,
  changedName: row.changedName,
  changedPassphrase: row.changedPassphrase,
  requestedAt: row.requestedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  reason: row.reason,
})

/** What service.ts lends: its driver-error guard and its ownership check (404 for another's device). */
export type WifiAccess = {
  asking: <T>(work: () => Promise<T>) => Promise<T>
  requireOwnDevice: (caller: Caller, accountNumber: string, deviceId: string) => Promise<void>
}

export function createWifiCalls(deps: ServiceDeps, driver: DeviceDriver, access: WifiAccess) {
  const { db } = deps
  const { asking, requireOwnDevice } = access
  const settings = settingsOf(deps)
  const delivery = createDeliveryQueue(deps)

  function changedEmail(row: ChangeRow, to: string): OutgoingMessage {
    const what = [row.changedName && 'network name', row.changedPassphrase && 'password'].filter(Boolean).join(' and ')
    const bands = row.bands.map((band) => bandLabel(band as '2.4GHz' | '5GHz')).join(' and ')
    return {
      channel: 'email',
      recipient: to,
      subject: 'Your Wi-Fi settings were changed',
      body: [
        'Hello,',
        '',
        `Your Wi-Fi settings were changed on ${formatDate(row.finishedAt ?? row.requestedAt, 'dateTime')}: the ${what} of the ${bands} Wi-Fi of your ${deps.productName} modem (account ending in ${row.accountNumber.slice(-4)}).`,
        '',
        `If this wasn't you, change your portal password at once and call our hotline; you will find it at ${settings.publicUrl}/help.`,
        '',
        deps.productName,
      ].join('\n'),
    }
  }

  /** Records an outcome once (a conditional update); done queues the email in the same transaction. */
  async function record(row: ChangeRow, outcome: WifiChangeOutcome | { state: 'failed'; reason: 'unavailable' }) {
    const now = deps.now()
    let queued = false
    const settled = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(wifiChanges)
        .set({ state: outcome.state, reason: outcome.reason, finishedAt: now })
        .where(and(eq(wifiChanges.id, row.id), eq(wifiChanges.state, 'requested')))
        .returning()
      if (!claimed || claimed.state !== 'done') return claimed
      const account = await findSubscriberAccount(tx, claimed.accountNumber)
      if (!account?.registeredEmail) return claimed
      await enqueueMessage(tx, changedEmail(claimed, account.registeredEmail), now)
      queued = true
      const [notified] = await tx
        .update(wifiChanges)
        .set({ notifiedAt: now })
        .where(eq(wifiChanges.id, row.id))
        .returning()
      return notified
    })
    if (queued) delivery.kick()
    if (settled) return settled
    // Another process recorded it first: read what it wrote.
    const [current] = await db.select().from(wifiChanges).where(eq(wifiChanges.id, row.id))
    return current ?? row
  }

  /** Asks the driver where a requested change stands, and records the outcome once known. */
  async function settle(row: ChangeRow): Promise<ChangeRow> {
    if (row.state !== 'requested') return row
    if (row.taskId === null) {
      // Reserved but never sent (the driver call is under way, or the process stopped in it).
      if (deps.now().getTime() - row.requestedAt.getTime() < UNSENT_GIVE_UP_MS) return row
      return record(row, { state: 'failed', reason: 'unavailable' })
    }
    const outcome = await asking(() => driver.wifiChangeOutcome(row))
    return outcome.state === 'requested' ? row : record(row, outcome)
  }

  async function latestChange(deviceId: string): Promise<ChangeRow | null> {
    const [row] = await db
      .select()
      .from(wifiChanges)
      .where(eq(wifiChanges.deviceId, deviceId))
      .orderBy(desc(wifiChanges.requestedAt))
      .limit(1)
    return row ? settle(row) : null
  }

  /** Changes that count against the account's hour: all asked for, but those that never reached the modem. */
  async function changesThisHour(tx: Executor, accountNumber: string, now: Date) {
    return tx
      .select({ requestedAt: wifiChanges.requestedAt })
      .from(wifiChanges)
      .where(
        and(
          eq(wifiChanges.accountNumber, accountNumber),
          gt(wifiChanges.requestedAt, new Date(now.getTime() - HOUR_MS)),
          or(isNull(wifiChanges.reason), ne(wifiChanges.reason, 'unavailable')),
        ),
      )
      .orderBy(asc(wifiChanges.requestedAt))
  }

  function logRevealRefusal(userId: string, reason: 'wrong password' | 'locked') {
    // A digest, not the subject: refusals can be correlated without personal data in logs.
    const user = crypto.createHash('sha256').update(userId).digest('hex').slice(0, 16)
    deps.logger.warn({ user, reason }, 'wifi passphrase refused')
  }

  /**
   * Counts this attempt before the password is checked (removed again when it is right), so
   * a burst of parallel guesses cannot all slip past the limit while the first still hash.
   */
  async function reserveRevealAttempt(userId: string): Promise<string> {
    const now = deps.now()
    const windowStart = new Date(now.getTime() - WIFI_REVEAL_WINDOW_MINUTES * 60_000)
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`devices:wifi-reveal:${userId}`}))`)
      // Attempts older than the window count for nothing: the table keeps only live ones.
      await tx
        .delete(wifiRevealAttempts)
        .where(and(eq(wifiRevealAttempts.userId, userId), lt(wifiRevealAttempts.attemptedAt, windowStart)))
      const [recent] = await tx
        .select({ n: count() })
        .from(wifiRevealAttempts)
        .where(and(eq(wifiRevealAttempts.userId, userId), gt(wifiRevealAttempts.attemptedAt, windowStart)))
      if ((recent?.n ?? 0) >= WIFI_REVEAL_MAX_FAILURES) {
        logRevealRefusal(userId, 'locked')
        throw new ServiceError(429, 'too_many_wrong_passwords', WIFI_TEXT.revealLocked)
      }
      const [row] = await tx
        .insert(wifiRevealAttempts)
        .values({ userId, attemptedAt: now })
        .returning({ id: wifiRevealAttempts.id })
      return row!.id
    })
  }

  const revealUnavailable = () =>
    new ServiceError(409, 'reveal_unavailable', WIFI_TEXT.revealUnavailable, {
      password: [WIFI_TEXT.revealUnavailable],
    })

  /** `wifi` for a device already found to be the caller's account's (the overview's one look-up). */
  async function wifiOfOwnDevice(accountNumber: string, deviceId: string) {
    const change = await latestChange(deviceId)
    const reading = await asking(() => driver.readWifi(deviceId))
    if (!reading) throw new ServiceError(404, 'unknown_device', 'No such modem.')
    const used = await changesThisHour(db, accountNumber, deps.now())
    return {
      deviceId,
      online: reading.online,
      networks: reading.networks.map((network) => ({
        ...network,
        passphraseSettable: PASSPHRASE_MODES.includes(network.security),
      })),
      hosts: reading.hosts.map((host) => ({ ...host, connectedSince: host.connectedSince?.toISOString() ?? null })),
      change: change ? viewOf(change) : null,
      changesLeft: Math.max(0, WIFI_CHANGES_PER_HOUR - used.length),
    }
  }

  return {
    /** The networks, who is connected, the latest change (its outcome asked for while pending), changes left this hour. */
    async wifi(caller: Caller, accountNumber: string, deviceId: string) {
      await requireOwnDevice(caller, accountNumber, deviceId)
      return wifiOfOwnDevice(accountNumber, deviceId)
    },

    wifiOfOwnDevice,

    /** The passphrases, after the caller's current portal password (5 wrong in 15 minutes lock it). */
    async revealWifi(caller: Caller, accountNumber: string, deviceId: string, password: string) {
      await requireOwnDevice(caller, accountNumber, deviceId)
      // Keycloak holds the passwords there: refuse plainly rather than guess.
      if (!settings.identityEmbedded) throw revealUnavailable()
      const attempt = await reserveRevealAttempt(caller.sub)
      const check = await checkCurrentPassword(db, caller.sub, password)
      if (check === 'unknown_user') {
        await db.delete(wifiRevealAttempts).where(eq(wifiRevealAttempts.id, attempt))
        throw revealUnavailable()
      }
      if (check === 'wrong') {
        logRevealRefusal(caller.sub, 'wrong password')
        throw new ServiceError(422, 'wrong_password', WIFI_TEXT.wrongPortalPassword, {
          password: [WIFI_TEXT.wrongPortalPassword],
        })
      }
      // Right: the count starts again, as a sign-in's does.
      await db.delete(wifiRevealAttempts).where(eq(wifiRevealAttempts.userId, caller.sub))
      const reading = await asking(() => driver.readWifi(deviceId))
      const passphrases = await asking(() => driver.readWifiPassphrases(deviceId))
      if (!reading || !passphrases) throw new ServiceError(404, 'unknown_device', 'No such modem.')
      deps.logger.info({ deviceId }, 'wifi passphrase shown')
      return {
        networks: reading.networks.map((network) => ({
          networkId: network.networkId,
          bands: network.bands,
          ssid: network.ssid,
          passphrase: passphrases[network.networkId] ?? null,
        })),
      }
    },

    /**
     * Asks the modem for a new name and/or passphrase and answers 'requested'; the outcome
     * comes later from `wifi`. Refused while the last change is still under way.
     */
    async changeWifi(
      caller: Caller,
      channel: string,
      accountNumber: string,
      deviceId: string,
      change: WifiChange,
    ): Promise<WifiChangeView> {
      await requireOwnDevice(caller, accountNumber, deviceId)
      const under = () => new ServiceError(409, 'change_under_way', WIFI_TEXT.changeUnderWay)
      if ((await latestChange(deviceId))?.state === 'requested') throw under()
      const reading = await asking(() => driver.readWifi(deviceId))
      if (!reading) throw new ServiceError(404, 'unknown_device', 'No such modem.')
      const networks = reading.networks.filter((network) => network.bands.some((band) => change.bands.includes(band)))
      if (!change.bands.every((band) => networks.some((network) => network.bands.includes(band))))
        throw new ServiceError(422, 'no_such_band', WIFI_TEXT.noNetworkOnBand, { bands: [WIFI_TEXT.noNetworkOnBand] })
      if (change.passphrase !== undefined && networks.some((network) => !PASSPHRASE_MODES.includes(network.security)))
        throw new ServiceError(422, 'passphrase_not_settable', WIFI_TEXT.passphraseNotSettable, {
          passphrase: [WIFI_TEXT.passphraseNotSettable],
        })
      const networkIds = networks.map((network) => network.networkId)
      // A band-steered network changes on both bands whichever was asked for: the record says so.
      const bands = WIFI_BANDS.filter((band) => networks.some((network) => network.bands.includes(band)))

      const reserved = await db.transaction(async (tx) => {
        // One change at a time per account, across processes (Postgres, not memory).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`devices:wifi:${accountNumber}`}))`)
        const now = deps.now()
        const [pending] = await tx
          .select({ id: wifiChanges.id })
          .from(wifiChanges)
          .where(and(eq(wifiChanges.deviceId, deviceId), eq(wifiChanges.state, 'requested')))
          .limit(1)
        if (pending) throw under()
        const used = await changesThisHour(tx, accountNumber, now)
        if (used.length >= WIFI_CHANGES_PER_HOUR) {
          const freeAt = used[used.length - WIFI_CHANGES_PER_HOUR]!.requestedAt.getTime() + HOUR_MS
          throw new ServiceError(
            429,
            'too_many_wifi_changes',
            tooManyWifiChangesMessage(Math.ceil((freeAt - now.getTime()) / 60_000)),
          )
        }
        const [row] = await tx
          .insert(wifiChanges)
          .values({
            deviceId,
            accountNumber,
            requestedBy: caller.sub,
            channel,
            requestedAt: now,
            bands,
            networkIds,
            changedName: change.ssid !== undefined,
            changedPassphrase: change.passphrase !== undefined,
            state: 'requested',
          })
          .returning()
        return row!
      })

      // Outside the transaction: the simulated modem keeps its queue in the same database.
      let taskId: string | null
      try {
        ;({ taskId } = await asking(() =>
          driver.requestWifiChange({
            deviceId,
            networkIds,
            ...(change.ssid === undefined ? {} : { ssid: change.ssid }),
            ...(change.passphrase === undefined ? {} : { passphrase: change.passphrase }),
          }),
        ))
      } catch (error) {
        // The ACS did not take it: recorded as failed, and not counted against the hour.
        if (error instanceof ServiceError) await record(reserved, { state: 'failed', reason: 'unavailable' })
        throw error
      }
      const [sent] = await db.update(wifiChanges).set({ taskId }).where(eq(wifiChanges.id, reserved.id)).returning()
      // The outcome is recorded, and the email sent, when the modem should be done (the job
      // queue's wifi-settle; its minutely sweep catches a slower one), even if nobody looks again.
      deps.jobs
        ?.send(
          'wifi-settle',
          { changeId: reserved.id },
          { startAfterSeconds: settings.devices.wifiChangeSeconds + 1, singletonKey: reserved.id },
        )
        .catch((error: unknown) => deps.logger.warn({ err: error, change: reserved.id }, 'wifi settle not queued'))
      deps.logger.info(
        {
          deviceId,
          change: reserved.id,
          bands,
          changedName: sent!.changedName,
          changedPassphrase: sent!.changedPassphrase,
        },
        'wifi change requested',
      )
      return viewOf(sent!)
    },

    /**
     * Settles changes still requested: the job queue's wifi-settle (services/jobs), so the email
     * does not wait for a page view. Several workers may run it: each outcome is recorded once
     * (a conditional update).
     */
    async settleWifiChanges(): Promise<{ settled: number }> {
      const pending = await db
        .select()
        .from(wifiChanges)
        .where(eq(wifiChanges.state, 'requested'))
        .orderBy(asc(wifiChanges.requestedAt))
        .limit(100)
      let settled = 0
      for (const row of pending) {
        try {
          if ((await settle(row)).state !== 'requested') settled++
        } catch (error) {
          // One modem's ACS trouble must not stop the others.
          if (!(error instanceof ServiceError)) throw error
        }
      }
      return { settled }
    },

    /** Background delivery of the outbox; tests wait on `wifiDelivery.settled()`. */
    wifiDelivery: delivery,
  }
}
