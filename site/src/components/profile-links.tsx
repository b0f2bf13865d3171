import { usePortfolio } from '../i18n/use-portfolio.ts'
import { ExternalLink } from './external-link.tsx'
import { Icon } from './icon.tsx'

/** GitHub and LinkedIn profile links, used in the contact section and the footer. */
export function ProfileLinks({ className = 'button button--ghost' }: { className?: string }) {
  const portfolio = usePortfolio()
  return (
    <>
      <ExternalLink href={portfolio.links.github} className={className}>
        <Icon name="github" size={18} />
        GitHub
      </ExternalLink>
      <ExternalLink href={portfolio.links.linkedin} className={className}>
        <Icon name="linkedin" size={18} />
        LinkedIn
      </ExternalLink>
    </>
  )
}
