import type { LanguageContent } from '../content/i18n/localize.ts'
import { withLanguages, type Route } from './list-routes.ts'

/**
 * The routes of each language, the default's first, each page with its hreflang set; on a site in
 * one language, its routes as they are. A page is translated where its main content is (the
 * portfolio for the home, technology and writing pages, the case study or the post for its page); a
 * tag's page lists posts by tags, which are not translated, so it is built as untranslated.
 */
export function languageRoutes(
  routes: Route[],
  languages: readonly LanguageContent[],
  defaultLanguage: string,
): Map<string, Route[]> {
  if (languages.length === 0) return new Map([[defaultLanguage, routes]])
  const byTag = new Map(languages.map((content) => [content.language, content]))
  const translated = (route: Route, lang: string): boolean => {
    const content = byTag.get(lang)
    if (!content) return false
    if (route.projectId !== undefined)
      return content.projects.some((file) => file.data.id === route.projectId && !file.untranslated)
    if (route.postSlug !== undefined)
      return content.posts?.some((post) => post.slug === route.postSlug && !post.untranslated) ?? false
    // A tag's page lists posts under their tags, which are not translated: the same page in every language.
    if (route.tag !== undefined) return false
    return !content.portfolio.untranslated
  }
  return withLanguages(routes, [defaultLanguage, ...byTag.keys()], defaultLanguage, translated)
}
