/**
 * The sales menus (spec 2, Shell: Dashboard and Account Info; a sales admin's Serviceable
 * leads, issue 33), shown only when the agent's details loaded (spec 6).
 */
import { useRootData } from '~/root-data'
import { AppLink } from '~/ui/app-link'
import { SALES_TEXT as TEXT } from './texts'

export function SalesNav() {
  const admin = useRootData()?.user?.salesAdmin
  return (
    <nav aria-label={TEXT.nav.label} className="flex gap-4 text-sm font-semibold">
      <AppLink to="/sales" className="underline">
        {TEXT.nav.dashboard}
      </AppLink>
      <AppLink to="/sales/account" className="underline">
        {TEXT.nav.account}
      </AppLink>
      {admin ? (
        <AppLink to="/sales/leads" className="underline">
          {TEXT.nav.leads}
        </AppLink>
      ) : null}
    </nav>
  )
}
