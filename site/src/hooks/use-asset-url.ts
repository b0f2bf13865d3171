import { useHref } from 'react-router-dom'
import { toBasename } from '../paths.ts'

/** A file from public/ (e.g. `/resume.pdf`) under the site's base path. Built from the router's
 * basename, so the server render follows the `base` it is given at run time. */
export function useAssetUrl(file: string): string {
  return useHref(file)
}

/** The site's base path with its trailing slash (`/`, `/sub/path/`), from the router as useAssetUrl's
 * is: for the build's files named relative to it (see siteFile in paths.ts). */
export function useBasename(): string {
  return toBasename(useHref('/'))
}
