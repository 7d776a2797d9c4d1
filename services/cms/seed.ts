/**
 * Starter content for a fresh installation: legal texts, product terms, landing content
 * and the help centre (categories, FAQs, knowledge base, videos) of a Philippine fibre provider. It is a seed for an operator to replace with
 * texts their lawyers approve (edit cms.documents); it is inserted only where a
 * document is missing, so a second run, or an operator's edits, are left alone.
 */
import type { Database } from '../db/client.ts'
import { cookiePolicy } from './content/cookie-policy.ts'
import { banners, footers, landingImage } from './content/landing.ts'
import { privacyNotice } from './content/privacy-notice.ts'
import { productTerms } from './content/product-terms.ts'
import { termsAndConditions } from './content/terms-and-conditions.ts'
import { termsOfUse } from './content/terms-of-use.ts'
import { documentName } from './documents.ts'
import { helpCategorySeeds, helpEntrySeeds } from './content/help.ts'
import { documents, helpCategories, helpEntries } from './tables.ts'

/** Replaces `{product}` in every string of a JSON value. */
export function withProductName<T>(value: T, productName: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll('{product}', productName)) as T
}

export function cmsSeedDocuments(productName: string): { name: string; content: unknown }[] {
  const rows: { name: string; content: unknown }[] = [
    { name: documentName.legalPage('terms_and_conditions'), content: termsAndConditions },
    { name: documentName.legalPage('privacy_notice'), content: privacyNotice },
    { name: documentName.legalPage('cookie_policy'), content: cookiePolicy },
    { name: documentName.legalPage('terms_of_use'), content: termsOfUse },
    ...Object.entries(productTerms).map(([product, content]) => ({
      name: documentName.productTerms(product),
      content,
    })),
    { name: documentName.banners, content: banners },
    { name: documentName.footers, content: footers },
    { name: documentName.landingImage, content: landingImage },
  ]
  return rows.map((row) => ({ ...row, content: withProductName(row.content, productName) }))
}

export async function seedCms(db: Database, options: { productName: string }): Promise<Record<string, number>> {
  const added = await db
    .insert(documents)
    .values(cmsSeedDocuments(options.productName))
    .onConflictDoNothing({ target: documents.name })
    .returning({ name: documents.name })
  const categories = await db
    .insert(helpCategories)
    .values(helpCategorySeeds.map((category, position) => ({ ...category, position })))
    .onConflictDoNothing({ target: helpCategories.id })
    .returning({ id: helpCategories.id })
  const entries = await db
    .insert(helpEntries)
    .values(
      withProductName(helpEntrySeeds, options.productName).map((entry, position) => ({
        ...entry,
        featured: entry.featured ?? false,
        position,
      })),
    )
    .onConflictDoNothing({ target: helpEntries.id })
    .returning({ id: helpEntries.id })
  return { cmsDocuments: added.length, helpCategories: categories.length, helpEntries: entries.length }
}
