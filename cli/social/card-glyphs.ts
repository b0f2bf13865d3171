import { sourceSchema } from '../content/i18n/check-overlays.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { translatableFields } from '../content/i18n/translatable-schema.ts'
import { checkFontCoverage, fontCoverage, type LocatedText } from '../content/rules/font-coverage.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Locatable } from '../diagnostics/locate.ts'
import type { CardSource } from './card-specs.ts'
import { cardFontOrder } from './card-writing.ts'

/**
 * The texts a language's cards print (socialCardSpecs shows these fields), each with the file and
 * pointer it comes from in the source: the owner, the hero's headline and claims, the
 * availability, each project's title, description and technologies, each post's title, summary and tags.
 */
export function cardTexts(content: CardSource): LocatedText[] {
  const texts: LocatedText[] = []
  const take = (file: string, pointer: string, text: string | undefined) => {
    if (text) texts.push({ file, pointer, text })
  }
  const { portfolio } = content
  take('portfolio.yaml', '/owner/name', portfolio.owner.name)
  take('portfolio.yaml', '/owner/role', portfolio.owner.role)
  take('portfolio.yaml', '/hero/headline', portfolio.hero.headline)
  take('portfolio.yaml', '/availability/text', portfolio.availability.text)
  portfolio.hero.claims.forEach((claim, i) => {
    take('portfolio.yaml', `/hero/claims/${i}/value`, claim.value)
    take('portfolio.yaml', `/hero/claims/${i}/label`, claim.label)
  })
  for (const project of content.projects) {
    const file = `projects/${project.id}.yaml`
    take(file, '/title', project.title)
    take(file, '/description', project.description)
    project.tech.forEach((tech, i) => take(file, `/tech/${i}`, tech))
  }
  for (const post of content.posts ?? []) {
    const file = `posts/${post.slug}.md`
    take(file, '/title', post.title)
    take(file, '/summary', post.summary)
    post.tags?.forEach((tag, i) => take(file, `/tags/${i}`, tag))
  }
  return texts
}

/**
 * M7 for the social cards: one located SCRIPT_NOT_COVERED per field whose text has a letter no
 * card font covers in `language` (its script's font, DejaVu Sans, the other bundled scripts' fonts:
 * the renderer falls back through all of them), so no card is drawn with a box. `fileOf` names the
 * file a merged field was taken from (`portfolio.ar.yaml` for a translated one), as for the resume.
 */
export function checkCardGlyphs(
  content: CardSource,
  language: string,
  locate: (file: string) => Locatable | undefined,
  fileOf?: (file: string, pointer: string) => string,
): Diagnostic[] {
  const texts = cardTexts(content)
  return checkFontCoverage({
    texts: fileOf ? texts.map((text) => ({ ...text, file: fileOf(text.file, text.pointer) })) : texts,
    covers: fontCoverage(cardFontOrder(language).map((files) => [files.regular, files.bold])),
    language,
    output: 'the social card',
    locate,
  })
}

/**
 * Where a field of a language's merged content was written, for `fileOf`: the language's overlay
 * (`portfolio.ar.yaml`, `projects/<id>.ar.yaml`) for a field it translates, else the overlay of the
 * language of its fallback chain it came from, or the source for the default language's text.
 */
export function overlayFileOf(
  content: Pick<LanguageContent, 'language' | 'portfolio' | 'projects'>,
  defaultLanguage: string,
): (file: string, pointer: string) => string {
  const kinds = [
    { localized: content.portfolio, kind: 'portfolio' as const },
    ...content.projects.map((localized) => ({ localized, kind: 'project' as const })),
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
    return language === defaultLanguage ? file : file.replace(/\.yaml$/, `.${language}.yaml`)
  }
}
