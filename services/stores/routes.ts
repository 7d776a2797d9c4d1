/**
 * The store locator's calls (issue 16; spec 7: the store locator and the store provinces,
 * GET v1 with a `type` query). Public: a visitor finds a store without signing in.
 *
 *   GET /v1/stores?type=TYPE[&province=CODE]  the stores of a type, by town then name
 *   GET /v1/stores/provinces?type=TYPE        the provinces that have stores of a type
 */
import { Hono } from 'hono'
import { STORE_TYPES, type StoreType } from '../../lib/stores.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { createStoresService } from './service.ts'

const PROVINCE_CODE = /^[0-9]{1,10}$/

function storeType(value: string | undefined): StoreType {
  if (!(STORE_TYPES as readonly (string | undefined)[]).includes(value)) {
    throw new ServiceError(400, 'invalid_query', `type is one of ${STORE_TYPES.join(', ')}.`)
  }
  return value as StoreType
}

export function storesRoutes(deps: ServiceDeps) {
  const app = new Hono()
  const service = createStoresService(deps)

  app.get('/v1/stores', async (c) => {
    const type = storeType(c.req.query('type'))
    // An empty province is none: every store of the type.
    const province = c.req.query('province') || undefined
    if (province !== undefined && !PROVINCE_CODE.test(province)) {
      throw new ServiceError(400, 'invalid_query', 'province is a PSGC province code.')
    }
    return c.json(ok(await service.list(type, province)))
  })

  app.get('/v1/stores/provinces', async (c) => {
    const type = storeType(c.req.query('type'))
    return c.json(ok(await service.provinces(type)))
  })

  return app
}
