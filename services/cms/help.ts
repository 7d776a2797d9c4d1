/**
 * The help centre's reads (spec 1, help centre; spec 7, Content): categories, featured
 * FAQs, a category's answers, one answer, the knowledge base, the videos, and search.
 *
 * Search is ILIKE, not Postgres full-text search: the content is a few hundred rows at
 * most, it behaves the same on PGlite and Postgres, and it matches parts of words ("pay"
 * finds "payment"), which a help box needs more than stemming. Every word must appear in
 * the question or the answer; entries with more words in the question come first. Hyphens
 * are ignored on both sides, so "wifi" finds "Wi-Fi".
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { helpCategories, helpEntries } from './tables.ts'

export type HelpEntry = {
  faqId: string
  categoryId: string
  kind: 'faq' | 'article' | 'video'
  question: string
  answer: string
  featured: boolean
  videoUrl: string | null
}

export type HelpCategory = { id: string; name: string; description: string; entryCount: number }

/** How many words of a search count, and how many results come back. */
export const SEARCH_LIMITS = { words: 8, results: 25, queryLength: 100 } as const

const entryColumns = {
  faqId: helpEntries.id,
  categoryId: helpEntries.categoryId,
  kind: helpEntries.kind,
  question: helpEntries.question,
  answer: helpEntries.answer,
  featured: helpEntries.featured,
  videoUrl: helpEntries.videoUrl,
}

/** The words a search looks for: lower case, hyphens dropped, one-letter words ignored. */
export function searchWords(query: string): string[] {
  const words = query
    .slice(0, SEARCH_LIMITS.queryLength)
    .toLowerCase()
    .replaceAll('-', '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2)
  return [...new Set(words)].slice(0, SEARCH_LIMITS.words)
}

// LIKE's wildcards and its escape character, taken literally.
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const withoutHyphens = (column: typeof helpEntries.question | typeof helpEntries.answer) =>
  sql`replace(${column}, '-', '')`

export function helpQueries(db: Database) {
  async function category(id: string) {
    const [row] = await db
      .select({ id: helpCategories.id, name: helpCategories.name, description: helpCategories.description })
      .from(helpCategories)
      .where(eq(helpCategories.id, id))
    if (!row) throw new ServiceError(404, 'not_found', 'No such help category.')
    return row
  }

  return {
    async categories(): Promise<HelpCategory[]> {
      const rows = await db
        .select({
          id: helpCategories.id,
          name: helpCategories.name,
          description: helpCategories.description,
          entryCount: count(helpEntries.id),
        })
        .from(helpCategories)
        .leftJoin(helpEntries, eq(helpEntries.categoryId, helpCategories.id))
        .groupBy(helpCategories.id)
        .orderBy(asc(helpCategories.position))
      return rows.map((row) => ({ ...row, entryCount: Number(row.entryCount) }))
    },

    featured(): Promise<HelpEntry[]> {
      return db
        .select(entryColumns)
        .from(helpEntries)
        .where(and(eq(helpEntries.featured, true), eq(helpEntries.kind, 'faq')))
        .orderBy(asc(helpEntries.position))
    },

    async answersOf(categoryId: string) {
      const found = await category(categoryId)
      const answers = await db
        .select(entryColumns)
        .from(helpEntries)
        .where(eq(helpEntries.categoryId, categoryId))
        .orderBy(asc(helpEntries.position))
      return { category: found, answers }
    },

    async answer(faqId: string) {
      const [entry] = await db.select(entryColumns).from(helpEntries).where(eq(helpEntries.id, faqId))
      if (!entry) throw new ServiceError(404, 'not_found', 'No such help answer.')
      return { entry, category: await category(entry.categoryId) }
    },

    ofKind(kind: 'article' | 'video'): Promise<HelpEntry[]> {
      return db
        .select(entryColumns)
        .from(helpEntries)
        .where(eq(helpEntries.kind, kind))
        .orderBy(asc(helpEntries.position))
    },

    async search(query: string): Promise<{ query: string; results: HelpEntry[] }> {
      const words = searchWords(query)
      if (words.length === 0) return { query, results: [] }
      const inQuestion = (word: string): SQL => sql`${withoutHyphens(helpEntries.question)} ilike ${likePattern(word)}`
      const inAnswer = (word: string): SQL => sql`${withoutHyphens(helpEntries.answer)} ilike ${likePattern(word)}`
      const questionHits = sql.join(
        words.map((word) => sql`(case when ${inQuestion(word)} then 1 else 0 end)`),
        sql` + `,
      )
      const results = await db
        .select(entryColumns)
        .from(helpEntries)
        .where(and(...words.map((word) => or(inQuestion(word), inAnswer(word)))))
        .orderBy(desc(questionHits), desc(helpEntries.featured), asc(helpEntries.position))
        .limit(SEARCH_LIMITS.results)
      return { query, results }
    },
  }
}
