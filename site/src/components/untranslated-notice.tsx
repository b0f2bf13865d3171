import { useLanguage } from '../i18n/language-context.ts'
import { languageName } from '../i18n/language-names.ts'
import { fill } from '../i18n/strings.ts'

/**
 * "This page is not translated into French yet.": shown, in the page's language, on a page whose
 * main content is another language's (the lead's routes decide; the head's canonical names the
 * source page). Nothing on a translated page.
 */
export function UntranslatedNotice({ path }: { path: string }) {
  const { lang, strings, isTranslated } = useLanguage()
  if (isTranslated(lang, path)) return null
  return (
    <p className="container untranslated-notice" role="note">
      {fill(strings.untranslatedNotice, { language: languageName(lang, lang) })}
    </p>
  )
}
