import { useLanguage } from './language-context.ts'
import type { PageWords } from './page-words.ts'
import { usePortfolio } from './use-portfolio.ts'

/** The page's language, words and portfolio, for the titles of page-meta.ts on the client. */
export function usePageWords(): PageWords {
  const { lang, strings } = useLanguage()
  return { lang, strings, portfolio: usePortfolio() }
}
