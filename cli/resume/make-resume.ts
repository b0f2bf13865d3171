import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { entryKind, openStore, type Store } from '../cache/store.ts'
import { checkContent, type CheckResult } from '../content/check-content.ts'
import { overlayFileOf } from '../content/i18n/overlay-file-of.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { photoFormat } from '../content/rules/resume.ts'
import { contentFilePath } from '../content/rules/public-files.ts'
import { assert } from '../errors.ts'
import { resumeTemplateFile } from '../paths.ts'
import { jsonResume } from './json-resume.ts'
import { photoAlt, readChoices, resumeData } from './resume-data.ts'
import { typesetJob, type Typeset, type TypesetImage, type TypesetInput } from './typeset.ts'

/** At most this many pages at the chosen size: what a recruiter reads. */
export const MAX_RESUME_PAGES = 2

export interface ResumeFiles {
  pdf: Uint8Array
  /** The JSON Resume document, as written to resume.json. */
  json: string
  pages: number
}

/** A typeset resume, by its template, data and photo. */
const RESUME = entryKind<ResumeFiles>('resume')

export interface ResumeOutcome {
  /** Absent when resume.file names a hand-made PDF, or when there are diagnostics. */
  files?: ResumeFiles
  diagnostics: Diagnostic[]
  /** Taken from the store: nothing was typeset. */
  cached: boolean
}

/**
 * The document's date, so the same content gives the same bytes: SOURCE_DATE_EPOCH when set (the
 * reproducible-builds convention), otherwise the day of the last commit touching the content; none
 * outside a git repository.
 */
async function documentDate(root: string): Promise<string | undefined> {
  const epoch = process.env.SOURCE_DATE_EPOCH
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString().slice(0, 10)
  const git = await promisify(execFile)(
    'git',
    ['-C', root, 'log', '-1', '--format=%cs', '--', 'portfolio.yaml', 'projects'],
    { timeout: 5000 },
  ).catch(() => undefined)
  const day = git?.stdout.trim()
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined
}

/** The language a resume is made in, for a portfolio in several languages. */
export interface ResumeLanguage {
  /** Its BCP 47 tag as the content writes it (`pt-BR`): the resume's words, dates, fonts and direction. */
  tag: string
  /**
   * The file a text of the merged content was taken from, given the source file and pointer it has
   * there (`portfolio.fr.yaml` for a translated field): where a problem with it is located. The
   * source file itself when not given.
   */
  fileOf?: (file: string, pointer: string) => string
}

/**
 * The resume PDF (Typst, PDF/UA-1) and JSON Resume from valid content, or the located problems that
 * stop it: a character its fonts lack, a compiler error or warning, too many pages. Kept in the
 * store by the template and the data (nothing with noStore); fonts and the compiler are in the
 * tool's version. `typesetWith` is where the typesetting runs: here by default, on a worker of the
 * build's pool in a build. `base`: the site's public base path, in the links to its posts.
 * `language`: the language of `checked.content` (already merged with its overlays), the default
 * language's when not given.
 */
export async function makeResume(
  checked: Pick<CheckResult, 'content' | 'parsed'>,
  root: string,
  store: Store,
  typesetWith: (input: TypesetInput) => Promise<Typeset> | Typeset = typesetJob,
  base = '/',
  language?: ResumeLanguage,
): Promise<ResumeOutcome> {
  const content = checked.content
  assert(content, 'the resume is made from valid content only')
  const choices = readChoices(content.portfolio)
  if (choices.file !== undefined) return { diagnostics: [], cached: false }
  const made = resumeData(content, choices, base, language?.tag)
  const { data } = made
  const fileOf = language?.fileOf
  const texts = fileOf ? made.texts.map((text) => ({ ...text, file: fileOf(text.file, text.pointer) })) : made.texts
  const photo = choices.photo === undefined ? undefined : await readPhoto(root, choices.photo)
  if (photo) data.photo = { file: photo.file, alt: photoAlt(data) }
  const template = await readFile(resumeTemplateFile, 'utf8')
  // The date is left out of the key: the same content keeps the bytes it was first made with.
  const key = RESUME.key(store, template, JSON.stringify(data), ...(photo ? [photo.bytes] : []))
  const hit = RESUME.get(store, key)
  if (hit) return { files: hit, diagnostics: [], cached: true }

  // Loaded only when the resume is made: its font reader is slow to load, and a rebuild takes the resume from the store.
  const { checkGlyphs } = await import('./check-glyphs.ts')
  const glyphs = checkGlyphs(texts, data.language, (file) => checked.parsed.get(file))
  if (glyphs.length > 0) return { diagnostics: glyphs, cached: false }
  const typeset = await typesetWith({ template, data, date: await documentDate(root), ...(photo ? { photo } : {}) })
  const at = () => {
    const portfolio = checked.parsed.get('portfolio.yaml')
    return portfolio
      ? locatePointer(portfolio, '/resume', 'key')
      : { file: 'portfolio.yaml', start: { line: 1, column: 1 } }
  }
  if (!typeset.pdf)
    return {
      diagnostics: typeset.problems.map((problem) => createDiagnostic('RESUME_TYPESET', at(), `Typst: ${problem}`)),
      cached: false,
    }
  if (typeset.pages > MAX_RESUME_PAGES) {
    return {
      diagnostics: [
        createDiagnostic(
          'RESUME_PAGES',
          at(),
          `the resume is ${typeset.pages} pages at ${choices.pageSize} (at most ${MAX_RESUME_PAGES})`,
        ),
      ],
      cached: false,
    }
  }
  const files: ResumeFiles = {
    pdf: typeset.pdf,
    json: `${JSON.stringify(jsonResume(data), null, 2)}\n`,
    pages: typeset.pages,
  }
  RESUME.set(store, key, files)
  return { files, diagnostics: [], cached: false }
}

/** resume.photo's bytes, named by their format (the content rules have checked it is a PNG or JPEG in public/ or media/). */
async function readPhoto(root: string, photo: string): Promise<TypesetImage> {
  const bytes = new Uint8Array(await readFile(contentFilePath(root, photo).file))
  const format = photoFormat(bytes)
  assert(format, `${photo} was checked to be a PNG or JPEG`)
  return { file: `/photo.${format}`, bytes }
}

/** The names of a language's resume files: resume.pdf and resume.json in the default language, resume.<tag>.pdf and resume.<tag>.json in another. */
export function resumeFileNames(tag: string, defaultLanguage: string): { pdf: string; json: string } {
  const suffix = tag === defaultLanguage ? '' : `.${tag}`
  return { pdf: `resume${suffix}.pdf`, json: `resume${suffix}.json` }
}

/** Where a build or `portfolio resume` puts the two files: <folder>/resume.pdf and resume.json, or the names given (resumeFileNames). */
export async function writeResume(
  folder: string,
  files: ResumeFiles,
  names: { pdf: string; json: string } = { pdf: 'resume.pdf', json: 'resume.json' },
): Promise<string[]> {
  const written = [path.join(folder, names.pdf), path.join(folder, names.json)]
  await Promise.all([writeFile(written[0] as string, files.pdf), writeFile(written[1] as string, files.json)])
  return written
}

/** The build's progress line for the resume step. */
export function describeResume(outcome: ResumeOutcome): string {
  if (outcome.diagnostics.length > 0) return 'has errors'
  if (!outcome.files) return 'hand-made (resume.file): not generated'
  return `${outcome.files.pages} page${outcome.files.pages === 1 ? '' : 's'}, resume.pdf + resume.json${outcome.cached ? ', unchanged: from the cache' : ''}`
}

/**
 * The resume of the content at `root`, checked afresh (the dev server's request), in the default
 * language or, given `tag`, in that language of site.languages (what a build writes as
 * resume.<tag>.pdf); undefined when the content has errors or does not have the language.
 */
export async function makeResumeOf(root: string, tag?: string): Promise<ResumeOutcome | undefined> {
  const checked = await checkContent(root)
  if (!checked.content) return undefined
  if (tag === undefined) return makeResume(checked, root, openStore())
  const language = checked.languages?.find((content) => content.language === tag)
  if (!language) return undefined
  const defaultLanguage = checked.content.portfolio.site.language ?? 'en'
  return makeResume({ ...checked, content: contentIn(checked.content, language) }, root, openStore(), typesetJob, '/', {
    tag,
    fileOf: overlayFileOf(language, defaultLanguage),
  })
}

/** The content a language's resume is made from: the default's, with that language's portfolio and projects (as a build makes it). */
export function contentIn(
  content: NonNullable<CheckResult['content']>,
  language: Pick<LanguageContent, 'portfolio' | 'projects'>,
): NonNullable<CheckResult['content']> {
  return { ...content, portfolio: language.portfolio.data, projects: language.projects.map((file) => file.data) }
}
