import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { createCaseStudy, type Section } from './case-study.ts'
import { paragraph, sentence, titleWords } from './prose.ts'
import { createRandom } from './random.ts'

/**
 * The generated case studies in more languages: beside each projects/<id>.yaml, an overlay per
 * language (projects/<id>.<tag>.yaml) translating what a translator would (title, description,
 * achievements, every section's title and the prose of its body), with text of the same shape and
 * length as the source's (another case study from its own random stream stands in for the
 * translation), and portfolio.<tag>.yaml translating the home page's hero and about, so every page
 * of every language counts as translated. The real translations' words do not matter to the build;
 * their amount and shape do.
 */
export function writeTranslations(root: string, ids: readonly string[], languages: readonly string[]): void {
  const portfolioFile = path.join(root, 'portfolio.yaml')
  const portfolio = parse(readText(portfolioFile)) as { site: { languages?: string[] } }
  portfolio.site.languages = [...languages]
  writeFileSync(portfolioFile, stringify(portfolio, { lineWidth: 0 }))
  for (const lang of languages) {
    const random = createRandom(`portfolio/${lang}`)
    writeFileSync(
      path.join(root, `portfolio.${lang}.yaml`),
      stringify({
        hero: { headline: titleWords(random, 8), tagline: sentence(random, []) },
        about: { title: titleWords(random, 2), body: paragraph(random, []) },
      }),
    )
    ids.forEach((id, i) => {
      const source = parse(readText(path.join(root, 'projects', `${id}.yaml`))) as { sections: Section[] }
      const other = createCaseStudy(i + 1, createRandom(`${lang}/${i + 1}`))
      const prose = other.sections.filter((s): s is Extract<Section, { body: string }> => 'body' in s)
      let nextProse = 0
      const sections = source.sections.map((section, s) => {
        const stand = other.sections[s] ?? other.sections[0]!
        const body = 'body' in section ? prose[nextProse++ % prose.length]?.body : undefined
        return { id: section.id, title: stand.title, ...(body !== undefined ? { body } : {}) }
      })
      writeFileSync(
        path.join(root, 'projects', `${id}.${lang}.yaml`),
        stringify(
          { title: other.title, description: other.description, achievements: other.achievements, sections },
          { lineWidth: 0 },
        ),
      )
    })
  }
}

function readText(file: string): string {
  return readFileSync(file, 'utf8')
}
