import { useHref } from 'react-router-dom'
import { useLanguage } from '../i18n/language-context.ts'
import { toBasename } from '../paths.ts'

/**
 * The site's base path with its trailing slash (`/`, `/sub/path/`), from the router as useAssetUrl's
 * is: for the build's files named relative to it (see siteFile in paths.ts). A page in another
 * language than the default has the language's prefix in its router's basename (`/fr/`); the
 * site's files (media, the resume, the feeds) are the same for every language, under the base alone.
 */
export function useBasename(): string {
  const routerBase = toBasename(useHref('/'))
  const { lang, languages } = useLanguage()
  const prefix = lang === languages[0] ? '' : `${lang}/`
  return prefix !== '' && routerBase.endsWith(`/${prefix}`) ? routerBase.slice(0, -prefix.length) : routerBase
}

/** A file from public/ (e.g. `/resume.pdf`) under the site's base path. Built from the router's
 * basename, so the server render follows the `base` it is given at run time. */
export function useAssetUrl(file: string): string {
  return useBasename() + file.replace(/^\/+/, '')
}
