import { sourceSchema } from './check-overlays.ts'
import type { LanguageContent } from './localize.ts'
import { translatableFields } from './translatable-schema.ts'

/**
 * Where a field of a language's merged content was written, for `fileOf`: the language's overlay
 * (`portfolio.ar.yaml`, `projects/<id>.ar.yaml`, `posts/<slug>.ar.md`) for a field it translates, else the overlay of the
 * language of its fallback chain it came from, or the source for the default language's text.
 */
export function overlayFileOf(
  content: Pick<LanguageContent, 'language' | 'portfolio' | 'projects'> & Partial<Pick<LanguageContent, 'posts'>>,
  defaultLanguage: string,
): (file: string, pointer: string) => string {
  const kinds = [
    { localized: content.portfolio, kind: 'portfolio' as const },
    ...content.projects.map((localized) => ({ localized, kind: 'project' as const })),
    ...(content.posts ?? []).map((localized) => ({ localized, kind: 'post' as const })),
  ]
  const translatable = new Map<string, Set<string>>()
  return (file, pointer) => {
    const found = kinds.find((candidate) => candidate.localized.file === file)
    if (!found) return file
    const { localized, kind } = found
    let pointers = translatable.get(file)
    if (!pointers) {
      pointers = new Set(translatableFields(sourceSchema(kind), localized.data).map((field) => field.pointer))
      translatable.set(file, pointers)
    }
    // Only a translatable field comes from an overlay; the others (a technology) are the source's.
    if (!pointers.has(pointer)) return file
    const other = localized.fromOtherLanguage.find((field) => field.pointer === pointer)
    const language = other ? other.language : content.language
    return language === defaultLanguage ? file : file.replace(/\.(yaml|md)$/, `.${language}.$1`)
  }
}
