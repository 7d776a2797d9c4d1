/**
 * A flow's page that keeps a draft (issue 38, item 6): its handle gives the shell (root.tsx) the
 * component that shows the draft's 4 hours, so that code travels with the flow's pages only.
 */
import DraftExpiry from './draft-expiry'

export const KEEPS_DRAFT = { draftExpiry: DraftExpiry } as const
