/**
 * An SMSC for tests (never started by the services): the `smpp` package's own server side on
 * a free loopback port. It takes binds with one system id and password, answers submit_sm
 * with ids `smsc-1`, `smsc-2`..., keeps what was submitted, and sends delivery receipts
 * when a test asks. `dropSessions` cuts every connection (the reconnect test);
 * `answerEnquireLink = false` leaves the client's keep-alive unanswered.
 */
import type { AddressInfo } from 'node:net'
import smpp from 'smpp'

export type Submitted = {
  id: string
  destination: string
  source: string
  sourceTon: number
  dataCoding: number
  esmClass: number
  /** The text as the SMSC decodes it by its data_coding. */
  text: string
  /** The user data header's information elements, each [IEI, length, ...data]: none for a one-part message. */
  udh: Buffer[]
  session: smpp.Session
}

export type Smsc = Awaited<ReturnType<typeof startSmsc>>

export async function startSmsc(credentials = { systemId: 'hibla', password: 'secret1' }) {
  const submitted: Submitted[] = []
  const bound: smpp.Session[] = []
  const state = { binds: 0, refusedBinds: 0, enquireLinks: 0, answerEnquireLink: true, refuseWith: 0 }
  let serial = 0
  const server = smpp.createServer((session) => {
    const bind = (pdu: smpp.PDU) => {
      if (pdu.system_id !== credentials.systemId || pdu.password !== credentials.password) {
        state.refusedBinds++
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }))
        session.close()
        return
      }
      state.binds++
      bound.push(session)
      session.send(pdu.response({ system_id: 'stand-in' }))
    }
    session.on('bind_transceiver', bind)
    session.on('bind_transmitter', bind)
    session.on('submit_sm', (pdu: smpp.PDU) => {
      if (state.refuseWith) {
        session.send(pdu.response({ command_status: state.refuseWith }))
        return
      }
      const id = `smsc-${++serial}`
      const message = pdu.short_message as { udh?: Buffer[]; message: string | Buffer }
      submitted.push({
        id,
        destination: String(pdu.destination_addr),
        source: String(pdu.source_addr),
        sourceTon: Number(pdu.source_addr_ton),
        dataCoding: Number(pdu.data_coding),
        esmClass: Number(pdu.esm_class),
        text: String(message.message),
        udh: message.udh ?? [],
        session,
      })
      session.send(pdu.response({ message_id: id }))
    })
    session.on('enquire_link', (pdu: smpp.PDU) => {
      state.enquireLinks++
      if (state.answerEnquireLink) session.send(pdu.response())
    })
    session.on('unbind', (pdu: smpp.PDU) => {
      session.send(pdu.response())
      session.close()
    })
    session.on('error', () => {})
    session.socket.on('close', () => bound.splice(bound.indexOf(session) >>> 0, bound.includes(session) ? 1 : 0))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo

  return {
    url: `smpp://127.0.0.1:${port}`,
    submitted,
    state,
    bound,
    /** A delivery receipt for `id`: with the TLVs (receipted_message_id, message_state), or as text only. */
    receipt(id: string, stat: 'DELIVRD' | 'UNDELIV' | 'EXPIRED', options: { textOnly?: boolean } = {}) {
      const message = submitted.find((m) => m.id === id)!
      const states = { DELIVRD: 2, EXPIRED: 3, UNDELIV: 5 }
      return new Promise<number>((resolve) => {
        message.session.deliver_sm(
          {
            source_addr: message.destination,
            destination_addr: message.source,
            esm_class: 0x04,
            short_message: `id:${id} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2506020100 done date:2506020101 stat:${stat} err:000 text:`,
            ...(options.textOnly ? {} : { receipted_message_id: id, message_state: states[stat] }),
          },
          (response) => resolve(response.command_status),
        )
      })
    },
    /** Cuts every connection, as an SMSC restart would. */
    dropSessions() {
      for (const session of [...bound]) session.destroy()
    },
    close() {
      for (const session of [...bound]) session.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
