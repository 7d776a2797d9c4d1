/** Styles for sanitized CMS HTML (no typography plugin: the allowed tags are few). */
const RICH_TEXT =
  'space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-orange-300 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-100 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:text-slate-900 dark:[&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:pl-6'

/** Only ever given HTML that went through sanitizeRichText on the server. */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`${RICH_TEXT} ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />
}
