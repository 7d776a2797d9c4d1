/**
 * DEMO DATA (issue 13; docs/decisions/0044), seeded only with the demo users (DEMO_DATA):
 * - the sales roster: MARIA SANTOS (admin@example.com) is the TSM of JOSE BAUTISTA
 *   (agent@example.com, AGT-0001) and TERESA MENDOZA (agent2@example.com, AGT-0002);
 * - a few promo codes;
 * - applications filed by the two agents in every dashboard bucket, dated relative to the
 *   seed's clock so the dashboard's week, month and 14-day chart have something to show.
 * Every row is marked: roster and promo rows `demo`, applications by their source 'DemoSeed'
 * and fixed ids (…-0000000051xx), so an operator can find and delete them.
 */
import { type ApplicationPayload } from '../../lib/application.ts'
import { manilaDate } from '../../lib/manila-time.ts'
import type { ApplicationStatus } from '../../lib/application-status.ts'
import { addDemoApplication, DEMO_PAYLOAD } from '../applications/seed.ts'
import type { Database } from '../db/client.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { promoCodes, salesAgents } from './tables.ts'

export const DEMO_TEAM: DemoTeam = {
  admin: 'admin@example.com',
  agents: [
    { email: 'agent@example.com', agentCode: 'AGT-0001' },
    { email: 'agent2@example.com', agentCode: 'AGT-0002' },
  ],
}

export const DEMO_PROMO_CODES = [
  {
    code: 'FIBERWELCOME',
    description: '₱500.00 off the first bill for new subscribers',
    discountPesos: 500,
    segments: [] as string[],
    planCodes: [] as string[],
  },
  {
    code: 'HOME1000',
    description: '₱1,000.00 off the first bill, residential plans from Fiber Plan 1699',
    discountPesos: 1000,
    segments: ['Residential'],
    planCodes: ['fiber-plan-1699', 'fiber-tv-plan-1999', 'fiber-plan-2499', 'fiber-plan-3499'],
  },
  {
    code: 'SMEBOOST',
    description: '₱1,500.00 off the first bill, SME plans',
    discountPesos: 1500,
    segments: ['SME'],
    planCodes: [] as string[],
  },
]

type DemoFiling = {
  n: number
  agentCode: string
  daysAgo: number
  status: ApplicationStatus
  firstName: string
  lastName: string
  planName: string
}

/** What each demo agent filed: every bucket for JOSE, a few for TERESA. */
export const DEMO_FILINGS: DemoFiling[] = [
  {
    n: 1,
    agentCode: 'AGT-0001',
    daysAgo: 0,
    status: 'submitted',
    firstName: 'PAOLO',
    lastName: 'DELA CRUZ',
    planName: 'Fiber Plan 1699',
  },
  {
    n: 2,
    agentCode: 'AGT-0001',
    daysAgo: 1,
    status: 'documents_in_review',
    firstName: 'JASMINE',
    lastName: 'AQUINO',
    planName: 'Fiber Plan 2499',
  },
  {
    n: 3,
    agentCode: 'AGT-0001',
    daysAgo: 3,
    status: 'for_compliance',
    firstName: 'MIGUEL',
    lastName: 'TORRES',
    planName: 'Fiber Plan 1699',
  },
  {
    n: 4,
    agentCode: 'AGT-0001',
    daysAgo: 6,
    status: 'approved',
    firstName: 'ANGELICA',
    lastName: 'RAMOS',
    planName: 'Fiber Plan 1699',
  },
  {
    n: 5,
    agentCode: 'AGT-0001',
    daysAgo: 12,
    status: 'installed',
    firstName: 'RICARDO',
    lastName: 'FLORES',
    planName: 'Fiber Plan 2499',
  },
  {
    n: 6,
    agentCode: 'AGT-0001',
    daysAgo: 20,
    status: 'rejected',
    firstName: 'BEATRIZ',
    lastName: 'NAVARRO',
    planName: 'Fiber Plan 1699',
  },
  {
    n: 7,
    agentCode: 'AGT-0002',
    daysAgo: 2,
    status: 'submitted',
    firstName: 'GABRIEL',
    lastName: 'CASTILLO',
    planName: 'Fiber Plan 1699',
  },
  {
    n: 8,
    agentCode: 'AGT-0002',
    daysAgo: 9,
    status: 'installation_scheduled',
    firstName: 'KRISTINE',
    lastName: 'LIM',
    planName: 'Fiber Plan 2499',
  },
  // Two more of JOSE's for compliance, one per run of the journey where he sends the ID
  // again for the customer (tests/e2e/sales-compliance.spec.ts): sending it closes the case.
  {
    n: 9,
    agentCode: 'AGT-0001',
    daysAgo: 2,
    status: 'for_compliance',
    firstName: 'LUCIA',
    lastName: 'MERCADO',
    planName: 'Fiber Plan 1299',
  },
  {
    n: 10,
    agentCode: 'AGT-0001',
    daysAgo: 2,
    status: 'for_compliance',
    firstName: 'ROMEO',
    lastName: 'SALAZAR',
    planName: 'Fiber Plan 1299',
  },
]

/** The status moves that lead to each demo status (after 'submitted'). */
const PATH: Record<ApplicationStatus, ApplicationStatus[]> = {
  submitted: [],
  documents_in_review: ['documents_in_review'],
  for_compliance: ['documents_in_review', 'for_compliance'],
  approved: ['documents_in_review', 'approved'],
  installation_scheduled: ['documents_in_review', 'approved', 'installation_scheduled'],
  installed: ['documents_in_review', 'approved', 'installation_scheduled', 'installed'],
  rejected: ['documents_in_review', 'rejected'],
}

const demoId = (n: number, kind: 'a' | 'e', step = 0) =>
  `00000000-0000-4000-8000-${kind === 'a' ? '0000000051' : '00000051e'}${kind === 'a' ? String(n).padStart(2, '0') : `${n}${step}`.padStart(3, '0')}`

export type DemoTeam = { admin: string; agents: readonly { email: string; agentCode: string }[] }

/**
 * A team's roster: each agent (an existing user, by email) under the admin as TSM. Returns
 * how many were added. The demo team below; a test may add a team of its own (the
 * access-control matrix's agent of another team).
 */
export async function seedSalesTeam(db: Database, team: DemoTeam, now: Date = new Date()): Promise<number> {
  const admin = await findUserRowByEmail(db, team.admin)
  let agents = 0
  for (const agent of team.agents) {
    const user = await findUserRowByEmail(db, agent.email)
    if (!user || !admin) continue
    const added = await db
      .insert(salesAgents)
      .values({ agentCode: agent.agentCode, userId: user.id, managerUserId: admin.id, demo: true, createdAt: now })
      .onConflictDoNothing()
      .returning({ agentCode: salesAgents.agentCode })
    agents += added.length
  }
  return agents
}

export async function seedDemoSales(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const agents = await seedSalesTeam(db, DEMO_TEAM, now)

  const today = manilaDate(now)
  const year = Number(today.slice(0, 4))
  const promos = await db
    .insert(promoCodes)
    .values(
      DEMO_PROMO_CODES.map((promo) => ({
        ...promo,
        validFrom: `${year - 1}-01-01`,
        validUntil: `${year + 1}-12-31`,
        demo: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: promoCodes.code })

  let filed = 0
  for (const filing of DEMO_FILINGS) {
    const createdAt = new Date(now.getTime() - filing.daysAgo * 86_400_000 - 2 * 3_600_000)
    const date = manilaDate(createdAt)
    const email = `${filing.firstName.toLowerCase()}.${filing.lastName.toLowerCase().replace(/\s+/g, '')}@example.com`
    const mobileNumber = `91800000${String(filing.n).padStart(2, '0')}`
    const payload: ApplicationPayload = {
      ...DEMO_PAYLOAD,
      firstName: filing.firstName,
      lastName: filing.lastName,
      emailAddress: email,
      mobileNumber,
      planName: filing.planName,
      planCode: filing.planName.toLowerCase().replace(/\s+/g, '-'),
      agentCode: filing.agentCode,
      appointment: { slotId: `${manilaDate(new Date(createdAt.getTime() + 5 * 86_400_000))}-AM` },
    }
    const added = await addDemoApplication(db, {
      application: {
        id: demoId(filing.n, 'a'),
        referenceNo: `OO-${date.replace(/-/g, '').slice(2)}-AGT${String(100 + filing.n)}`,
        idempotencyKeyHash: `demo-sales-${filing.n}`,
        customerSegment: 'Residential',
        status: filing.status,
        emailAddress: email,
        mobileNumber,
        slotId: payload.appointment.slotId,
        payload,
        agentCode: filing.agentCode,
        createdAt,
      },
      events: PATH[filing.status].map((status, i) => ({
        id: demoId(filing.n, 'e', i + 1),
        status,
        reason: status === 'rejected' ? 'The address is outside our network.' : null,
        createdAt: new Date(createdAt.getTime() + (i + 1) * 3 * 3_600_000),
      })),
      rejections:
        filing.status === 'for_compliance'
          ? [
              {
                category: 'governmentIssued',
                reason: 'The photo of the ID is cut off. Please send a photo of the whole card.',
                rejectedAt: new Date(createdAt.getTime() + 6 * 3_600_000),
              },
            ]
          : [],
    })
    if (added) filed++
  }
  return { demoSalesAgents: agents, demoPromoCodes: promos.length, demoSalesApplications: filed }
}
