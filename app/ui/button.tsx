import { AppLink, type AppLinkProps } from './app-link'
import type { ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost'

// The styles live in styles.css (.btn, .btn-primary, ...): one short class per button
// keeps every page's HTML small instead of repeating a long utility list.
export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `btn btn-${variant} ${extra}`.trim()
}

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button className={buttonClass(variant, className)} {...props} />
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: AppLinkProps & { variant?: Variant }) {
  return <AppLink className={buttonClass(variant, className)} {...props} />
}
