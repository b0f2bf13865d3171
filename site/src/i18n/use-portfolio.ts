import { createContext, useContext } from 'react'
import { portfolio } from '../generated/content.ts'
import type { SitePortfolio } from '../generated/types.ts'

/**
 * The portfolio in the page's language (the overlays merged, missing fields from the fallback
 * chain), provided by the entries beside LanguageContext. Without a provider: the generated
 * portfolio, the default language's.
 */
export const PortfolioContext = createContext<SitePortfolio>(portfolio)

export const usePortfolio = (): SitePortfolio => useContext(PortfolioContext)
