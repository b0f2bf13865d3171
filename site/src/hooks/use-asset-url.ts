import { useHref } from 'react-router-dom'

/** A file from public/ (e.g. `/resume.pdf`) under the site's base path. Built from the router's
 * basename, so the server render follows the `base` it is given at run time. */
export function useAssetUrl(file: string): string {
  return useHref(file)
}
