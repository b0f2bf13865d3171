import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'
import { paths } from '../paths.ts'
import { Icon } from './icon.tsx'

/** Downloads the resume PDF (hand-made in public/, or made by the build), under the site's base path. */
export function ResumeLink({ className }: { className?: string }) {
  const portfolio = usePortfolio()
  const href = useAssetUrl(portfolio.resume.file ?? paths.generatedResume)
  const { label } = portfolio.resume
  const lang = useLanguage().shownIn('/resume/label')
  return (
    <a href={href} className={className} download lang={lang}>
      <Icon name="download" size={18} />
      {label}
    </a>
  )
}
