import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import type { Portfolio, Post, Project } from './content-types.ts'
import type { Store } from '../cache/store.ts'
import { noStore } from '../cache/no-store.ts'
import { openFileDigests, type FileDigests } from '../cache/file-digests.ts'
import { checkFileCached } from './check-cache.ts'
import { loadSources, sourceDigest, type LoadedSources, type SourceFile } from './load-sources.ts'
import { ParsedDocuments } from './parsed-documents.ts'
import { parseYaml, type ParsedDocument } from './parse-yaml.ts'
import type { InternalLink } from './rules/markdown.ts'
import { checkReferences, checkResume, type ProjectDocument } from './rules/references.ts'
import { checkMediaFiles, type MediaDocument } from './rules/media-files.ts'
import { checkResumePhoto, checkResumeProjects } from './rules/resume.ts'
import { checkTechSlugs } from './rules/technologies.ts'
import { parsePost } from './check-post.ts'
import { checkPosts, checkResumePublications, postSlug, todayDate, type PostDocument } from './rules/posts.ts'
import { checkTranslations, type LanguageCoverage } from './i18n/check-translations.ts'
import { localizeContent, type LanguageContent } from './i18n/localize.ts'
import { siteStrings } from './i18n/site-strings.ts'
import type { Strings } from '../../site/src/i18n/strings.ts'
import { translationLockText } from './i18n/translation-lock.ts'
import type { OverlayChecked, TranslatedBody } from './i18n/check-overlays.ts'
import { splitFrontMatter } from './front-matter.ts'
import { declaredLanguages } from './i18n/language-tags.ts'
import { locatePointer } from '../diagnostics/locate.ts'

/** Validated content: data that passed the schema and every rule, typed by the schemas from here on. */
export interface CheckedContent {
  portfolio: Portfolio
  /** In the order portfolio.yaml lists them. */
  projects: CheckedProject[]
  /** Every post file (drafts too), in file-name order. */
  posts: CheckedPost[]
}

/**
 * A project that passed every rule, as the steps after the checks take it: all but its case study's
 * sections. Its job compiles those and writes them into its data file; a large site's prose is not
 * also held by the thread that assembles the site.
 */
export type CheckedProject = Omit<Project, 'sections'>

/** A post that passed every rule: its slug (its file name) and its front matter. */
export interface CheckedPost {
  slug: string
  post: Post
}

export interface CheckResult {
  diagnostics: Diagnostic[]
  /** Source text by relative path, for code frames. */
  sources: Map<string, string>
  /** Number of content files read. */
  fileCount: number
  /**
   * Parsed files by relative path, so later stages can locate what they find. A file whose document
   * was not kept (see checkAcrossFiles) is parsed again the first time it is asked for.
   */
  parsed: ParsedDocuments
  /** Present only when there is no error. */
  content?: CheckedContent
  /**
   * Each language of site.languages, in its order, localized (i18n/localize.ts): present with
   * `content`, empty when the portfolio has no other language.
   */
  languages?: LanguageContent[]
  /** The site's own words in each language of the portfolio, overrides merged (what the generated strings modules hold). */
  catalogues?: Map<string, Strings>
  /** How much each language of site.languages translates (empty without languages). */
  coverage: LanguageCoverage[]
  /**
   * i18n.lock.yaml as the translations are now (`portfolio validate --update-i18n-lock` writes it);
   * present when site.languages lists a language.
   */
  translationLock?: string
}

/**
 * What one file's own checks found, wherever they ran: here, in a worker thread (whose yaml
 * document cannot cross to this one) or in a store of files checked valid before.
 */
export interface FileOutcome {
  diagnostics: Diagnostic[]
  links: InternalLink[]
  /** The file's data (undefined when it did not parse). */
  data: unknown
  /** Absent when the file was checked elsewhere: it is parsed again here if something needs a position in it. */
  parsed?: ParsedDocument
}

/** load → parse → schema → rules per file → rules across files. Collects every problem of every file. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  const { store = noStore } = options
  const digests = openFileDigests(store)
  const loaded = await loadSources(root, { digests })
  const portfolio = loaded.portfolio && checkOne(loaded.portfolio, 'portfolio', store)
  const projects = loaded.projects.map((source) => checkOne(source, 'project', store))
  const posts = loaded.posts.map((source) => checkOne(source, 'post', store))
  const result = await checkAcrossFiles(root, loaded, portfolio, projects, store, digests, {
    posts,
    ...(options.today === undefined ? {} : { today: options.today }),
    ...(options.strictI18n === undefined ? {} : { strictI18n: options.strictI18n }),
  })
  digests.save()
  return result
}

export interface CheckOptions {
  /**
   * Where valid files' checks are kept by their exact bytes (check-cache.ts): a file checked valid
   * before is not parsed again. A file with any diagnostic is never kept, so its problems are found
   * and located afresh each time. @default noStore: every file is checked
   */
  store?: Store
  /** Today, "YYYY-MM-DD": a post published after it is a warning. @default the date where this runs */
  today?: string
  /** Missing and stale translations are errors (`--strict-i18n`). @default false */
  strictI18n?: boolean
}

function checkOne(source: SourceFile, kind: 'portfolio' | 'project' | 'post', store: Store): FileOutcome {
  const { parsed, diagnostics, links, data } = checkFileCached(source, kind, store)
  // A parsed document is several times the size of its text: a valid project file's is let go at
  // once, so a large site's memory does not grow with every document parsed.
  const keep = kind === 'portfolio' || diagnostics.length > 0
  return { diagnostics, links, data, ...(keep && parsed ? { parsed } : {}) }
}

/**
 * The rules across files, given each file's own outcome (`projects` in the order of
 * `loaded.projects`, `posts` in the order of `loaded.posts`), and the result: every diagnostic
 * sorted, and the content when there is none. `store` keeps which images decoded whole (media-files.ts).
 */
export async function checkAcrossFiles(
  root: string,
  loaded: LoadedSources,
  portfolioOutcome: FileOutcome | undefined,
  projectOutcomes: readonly FileOutcome[],
  store: Store,
  /** Through which the images and the resume's photo are read (checkContent's, or a build's). */
  digests: FileDigests,
  {
    posts: postOutcomes = [],
    overlaysChecked = [],
    today = todayDate(),
    strictI18n = false,
  }: {
    posts?: readonly FileOutcome[]
    /** Project translations already checked against their project (in its job); the others are checked here. */
    overlaysChecked?: readonly OverlayChecked[]
    today?: string
    strictI18n?: boolean
  } = {},
): Promise<CheckResult> {
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const sources = new Map<string, string>()
  const parsedByFile = new ParsedDocuments()
  const links: InternalLink[] = []

  let portfolio: ParsedDocument | undefined
  if (loaded.portfolio && portfolioOutcome) {
    const source = loaded.portfolio
    sources.set(source.path, source.text)
    diagnostics.push(...portfolioOutcome.diagnostics)
    links.push(...portfolioOutcome.links)
    if (portfolioOutcome.parsed) parsedByFile.set(source.path, portfolioOutcome.parsed)
    else parsedByFile.setLazy(source.path, parseLater(source))
    if (isRecord(portfolioOutcome.data))
      portfolio = portfolioOutcome.parsed ?? documentWithData(source, portfolioOutcome.data, parsedByFile)
  }

  for (const source of loaded.projects) sources.set(source.path, source.text)
  const projects: ProjectDocument[] = []
  loaded.projects.forEach((source, i) => {
    const outcome = projectOutcomes[i] as FileOutcome
    // Kept only for a file with problems to locate; anything later that needs another file's
    // document (a cross-file rule, a diagram error) parses it again.
    if (outcome.parsed && outcome.diagnostics.length > 0) parsedByFile.set(source.path, outcome.parsed)
    else parsedByFile.setLazy(source.path, parseLater(source))
    diagnostics.push(...outcome.diagnostics)
    links.push(...outcome.links)
    if (isRecord(outcome.data)) projects.push(projectDocument(source.path, outcome.data, parsedByFile))
  })
  const posts = postDocuments(loaded.posts, postOutcomes, parsedByFile, sources, diagnostics, links)
  const postSlugs = loaded.postsListed ? loaded.postFileSlugs : undefined
  for (const overlay of [...loaded.overlays, ...loaded.postOverlays])
    sources.set(overlay.source.path, overlay.source.text)
  if (loaded.i18nLock) sources.set(loaded.i18nLock.path, loaded.i18nLock.text)
  // Only a portfolio in several languages reads its posts' texts here.
  const bodies = declaredLanguages(portfolio?.data).languages.length
    ? postBodies(loaded.posts)
    : new Map<string, TranslatedBody>()
  // An overlay's document is parsed again only when something needs a position in it (its check may have run elsewhere).
  for (const overlay of loaded.overlays) parsedByFile.setLazy(overlay.source.path, parseLater(overlay.source))
  const checkedElsewhere = new Map(overlaysChecked.map((done) => [done.file, done]))
  const sourceDigests = new Map(
    [...(loaded.portfolio ? [loaded.portfolio] : []), ...loaded.projects].map((source) => [
      source.path,
      sourceDigest(source),
    ]),
  )
  const translations = checkTranslations({
    checkedElsewhere,
    sourceDigests,
    store,
    portfolio,
    projects: projects.map((project) => ({ path: project.path, data: project.data })),
    posts: posts.flatMap((post) => {
      const body = bodies.get(post.path)
      return body ? [{ path: post.path, data: post.data, body: body.text }] : []
    }),
    loaded,
    locate: (file, pointer) => locatePointer(parsedByFile.get(file) as ParsedDocument, pointer),
    strict: strictI18n,
  })
  diagnostics.push(...translations.diagnostics)
  links.push(...translations.links)
  // The site's own words in each language (the shipped catalogues and the portfolio's i18n/<tag>.yaml).
  const words = siteStrings(portfolio?.data, loaded.uiStrings, portfolio as ParsedDocument | undefined)
  diagnostics.push(...words.diagnostics)
  for (const file of loaded.uiStrings) sources.set(file.path, file.text)
  for (const [file, parsed] of words.parsed) parsedByFile.set(file, parsed)
  for (const overlay of translations.overlays) if (overlay.parsed) parsedByFile.set(overlay.file, overlay.parsed)
  if (loaded.projectsListed)
    diagnostics.push(...checkReferences(portfolio, projects, links, parsedByFile, loaded.projectFileIds, postSlugs))
  diagnostics.push(...checkPosts(posts, loaded.projectsListed ? loaded.projectFileIds : undefined, today))
  if (portfolio && postSlugs) {
    const drafts = new Set(posts.filter((post) => post.data.draft === true).map((post) => postSlug(post.path)))
    diagnostics.push(...checkResumePublications(portfolio, postSlugs, drafts))
  }
  diagnostics.push(...checkTechSlugs(projects))
  if (portfolio)
    diagnostics.push(
      ...(await checkResume(portfolio, root)),
      ...(await checkResumePhoto(portfolio, root, store, digests)),
    )
  if (portfolio && loaded.projectsListed) diagnostics.push(...checkResumeProjects(portfolio, loaded.projectFileIds))
  const withImages: MediaDocument[] = [
    ...(portfolio
      ? [{ kind: 'portfolio' as const, data: portfolio.data, parsed: () => portfolio as ParsedDocument }]
      : []),
    ...projects.map((project) => ({ kind: 'project' as const, data: project.data, parsed: () => project.parsed })),
    ...posts.map((post) => ({ kind: 'post' as const, data: post.data, parsed: () => post.parsed })),
  ]
  diagnostics.push(...(await checkMediaFiles(root, withImages, store, digests)))

  const sorted = sortDiagnostics(diagnostics)
  const result: CheckResult = {
    diagnostics: sorted,
    sources,
    fileCount:
      1 +
      loaded.projects.length +
      loaded.posts.length +
      loaded.overlays.length +
      loaded.postOverlays.length +
      (loaded.i18nLock ? 1 : 0) +
      loaded.uiStrings.length,
    parsed: parsedByFile,
    coverage: translations.coverage,
    catalogues: words.catalogues,
  }
  if (translations.coverage.length > 0) {
    const data = new Map<string, unknown>(projects.map((project) => [project.path, project.data]))
    if (portfolio) data.set(portfolio.path, portfolio.data)
    for (const post of posts) data.set(post.path, post.data)
    const texts = new Map([...bodies].map(([file, body]) => [file, body.text]))
    result.translationLock = translationLockText(translations.overlays, data, texts)
  }
  const complete = projects.length === loaded.projects.length && posts.length === loaded.posts.length
  if (!hasErrors(sorted) && complete && portfolio) {
    const valid = validContent(portfolio, projects, posts)
    // Each language's projects are the whole projects with their translations merged in.
    result.languages = localizeContent(valid, translations.overlays, bodies)
    result.content = { ...valid, projects: valid.projects.map(({ sections: _, ...checked }) => checked) }
  }
  return result
}

/**
 * A file parsed when a position in it is first asked for. Made here, not where it is called: a
 * closure keeps its whole scope, and checkAcrossFiles' holds every project's data, which the
 * documents outlive (a build keeps them for problems found after the checks).
 */
function parseLater(source: SourceFile): () => ParsedDocument {
  return () => parseYaml(source).parsed
}

/**
 * Each post file's markdown text by file, for its translations (their staleness, and the text a
 * language without one shows). A file without a front matter block has none: its own check says so.
 */
function postBodies(sources: readonly SourceFile[]): Map<string, TranslatedBody> {
  const bodies = new Map<string, TranslatedBody>()
  for (const source of sources) {
    const split = splitFrontMatter(source.path, source.text)
    if ('diagnostic' in split) continue
    const line = source.text.slice(0, split.bodyOffset).split('\n').length
    bodies.set(source.path, { text: split.body, line, offset: split.bodyOffset })
  }
  return bodies
}

/**
 * Each post file's outcome taken in (its text, diagnostics and links), and the posts whose front
 * matter is a mapping, as the rules across files take them; in the order of `sources`.
 */
function postDocuments(
  sources: readonly SourceFile[],
  outcomes: readonly FileOutcome[],
  parsedByFile: ParsedDocuments,
  texts: Map<string, string>,
  diagnostics: Diagnostic[],
  links: InternalLink[],
): PostDocument[] {
  const posts: PostDocument[] = []
  sources.forEach((source, i) => {
    const outcome = outcomes[i]
    if (!outcome) return
    texts.set(source.path, source.text)
    if (outcome.parsed && outcome.diagnostics.length > 0) parsedByFile.set(source.path, outcome.parsed)
    else parsedByFile.setLazy(source.path, () => parsePost(source))
    diagnostics.push(...outcome.diagnostics)
    links.push(...outcome.links)
    if (!isRecord(outcome.data)) return
    const path = source.path
    posts.push({
      path,
      data: outcome.data,
      get parsed(): ParsedDocument {
        return parsedByFile.get(path) as ParsedDocument
      },
    })
  })
  return posts
}

/**
 * The one place the content's type is asserted: every file passed its schema (a schema error is an
 * error, and there is none), so the data is what the schemas' types say.
 */
function validContent(
  portfolio: ParsedDocument,
  projects: readonly ProjectDocument[],
  posts: readonly PostDocument[],
): Omit<CheckedContent, 'projects'> & { projects: Project[] } {
  const valid = portfolio.data as Portfolio
  const byId = new Map(projects.map((p) => [(p.data as unknown as Project).id, p.data as unknown as Project]))
  return {
    portfolio: valid,
    projects: valid.projects.order.flatMap((id) => byId.get(id) ?? []),
    posts: posts.map((post) => ({ slug: postSlug(post.path), post: post.data as unknown as Post })),
  }
}

/** A file checked elsewhere, as the rules take it: its checked data now, its place in the text parsed on first use. */
function documentWithData(
  source: SourceFile,
  data: Record<string, unknown>,
  parsedByFile: ParsedDocuments,
): ParsedDocument {
  const parsed = () => parsedByFile.get(source.path) as ParsedDocument
  return {
    path: source.path,
    text: source.text,
    data,
    get lineCounter() {
      return parsed().lineCounter
    },
    get contents() {
      return parsed().contents
    },
  }
}

/** `parsed` is looked up on use: for a file checked elsewhere, that is when it gets parsed here. */
function projectDocument(path: string, data: Record<string, unknown>, parsedByFile: ParsedDocuments): ProjectDocument {
  return {
    path,
    data,
    get parsed(): ParsedDocument {
      return parsedByFile.get(path) as ParsedDocument
    },
  }
}
