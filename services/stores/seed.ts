/**
 * The demo stores (issue 16): only with demo data, and only into an empty stores table (a
 * second run, or the operator's imported list, is left alone). In each of the demo
 * coverage's eight towns (services/coverage/seed.ts): a business centre, one or two
 * payment centres and two or three authorized outlets (cash only, spec 9), a few hundred
 * metres to 3 km from the town centre, in real barangays of the town. Names start with
 * 'Demo' and every row is flagged `demo`: `npm run import:stores -- FILE --replace`
 * clears them.
 */
import { count } from 'drizzle-orm'
import type { StorePaymentChannel, StoreService, StoreType } from '../../lib/stores.ts'
import { barangaysIn } from '../address/lookup.ts'
// The seed places the stores around the coverage service's town centres; the running
// service never reads them.
import { offset, townCentresByMunicipality } from '../coverage/seed.ts'
import type { Database } from '../db/client.ts'
import { storeRow, type StoreRecord } from './importer.ts'
import { placesOf } from './places.ts'
import { stores } from './tables.ts'

type Kind = 'business-centre' | 'mall' | 'payment-centre' | 'pawnshop' | 'convenience' | 'supermarket'

type DemoStore = {
  kind: Kind
  /** After 'Demo ': 'Makati Business Centre'. */
  name: string
  addressLine: string
  /** The real barangay's PSGC name, exactly. */
  barangay: string
  /** Metres east and north of the town centre. */
  east: number
  north: number
  /** Other than the kind's usual hours. */
  hours?: string
  phone?: string
}

type DemoTown = { municipalityCode: string; label: string; idPrefix: string; stores: DemoStore[] }

const OFFERS: Record<
  Kind,
  { type: StoreType; services: StoreService[]; channels: StorePaymentChannel[]; hours: string }
> = {
  'business-centre': {
    type: 'business-centre',
    services: ['payments', 'applications', 'repairs', 'modem-swap'],
    channels: ['cash', 'check', 'card'],
    hours: 'Mon-Fri 08:00-17:00; Sat 08:00-12:00',
  },
  mall: {
    type: 'payment-centre',
    services: ['payments'],
    channels: ['cash', 'check', 'card', 'e-wallet'],
    hours: 'Daily 10:00-21:00',
  },
  'payment-centre': {
    type: 'payment-centre',
    services: ['payments'],
    channels: ['cash', 'check', 'card', 'e-wallet'],
    hours: 'Mon-Sat 08:00-17:00',
  },
  // spec 9: authorized outlets take cash only, no checks.
  pawnshop: { type: 'authorized-outlet', services: ['payments'], channels: ['cash'], hours: 'Mon-Sat 08:30-17:30' },
  convenience: { type: 'authorized-outlet', services: ['payments'], channels: ['cash'], hours: 'Daily 00:00-24:00' },
  supermarket: { type: 'authorized-outlet', services: ['payments'], channels: ['cash'], hours: 'Daily 08:00-21:00' },
}

/** Per type, the id's middle part: DEMO-MKT-BC-01. */
const ID_PART: Record<StoreType, string> = {
  'business-centre': 'BC',
  'payment-centre': 'PC',
  'authorized-outlet': 'AO',
}

export const DEMO_STORE_TOWNS: DemoTown[] = [
  {
    municipalityCode: '80300',
    label: 'Makati',
    idPrefix: 'MKT',
    stores: [
      {
        kind: 'business-centre',
        name: 'Makati Business Centre',
        addressLine: 'Ground floor, Demo Tower, Ayala Avenue',
        barangay: 'Urdaneta',
        east: -500,
        north: 400,
        phone: '(02) 8555 0101',
      },
      {
        kind: 'mall',
        name: 'Makati Mall Payment Centre',
        addressLine: 'Level 2, Demo Mall, Ayala Center',
        barangay: 'San Lorenzo',
        east: -800,
        north: 100,
      },
      {
        kind: 'payment-centre',
        name: 'Poblacion Payment Centre',
        addressLine: 'J.P. Rizal Avenue',
        barangay: 'Poblacion',
        east: -300,
        north: 1900,
      },
      {
        kind: 'pawnshop',
        name: 'Guadalupe Pawnshop',
        addressLine: 'EDSA corner Guadalupe Street',
        barangay: 'Guadalupe Nuevo',
        east: 1400,
        north: 1300,
      },
      {
        kind: 'convenience',
        name: 'Salcedo Convenience Store',
        addressLine: 'Valero Street',
        barangay: 'Bel-Air',
        east: -700,
        north: 1200,
      },
      {
        kind: 'supermarket',
        name: 'Pio del Pilar Supermarket Bills Payment',
        addressLine: 'Chino Roces Avenue',
        barangay: 'Pio Del Pilar',
        east: -2000,
        north: 0,
      },
    ],
  },
  {
    municipalityCode: '81300',
    label: 'Quezon City',
    idPrefix: 'QC',
    stores: [
      {
        kind: 'business-centre',
        name: 'Quezon City Business Centre',
        addressLine: 'Ground floor, Demo Building, Elliptical Road',
        barangay: 'Central',
        east: -400,
        north: 300,
        phone: '(02) 8555 0201',
      },
      {
        kind: 'mall',
        name: 'North Avenue Mall Payment Centre',
        addressLine: 'Level 3, Demo Mall, North Avenue',
        barangay: 'Bagong Pag-asa',
        east: -2200,
        north: 700,
      },
      {
        kind: 'payment-centre',
        name: 'Maginhawa Payment Centre',
        addressLine: 'Maginhawa Street',
        barangay: 'Teachers Village East',
        east: 1200,
        north: -300,
      },
      {
        kind: 'pawnshop',
        name: 'Kamuning Pawnshop',
        addressLine: 'Kamuning Road',
        barangay: 'Kamuning',
        east: -1100,
        north: -1800,
      },
      {
        kind: 'convenience',
        name: 'Katipunan Convenience Store',
        addressLine: 'Katipunan Avenue',
        barangay: 'Loyola Heights',
        east: 2600,
        north: -800,
      },
      {
        kind: 'supermarket',
        name: 'Project 6 Supermarket Bills Payment',
        addressLine: 'Road 3',
        barangay: 'Project 6',
        east: -1300,
        north: 1400,
        hours: 'Daily 09:00-20:00',
      },
    ],
  },
  {
    municipalityCode: '30600',
    label: 'Cebu',
    idPrefix: 'CEB',
    stores: [
      {
        kind: 'business-centre',
        name: 'Cebu Business Centre',
        addressLine: 'Ground floor, Demo Building, Osmeña Boulevard',
        barangay: 'Capitol Site',
        east: 300,
        north: 200,
        phone: '(032) 555 0301',
      },
      {
        kind: 'mall',
        name: 'Cebu Mall Payment Centre',
        addressLine: 'Level 2, Demo Mall, Archbishop Reyes Avenue',
        barangay: 'Luz',
        east: 1500,
        north: 100,
      },
      {
        kind: 'payment-centre',
        name: 'IT Park Payment Centre',
        addressLine: 'Salinas Drive',
        barangay: 'Lahug',
        east: 1700,
        north: 1500,
        hours: 'Mon-Sat 09:00-18:00',
      },
      {
        kind: 'pawnshop',
        name: 'Sambag Pawnshop',
        addressLine: 'Urgello Street',
        barangay: 'Sambag II',
        east: 300,
        north: -1500,
      },
      {
        kind: 'convenience',
        name: 'Guadalupe Convenience Store',
        addressLine: 'V. Rama Avenue',
        barangay: 'Guadalupe',
        east: -1100,
        north: 300,
        // Open past midnight: closes at 2 the next morning.
        hours: 'Daily 06:00-02:00',
      },
      {
        kind: 'supermarket',
        name: 'Colon Supermarket Bills Payment',
        addressLine: 'Colon Street',
        barangay: 'Kalubihan',
        east: 1000,
        north: -2100,
      },
    ],
  },
  {
    municipalityCode: '31300',
    label: 'Mandaue',
    idPrefix: 'MDE',
    stores: [
      {
        kind: 'business-centre',
        name: 'Mandaue Business Centre',
        addressLine: 'Ground floor, Demo Building, M.C. Briones Street',
        barangay: 'Subangdaku',
        east: 400,
        north: 300,
        phone: '(032) 555 0401',
      },
      {
        kind: 'mall',
        name: 'Mandaue Mall Payment Centre',
        addressLine: 'Level 1, Demo Mall, Ouano Avenue',
        barangay: 'Tipolo',
        east: 1200,
        north: 1000,
      },
      {
        kind: 'pawnshop',
        name: 'Mandaue Centro Pawnshop',
        addressLine: 'Plaridel Street',
        barangay: 'Centro',
        east: 2100,
        north: 500,
      },
      {
        kind: 'convenience',
        name: 'A.S. Fortuna Convenience Store',
        addressLine: 'A.S. Fortuna Street',
        barangay: 'Banilad',
        east: -300,
        north: 1500,
      },
    ],
  },
  {
    municipalityCode: '30700',
    label: 'Davao',
    idPrefix: 'DVO',
    stores: [
      {
        kind: 'business-centre',
        name: 'Davao Business Centre',
        addressLine: 'Ground floor, Demo Building, C.M. Recto Street',
        barangay: 'Barangay 5-A',
        east: 100,
        north: 300,
        phone: '(082) 555 0501',
      },
      {
        kind: 'mall',
        name: 'Matina Mall Payment Centre',
        addressLine: 'Level 2, Demo Mall, MacArthur Highway',
        barangay: 'Matina Crossing',
        east: -2200,
        north: -1300,
      },
      {
        kind: 'payment-centre',
        name: 'Agdao Payment Centre',
        addressLine: 'Lapu-Lapu Street',
        barangay: 'Agdao',
        east: 1000,
        north: 1300,
      },
      {
        kind: 'pawnshop',
        name: 'Bucana Pawnshop',
        addressLine: 'Quezon Boulevard',
        barangay: 'Bucana',
        east: -200,
        north: -1400,
      },
      {
        kind: 'convenience',
        name: 'Davao Centro Convenience Store',
        addressLine: 'J.P. Laurel Avenue',
        barangay: 'Centro',
        east: 800,
        north: 800,
      },
    ],
  },
  {
    municipalityCode: '05416',
    label: 'San Fernando',
    idPrefix: 'SFP',
    stores: [
      {
        kind: 'business-centre',
        name: 'San Fernando Business Centre',
        addressLine: 'Ground floor, Demo Building, B. Mendoza Street',
        barangay: 'Santo Niño',
        east: 300,
        north: -300,
        phone: '(045) 555 0601',
      },
      {
        kind: 'mall',
        name: 'San Fernando Mall Payment Centre',
        addressLine: 'Level 1, Demo Mall, Jose Abad Santos Avenue',
        barangay: 'Dolores',
        east: -500,
        north: 1200,
      },
      {
        kind: 'pawnshop',
        name: 'Consunji Pawnshop',
        addressLine: 'Consunji Street',
        barangay: 'San Jose',
        east: 800,
        north: -700,
      },
      {
        kind: 'convenience',
        name: 'Del Pilar Convenience Store',
        addressLine: 'MacArthur Highway',
        barangay: 'Del Pilar',
        east: 1500,
        north: -1000,
      },
      {
        kind: 'supermarket',
        name: 'Lourdes Supermarket Bills Payment',
        addressLine: 'Lazatin Boulevard',
        barangay: 'Lourdes',
        east: -1200,
        north: 300,
      },
    ],
  },
  {
    municipalityCode: '30100',
    label: 'Angeles',
    idPrefix: 'ANG',
    stores: [
      {
        kind: 'business-centre',
        name: 'Angeles Business Centre',
        addressLine: 'Ground floor, Demo Building, Miranda Street',
        barangay: 'Sto. Rosario',
        east: 600,
        north: -1400,
        phone: '(045) 555 0701',
      },
      {
        kind: 'mall',
        name: 'Angeles Mall Payment Centre',
        addressLine: 'Level 2, Demo Mall, Angeles–Magalang Road',
        barangay: 'Pulung Maragul',
        east: 2700,
        north: 1000,
      },
      {
        kind: 'pawnshop',
        name: 'Pampang Pawnshop',
        addressLine: 'Henson Street',
        barangay: 'Pampang',
        east: 700,
        north: 0,
      },
      {
        kind: 'convenience',
        name: 'Balibago Night Convenience Store',
        addressLine: 'Fields Avenue',
        barangay: 'Balibago',
        east: 700,
        north: 1700,
        // Evenings into the small hours only.
        hours: 'Mon-Sun 18:00-02:00',
      },
      {
        kind: 'supermarket',
        name: 'Friendship Supermarket Bills Payment',
        addressLine: 'Fil-Am Friendship Highway',
        barangay: 'Anunas',
        east: -1200,
        north: 500,
      },
    ],
  },
  {
    municipalityCode: '31000',
    label: 'Iloilo',
    idPrefix: 'ILO',
    stores: [
      {
        kind: 'business-centre',
        name: 'Iloilo Business Centre',
        addressLine: 'Ground floor, Demo Building, Iznart Street',
        barangay: 'Ortiz',
        east: -300,
        north: 300,
        phone: '(033) 555 0801',
      },
      {
        kind: 'mall',
        name: 'Mandurriao Mall Payment Centre',
        addressLine: 'Level 1, Demo Mall, Benigno Aquino Avenue',
        barangay: 'Airport',
        east: -1400,
        north: 1900,
      },
      {
        kind: 'payment-centre',
        name: 'La Paz Payment Centre',
        addressLine: 'Huervana Street',
        barangay: 'Luna (La Paz)',
        east: 700,
        north: 1500,
      },
      {
        kind: 'pawnshop',
        name: 'Delgado Pawnshop',
        addressLine: 'Delgado Street',
        barangay: 'Delgado-Jalandoni-Bagumbayan',
        east: 200,
        north: -300,
      },
      {
        kind: 'convenience',
        name: 'Molo Convenience Store',
        addressLine: 'M.H. del Pilar Street',
        barangay: 'Poblacion Molo',
        east: -2100,
        north: 0,
      },
      {
        kind: 'supermarket',
        name: 'Jaro Supermarket Bills Payment',
        addressLine: 'E. Lopez Street',
        barangay: 'San Jose (Jaro)',
        east: -700,
        north: 2900,
      },
    ],
  },
]

/** The demo stores as records (with their barangay's code), placed around the town centres. */
async function demoStores(db: Database): Promise<StoreRecord[]> {
  const centres = await townCentresByMunicipality(db)
  const records: StoreRecord[] = []
  for (const town of DEMO_STORE_TOWNS) {
    const centre = centres.get(town.municipalityCode)
    if (!centre) throw new Error(`stores seed: no town centre for ${town.label} (${town.municipalityCode})`)
    const barangays = await barangaysIn(db, town.municipalityCode)
    const numbers: Record<StoreType, number> = { 'business-centre': 0, 'payment-centre': 0, 'authorized-outlet': 0 }
    for (const store of town.stores) {
      const barangay = barangays.find((b) => b.name === store.barangay)
      if (!barangay) throw new Error(`stores seed: no barangay ${store.barangay} in ${town.label}`)
      const offer = OFFERS[store.kind]
      const number = ++numbers[offer.type]
      records.push({
        storeId: `DEMO-${town.idPrefix}-${ID_PART[offer.type]}-${String(number).padStart(2, '0')}`,
        type: offer.type,
        name: `Demo ${store.name}`,
        addressLine: store.addressLine,
        barangayCode: barangay.code,
        ...offset(centre, store.east, store.north),
        hours: store.hours ?? offer.hours,
        services: offer.services,
        paymentChannels: offer.channels,
        phone: store.phone ?? null,
      })
    }
  }
  return records
}

export async function seedStores(db: Database, options: { demo?: boolean }): Promise<Record<string, number>> {
  if (!options.demo) return {}
  const [present] = await db.select({ n: count() }).from(stores)
  if (present!.n > 0) return { demoStores: 0 } // seeded before, or the operator's list
  const records = await demoStores(db)
  const places = await placesOf(
    db,
    records.map((r) => r.barangayCode),
  )
  const now = new Date()
  await db
    .insert(stores)
    .values(records.map((record) => storeRow(record, places.get(record.barangayCode)!, now, { demo: true })))
    .onConflictDoNothing()
  return { demoStores: records.length }
}
