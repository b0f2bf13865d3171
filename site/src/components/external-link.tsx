import type { ReactNode } from 'react'
import { useStrings } from '../i18n/language-context.ts'

/** A link that opens another site in a new tab, safely. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const strings = useStrings()
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{strings.opensInNewTab}</span>
    </a>
  )
}
