import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'

export function AvailabilityBanner() {
  const portfolio = usePortfolio()
  const { shownIn } = useLanguage()
  return (
    <p className="availability" lang={shownIn('/availability/text')}>
      <span className="availability__dot" aria-hidden="true" />
      {portfolio.availability.text}
    </p>
  )
}
