/** spec 7's serviceable leads as a sales admin reads them (issue 33, item 7). */
import { displayMobile } from '../../../lib/mobile'
import { formatDate } from '../../../lib/dates'
import type { LeadsPage } from './leads.server'
import { SalesNav } from './sales-nav'
import { LEADS_TEXT as TEXT } from './texts'

export function SalesLeads({ page }: { page: LeadsPage }) {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{TEXT.intro}</p>
      {page.leads === null ? (
        <p role="alert" className="font-semibold">
          {page.failure ?? TEXT.failed}
        </p>
      ) : page.leads.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="serviceable-leads">
            <thead>
              <tr>
                {[TEXT.name, TEXT.contact, TEXT.address, TEXT.checked, TEXT.by].map((heading) => (
                  <th key={heading} scope="col" className="p-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.leads.map((lead) => (
                <tr key={lead.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="p-2 font-semibold">{`${lead.firstName} ${lead.lastName}`}</td>
                  <td className="p-2">
                    <a href={`tel:+63${lead.mobileNumber}`} className="underline">
                      {/* Non-breaking spaces: a number never splits across lines. */}
                      {displayMobile(lead.mobileNumber).replaceAll(' ', '\u00a0')}
                    </a>
                    <br />
                    <a href={`mailto:${lead.email}`} className="underline">
                      {lead.email}
                    </a>
                  </td>
                  <td className="p-2">{lead.address}</td>
                  <td className="p-2">{formatDate(lead.checkedAt, 'dateTime')}</td>
                  <td className="p-2">{lead.agentCode === 'self' ? TEXT.visitor : lead.agentCode}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
