import type { ReactNode } from 'react'
import type { SitePortfolio } from '../generated/types.ts'
import { LanguageContext, type PageLanguage } from './language-context.ts'
import { PortfolioContext } from './use-portfolio.ts'

/** What the entries wrap the app in: the page's language and the portfolio in it. */
export function LanguageProvider({
  language,
  portfolio,
  children,
}: {
  language: PageLanguage
  portfolio: SitePortfolio
  children: ReactNode
}) {
  return (
    <LanguageContext value={language}>
      <PortfolioContext value={portfolio}>{children}</PortfolioContext>
    </LanguageContext>
  )
}
