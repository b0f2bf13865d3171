import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'
import { paths } from '../paths.ts'
import { Icon } from './icon.tsx'

/** Downloads the resume PDF (hand-made in public/, or made by the build), under the site's base path. */
export function ResumeLink({ className }: { className?: string }) {
  const portfolio = usePortfolio()
  const { lang: pageLang, languages, shownIn } = useLanguage()
  // The build makes the resume in each language: resume.pdf in the default, resume.<tag>.pdf in another.
  const generated =
    pageLang === languages[0] ? paths.generatedResume : paths.generatedResume.replace(/\.pdf$/, `.${pageLang}.pdf`)
  const href = useAssetUrl(portfolio.resume.file ?? generated)
  const { label } = portfolio.resume
  const lang = shownIn('/resume/label')
  return (
    <a href={href} className={className} download lang={lang}>
      <Icon name="download" size={18} />
      {label}
    </a>
  )
}
