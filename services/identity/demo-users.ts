/**
 * DEMO DATA. Users the seed creates when DEMO_DATA is on (the default outside
 * production), so every role can be tried on a fresh installation. The passwords are
 * published in the README: never enable demo data on a public deployment.
 */
import type { Role } from './tables.ts'

export type DemoUser = {
  /**
   * A fixed id, so the Keycloak demo realm (deploy/keycloak/realm-hibla-demo.json, made from this
   * list) gives each user the same `sub` as the embedded provider: what the upstream keys by the
   * user (a sales admin's team, the profile) lines up whichever provider signs them in. Without
   * one (a test's own users) the database picks it.
   */
  id?: string
  email: string
  password: string
  firstName: string
  lastName: string
  mobileNumber: string
  roles: Role[]
  accountNumbers: string[]
  activeAccountNumber: string | null
  agentCode: string | null
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: '00000000-de30-4000-8000-000000000001',
    email: 'applicant@example.com',
    password: 'Applicant2024',
    firstName: 'ANA',
    lastName: 'GARCIA',
    mobileNumber: '9170000001',
    roles: ['base'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: null,
  },
  {
    id: '00000000-de30-4000-8000-000000000002',
    email: 'customer@example.com',
    password: 'Customer2024',
    firstName: 'CARLOS',
    lastName: 'REYES',
    mobileNumber: '9170000002',
    roles: ['base', 'customer'],
    // Demo accounts from services/accounts/seed.ts.
    accountNumbers: ['1000000000001', '1000000000002'],
    activeAccountNumber: '1000000000002',
    agentCode: null,
  },
  // A second customer, holder of 1000000000003: the "another customer's account is
  // refused" tests and journeys sign in as CARLOS and try hers, and the other way round.
  {
    id: '00000000-de30-4000-8000-000000000003',
    email: 'customer2@example.com',
    password: 'Customer2024',
    firstName: 'LIZA',
    lastName: 'SANTOS',
    mobileNumber: '9170000005',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000003'],
    activeAccountNumber: '1000000000003',
    agentCode: null,
  },
  // Two more customers, one per run of the payment journeys (JS and no-JS), each paying into
  // an account of their own (services/accounts/seed.ts).
  {
    id: '00000000-de30-4000-8000-000000000004',
    email: 'customer3@example.com',
    password: 'Customer2024',
    firstName: 'ELENA',
    lastName: 'CRUZ',
    mobileNumber: '9170000006',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000007'],
    activeAccountNumber: '1000000000007',
    agentCode: null,
  },
  {
    id: '00000000-de30-4000-8000-000000000005',
    email: 'customer4@example.com',
    password: 'Customer2024',
    firstName: 'RAMON',
    lastName: 'VILLANUEVA',
    mobileNumber: '9170000007',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000008'],
    activeAccountNumber: '1000000000008',
    agentCode: null,
  },
  // A customer whose only account (1000000000004) is suspended: the referral page tells her
  // why she may not refer friends (issue 15).
  {
    id: '00000000-de30-4000-8000-000000000006',
    email: 'customer5@example.com',
    password: 'Customer2024',
    firstName: 'TERESA',
    lastName: 'BAUTISTA',
    mobileNumber: '9170000009',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000004'],
    activeAccountNumber: '1000000000004',
    agentCode: null,
  },
  // The front-door journey's subscriber (issue 33): pays part of a bill on each run.
  {
    id: '00000000-de30-4000-8000-000000000007',
    email: 'customer6@example.com',
    password: 'Customer2024',
    firstName: 'MIGUEL',
    lastName: 'TORRES',
    mobileNumber: '9170000012',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000011'],
    activeAccountNumber: '1000000000011',
    agentCode: null,
  },
  // issue 37, item 6: two customers whose modems went silent with no outage in their areas,
  // one for each run of the "no internet" journey (JS and no-JS).
  {
    id: '00000000-de30-4000-8000-000000000012',
    email: 'customer7@example.com',
    password: 'Customer2024',
    firstName: 'JOY',
    lastName: 'NAVARRO',
    mobileNumber: '9170000013',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000012'],
    activeAccountNumber: '1000000000012',
    agentCode: null,
  },
  {
    id: '00000000-de30-4000-8000-000000000013',
    email: 'customer8@example.com',
    password: 'Customer2024',
    firstName: 'ARNEL',
    lastName: 'PASCUAL',
    mobileNumber: '9170000014',
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000013'],
    activeAccountNumber: '1000000000013',
    agentCode: null,
  },
  {
    id: '00000000-de30-4000-8000-000000000008',
    email: 'agent@example.com',
    password: 'Agent2024',
    firstName: 'JOSE',
    lastName: 'BAUTISTA',
    mobileNumber: '9170000003',
    roles: ['base', 'sales-agent'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: 'AGT-0001',
  },
  // A second agent on the demo admin's team (services/sales/seed.ts): the "one agent cannot see
  // another's applications" tests and journeys sign in as JOSE and try hers.
  {
    id: '00000000-de30-4000-8000-000000000009',
    email: 'agent2@example.com',
    password: 'Agent2024',
    firstName: 'TERESA',
    lastName: 'MENDOZA',
    mobileNumber: '9170000008',
    roles: ['base', 'sales-agent'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: 'AGT-0002',
  },
  {
    id: '00000000-de30-4000-8000-000000000010',
    email: 'admin@example.com',
    password: 'Admin2024',
    firstName: 'MARIA',
    lastName: 'SANTOS',
    mobileNumber: '9170000004',
    roles: ['base', 'sales-admin'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: null,
  },
  // The operator (issue 17 item 5): reads the first-party analytics report at /ops/analytics.
  {
    id: '00000000-de30-4000-8000-000000000011',
    email: 'operator@example.com',
    password: 'Operator2024',
    firstName: 'PAOLO',
    lastName: 'DIZON',
    mobileNumber: '9170000010',
    roles: ['base', 'operator'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: null,
  },
]
