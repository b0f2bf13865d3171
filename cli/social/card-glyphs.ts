import { checkFontCoverage, fontCoverage, type LocatedText } from '../content/rules/font-coverage.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Locatable } from '../diagnostics/locate.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { overlayFileOf } from '../content/i18n/overlay-file-of.ts'
import type { CheckResult } from '../content/check-content.ts'
import { cardSourceOf, languageCardSource, type CardSource } from './card-specs.ts'
import { cardFontOrder } from './card-font-files.ts'

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
 * M7 for every card a build draws: the default language's, and each other language's with each
 * field located where it was written (its overlay, or the language of the chain it came from).
 */
export function checkAllCardGlyphs(
  content: CardSource,
  languages: readonly LanguageContent[],
  defaultLanguage: string,
  locate: (file: string) => Locatable | undefined,
): Diagnostic[] {
  return [
    ...checkCardGlyphs(content, defaultLanguage, locate),
    ...languages.flatMap((language) =>
      checkCardGlyphs(
        languageCardSource(language, content.posts),
        language.language,
        locate,
        overlayFileOf(language, defaultLanguage),
      ),
    ),
  ]
}

/**
 * M7 for the cards of checked content (`validate` and the build): nothing when the content has
 * errors, as no card is drawn from it.
 */
export function checkContentCardGlyphs(checked: Pick<CheckResult, 'content' | 'languages' | 'parsed'>): Diagnostic[] {
  if (!checked.content) return []
  return checkAllCardGlyphs(
    cardSourceOf(checked.content),
    checked.languages ?? [],
    checked.content.portfolio.site.language ?? 'en',
    (file) => checked.parsed.get(file),
  )
}
