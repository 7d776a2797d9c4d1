/**
 * Content calls (spec 7): legal pages, product terms, banners, footers, landing image.
 * Shapes follow spec 3 "Legal content"; rich-text fields are HTML from the CMS and
 * must go through sanitizeRichText before they reach a page.
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const HeadingDescriptionSchema = z.object({ heading: z.string(), description: z.string() })
const QuestionAnswerSchema = z.object({ question: z.string(), answer: z.string() })

export const TermsConditionsSchema = z.object({
  title: z.string(),
  last_updated_date: z.string(),
  headingDescriptionList: z.array(HeadingDescriptionSchema),
})
export type TermsConditions = z.infer<typeof TermsConditionsSchema>

/** Privacy notice and cookie policy share one shape. */
export const QuestionAnswerPageSchema = z.object({
  title: z.string(),
  last_updated_date: z.string(),
  introduction: z.string(),
  questionAnswerList: z.array(QuestionAnswerSchema),
})
export type QuestionAnswerPage = z.infer<typeof QuestionAnswerPageSchema>

export const TermsOfUseSchema = z.object({
  title: z.string(),
  // Not in spec 3's shape; our CMS sends it and the page shows it when present.
  last_updated_date: z.string().optional(),
  introduction: z.string(),
  headingDescriptionList: z.array(HeadingDescriptionSchema),
})
export type TermsOfUse = z.infer<typeof TermsOfUseSchema>

export const BannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.object({ label: z.string(), href: z.string() }),
})
export type Banner = z.infer<typeof BannerSchema>

export const FootersSchema = z.object({ headingDescriptionList: z.array(HeadingDescriptionSchema) })
export type Footers = z.infer<typeof FootersSchema>

export const LandingImageSchema = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
})
export type LandingImage = z.infer<typeof LandingImageSchema>

export function cmsCalls(client: UpstreamClient, options: { source: string; cacheSeconds: number }) {
  const { source, cacheSeconds } = options
  const legalPage = <T>(name: string, schema: z.ZodType<T>) =>
    client.call({
      name: `cms.${name}`,
      method: 'GET',
      path: '/cms/security/pages/web',
      query: { name, source },
      schema: envelope(schema),
      cacheSeconds,
    })
  const content = <T>(name: string, path: string, schema: z.ZodType<T>) =>
    client.call({ name: `cms.${name}`, method: 'GET', path, query: { source }, schema: envelope(schema), cacheSeconds })

  return {
    termsAndConditions: () => legalPage('terms_and_conditions', TermsConditionsSchema),
    privacyNotice: () => legalPage('privacy_notice', QuestionAnswerPageSchema),
    cookiePolicy: () => legalPage('cookie_policy', QuestionAnswerPageSchema),
    termsOfUse: () => legalPage('terms_of_use', TermsOfUseSchema),
    /** Rejected with status 404 when the upstream has no terms for the product. */
    productTerms: (product: string) =>
      client.call({
        name: 'cms.productTerms',
        method: 'GET',
        path: '/cms/product-terms-and-conditions',
        query: { product, source },
        schema: envelope(TermsConditionsSchema),
        cacheSeconds,
      }),
    banners: () => content('banners', '/v1/banners', z.array(BannerSchema)),
    footers: () => content('footers', '/v1/footers', FootersSchema),
    landingImage: () => content('landingImage', '/v1/landing-image', LandingImageSchema),
  }
}
