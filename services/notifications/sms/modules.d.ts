/**
 * The parts of two untyped npm packages the SMS transports use: `smpp` (SMPP 3.4/5.0 client
 * and server) and `split-sms` (GSM 03.38 / UCS-2 splitting). Only what this code calls.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events'
  import type { Server as NetServer, Socket } from 'node:net'

  export type PduFields = Record<string, unknown>
  export class PDU {
    constructor(command: string, options?: PduFields)
    command: string
    command_status: number
    sequence_number: number;
    [field: string]: unknown
    isResponse(): boolean
    response(options?: PduFields): PDU
  }
  export class Session extends EventEmitter {
    socket: Socket
    server?: Server
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean
    close(callback?: () => void): void
    destroy(callback?: () => void): void
    pause(): void
    resume(): void
    bind_transceiver(options: PduFields, callback: (pdu: PDU) => void): boolean
    bind_transmitter(options: PduFields, callback: (pdu: PDU) => void): boolean
    submit_sm(options: PduFields, callback: (pdu: PDU) => void): boolean
    deliver_sm(options: PduFields, callback?: (pdu: PDU) => void): boolean
    enquire_link(options?: PduFields | ((pdu: PDU) => void), callback?: (pdu: PDU) => void): boolean
    unbind(options?: PduFields | ((pdu: PDU) => void), callback?: (pdu: PDU) => void): boolean
  }
  export class Server extends NetServer {
    sessions: Session[]
  }
  export function connect(options: { url: string; auto_enquire_link_period?: number; connectTimeout?: number }): Session
  export function createServer(listener: (session: Session) => void): Server
  export const gsmCoder: {
    encode(text: string, encoding: number): Buffer
    decode(bytes: Buffer, encoding: number): string
  }
  export const ESME_ROK: number
  export const ESME_RBINDFAIL: number
  export const ESME_RINVDSTADR: number
  export const ESME_RTHROTTLED: number
}

declare module 'split-sms' {
  export type SplitResult = {
    characterSet: 'GSM' | 'Unicode'
    parts: { content: string; length: number; bytes: number }[]
    bytes: number
    length: number
    remainingInPart: number
  }
  export function split(message: string, options?: { characterset?: 'GSM' | 'Unicode'; summary?: boolean }): SplitResult
  export const GSM: 'GSM'
  export const UNICODE: 'Unicode'
}
