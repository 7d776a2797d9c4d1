/**
 * The shapes of spec 3 "Legal content" and the landing content, as the upstream
 * stores and serves them. Rich-text fields hold HTML; the portal sanitizes them.
 * `{product}` in any string is replaced by the product name when seeding.
 */
export type HeadingDescription = { heading: string; description: string }
export type QuestionAnswer = { question: string; answer: string }

export type TermsConditions = {
  title: string
  last_updated_date: string // ISO date, e.g. 2020-07-27
  headingDescriptionList: HeadingDescription[]
}

export type QuestionAnswerPage = {
  title: string
  last_updated_date: string
  introduction: string
  questionAnswerList: QuestionAnswer[]
}

export type TermsOfUse = {
  title: string
  last_updated_date?: string // beyond spec 3's shape; the portal shows it when present
  introduction: string
  headingDescriptionList: HeadingDescription[]
}

export type Banner = {
  id: string
  title: string
  text: string
  /** A call to action inside the portal: a same-site path. */
  link: { label: string; href: string }
}

export type Footers = { headingDescriptionList: HeadingDescription[] }

export type LandingImage = { src: string; alt: string; width: number; height: number }
