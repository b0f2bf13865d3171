import { lstatSync, readFileSync } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { CliError } from '../errors.ts'
import type { FileDigests } from '../cache/file-digests.ts'
import { fileIdentity, isRacy, nowNs, sameIdentity, type FileIdentity } from '../cache/file-identity.ts'
import { entryKind, type Store } from '../cache/store.ts'
import { sha256Hex } from '../sha256.ts'

/** One content file, decoded. Positions in diagnostics refer to `text` (a UTF-8 BOM is stripped). */
export interface SourceFile {
  /** Path relative to the content root, posix separators, e.g. projects/logic-i.yaml. */
  path: string
  text: string
  /** The SHA-256 (hex) of the file's bytes, when it was read through the file digests (see sourceDigest). */
  sha256?: string
}

/** What a source's results are kept under in the store: its bytes' digest, or its text's when it was not read from a file. */
export function sourceDigest(source: SourceFile): string {
  return source.sha256 ?? sha256Hex(source.text)
}

export interface LoadedSources {
  portfolio?: SourceFile
  projects: SourceFile[]
  /** Ids (file names without .yaml) of every project file found, including ones that could not be read. */
  projectFileIds: string[]
  /** False when projects/ itself could not be listed: cross-file rules would only guess. */
  projectsListed: boolean
  /** posts/*.md, decoded (the folder is optional: none when it is absent). */
  posts: SourceFile[]
  /** Slugs (file names without .md) of every post file found, including ones that could not be read. */
  postFileSlugs: string[]
  /** False when posts/ itself could not be listed. */
  postsListed: boolean
  /** The translations: portfolio.<tag>.yaml and projects/<id>.<tag>.yaml, decoded, in file-name order. */
  overlays: OverlaySource[]
  /** The posts' translations, posts/<slug>.<tag>.md, decoded, in file-name order (`post` set on each). */
  postOverlays: OverlaySource[]
  /** i18n.lock.yaml, when there is one: the source digests translations were made from (i18n/translation-lock.ts). */
  i18nLock?: SourceFile
  /** i18n/<tag>.yaml: the portfolio's own words for the site's strings in a language (i18n-catalogue.ts), in name order. */
  uiStrings: SourceFile[]
  diagnostics: Diagnostic[]
}

/** An overlay file: the translation of portfolio.yaml (no project) or of projects/<project>.yaml into `language`. */
export interface OverlaySource {
  source: SourceFile
  /** The tag as the file name writes it; whether it is one of site.languages is checked later. */
  language: string
  project?: string
  /** The slug of the post a posts/<slug>.<tag>.md translates. */
  post?: string
}

export const LIMITS = Object.freeze({
  fileBytes: 256 * 1024,
  projects: 5000,
  posts: 5000,
})

const PROJECT_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.yaml$/
/**
 * `<id>.<tag>.yaml`: a project's translation. Ids have no dots, so a dotted name is never a project;
 * a name of another shape (`My_App.fr.yaml`) stays a bad file name.
 */
const PROJECT_OVERLAY_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)\.yaml$/
/** `portfolio.<tag>.yaml` at the content root: the portfolio's translation. */
const PORTFOLIO_OVERLAY_FILE = /^portfolio\.([A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)\.yaml$/
export const I18N_LOCK_FILE = 'i18n.lock.yaml'
const POST_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.md$/
/** `<slug>.<tag>.md`: a post's translation (slugs have no dots, as project ids). */
const POST_OVERLAY_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)\.md$/
/** Editor droppings and hidden files: never content, so skipped with a warning instead of an error. */
const IGNORABLE = /^(\.|#)|~$|\.(swp|swo|bak|orig|tmp)$/

const at1 = (file: string) => ({ file, start: { line: 1, column: 1 } })

export interface LoadOptions {
  /**
   * Files read by earlier calls, kept by the caller across calls (the dev server's memoryStore): a
   * file whose inode, size and mtime are unchanged is taken from here instead of read and decoded
   * again, and every file read is put here.
   */
  memo?: Store
  /** Reads the files through these, so an unchanged file's digest is not computed again (cache/file-digests.ts). */
  digests?: FileDigests
}

/** One file as an earlier call read it: what it gave, and the identity it was read under. */
interface FileRead {
  identity: FileIdentity
  /** When it was read: a file modified within a clock tick of that is read again (isRacy). */
  readAtNs: bigint
  source: SourceFile | undefined
  diagnostics: Diagnostic[]
}

/**
 * Finds portfolio.yaml, projects/*.yaml, posts/*.md, their translations (portfolio.<tag>.yaml,
 * projects/<id>.<tag>.yaml, posts/<slug>.<tag>.md) and i18n.lock.yaml under `root` and decodes them; never follows links.
 */
export async function loadSources(root: string, options: LoadOptions = {}): Promise<LoadedSources> {
  const diagnostics: Diagnostic[] = []
  await requirePortfolioFile(root)
  const portfolio = readRemembered(root, 'portfolio.yaml', diagnostics, options)
  const projects = await loadFolder(root, PROJECT_FOLDER, diagnostics, options)
  const posts = await loadFolder(root, POST_FOLDER, diagnostics, options)
  const overlays: OverlaySource[] = []
  for (const [name, language] of await rootOverlayNames(root)) {
    const source = readRemembered(root, name, diagnostics, options)
    if (source) overlays.push({ source, language })
  }
  for (const { name, language, id } of projects.overlays) {
    const source = readRemembered(root, `${PROJECT_FOLDER.folder}/${name}`, diagnostics, options)
    if (source) overlays.push({ source, language, project: id })
  }
  const postOverlays: OverlaySource[] = []
  for (const { name, language, id } of posts.overlays) {
    const source = readRemembered(root, `${POST_FOLDER.folder}/${name}`, diagnostics, options)
    if (source) postOverlays.push({ source, language, post: id })
  }
  const lockStats = await lstat(path.join(root, I18N_LOCK_FILE)).catch(() => undefined)
  const i18nLock = lockStats ? readRemembered(root, I18N_LOCK_FILE, diagnostics, options) : undefined
  const uiStrings = (await uiStringNames(root)).flatMap((name) => {
    const source = readRemembered(root, `${UI_STRINGS_FOLDER}/${name}`, diagnostics, options)
    return source ? [source] : []
  })
  return {
    uiStrings,
    portfolio,
    projects: projects.sources,
    projectFileIds: projects.ids,
    projectsListed: projects.listed,
    posts: posts.sources,
    postFileSlugs: posts.ids,
    postsListed: posts.listed,
    overlays,
    postOverlays,
    ...(i18nLock ? { i18nLock } : {}),
    diagnostics,
  }
}

/** The folder of the site's words a portfolio overrides or adds: i18n/<tag>.yaml. */
const UI_STRINGS_FOLDER = 'i18n'

/** i18n/*.yaml, in name order (none when there is no such folder). */
async function uiStringNames(root: string): Promise<string[]> {
  const names = await readdir(path.join(root, UI_STRINGS_FOLDER)).catch(() => [] as string[])
  return names.filter((name) => name.endsWith('.yaml') && !IGNORABLE.test(name)).sort()
}

/** portfolio.<tag>.yaml files at the root, with their tags, in name order. */
async function rootOverlayNames(root: string): Promise<[string, string][]> {
  const names = await readdir(root).catch(() => [] as string[])
  return names.sort().flatMap((name) => {
    const language = PORTFOLIO_OVERLAY_FILE.exec(name)?.[1]
    return language === undefined ? [] : [[name, language] as [string, string]]
  })
}

/** A folder of content files, one item per file, the file name (without its extension) the item's id or slug. */
interface ContentFolder {
  folder: 'projects' | 'posts'
  extension: '.yaml' | '.md'
  /** What messages call one of its files. */
  what: string
  /** A file name that is valid as it is. */
  valid: RegExp
  /** A file that was meant as one of the folder's files (a bad name is reported); any other file is not content. */
  meant: RegExp
  limit: number
  limitCode: 'TOO_MANY_PROJECTS' | 'TOO_MANY_POSTS'
  /**
   * Two names that give one id (`A.md` and `a.md`: one URL) are both reported, where the folder's
   * items have no id inside them that a rule across files compares (a project's `id` is).
   */
  uniqueIds: boolean
  /** Ids a file may not take: route segments of the folder's pages. */
  reserved: readonly string[]
  /** A translation of one of the folder's files (groups: id, language tag), listed apart. */
  overlay?: RegExp
}

const PROJECT_FOLDER: ContentFolder = {
  folder: 'projects',
  extension: '.yaml',
  what: 'project file',
  valid: PROJECT_FILE,
  meant: /\.ya?ml$/i,
  limit: LIMITS.projects,
  limitCode: 'TOO_MANY_PROJECTS',
  uniqueIds: false,
  reserved: [],
  overlay: PROJECT_OVERLAY_FILE,
}

const POST_FOLDER: ContentFolder = {
  folder: 'posts',
  extension: '.md',
  what: 'post file',
  valid: POST_FILE,
  meant: /\.(md|markdown|mdown)$/i,
  limit: LIMITS.posts,
  limitCode: 'TOO_MANY_POSTS',
  uniqueIds: true,
  // /writing/tags/<tag> are the tag pages: a post with the slug "tags" would be their parent folder.
  reserved: ['tags'],
  overlay: POST_OVERLAY_FILE,
}

/** Lists and reads one folder's files (`listed` false when the folder itself could not be listed). */
async function loadFolder(
  root: string,
  spec: ContentFolder,
  diagnostics: Diagnostic[],
  options: LoadOptions,
): Promise<FolderFiles> {
  const { folder, extension } = spec
  let names: string[] = []
  const stats = await lstat(path.join(root, folder)).catch(() => undefined)
  if (stats && !stats.isDirectory()) {
    const kind = stats.isSymbolicLink() ? 'a symbolic link' : 'not a folder'
    diagnostics.push(
      createDiagnostic(
        'NOT_REGULAR_FILE',
        at1(folder),
        `"${folder}" is ${kind}; it must be a plain folder inside the content root`,
      ),
    )
    return { sources: [], ids: [], listed: false, overlays: [] }
  }
  try {
    names = stats ? (await readdir(path.join(root, folder))).sort() : []
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT')
      throw new CliError(`cannot read ${path.join(root, folder)}: ${code ?? String(error)}`, undefined, {
        cause: error,
      })
  }

  const valid: string[] = []
  const overlays: FolderFiles['overlays'] = []
  // Every file meant as one of the folder's, by the id its name gives (for uniqueIds).
  const byId = new Map<string, string[]>()
  for (const name of names) {
    const rel = `${folder}/${name}`
    const overlay = spec.overlay?.exec(name)
    if (overlay) overlays.push({ name, id: overlay[1] as string, language: overlay[2] as string })
    else if (spec.valid.test(name)) {
      valid.push(name)
      byId.set(idOf(name), [...(byId.get(idOf(name)) ?? []), rel])
    } else if (IGNORABLE.test(name)) {
      // Anywhere in the name: `.x.yaml`, `x.yaml~`, `#x.yaml#`, `x.md.swp`.
      if (new RegExp(spec.meant.source.replace(/\$$/, ''), 'i').test(name)) {
        diagnostics.push(
          createDiagnostic(
            'BAD_FILENAME',
            at1(rel),
            `"${rel}" looks like a hidden or backup file and is ignored`,
            `Delete it, or rename it to a ${spec.what} name (lowercase kebab-case with a ${extension} extension) if it is content.`,
            'warning',
          ),
        )
      }
    } else if (spec.meant.test(name)) {
      const suggested = name
        .toLowerCase()
        .replace(spec.meant, extension)
        .replace(/[^a-z0-9.]+/g, '-')
        .replace(/^-+|-+(?=\.)/g, '')
      byId.set(idOf(suggested), [...(byId.get(idOf(suggested)) ?? []), rel])
      diagnostics.push(
        createDiagnostic(
          'BAD_FILENAME',
          at1(rel),
          `"${rel}" is not a valid ${spec.what} name`,
          `Rename it to "${folder}/${suggested}": lowercase kebab-case with a ${extension} extension.`,
        ),
      )
    }
  }
  if (spec.uniqueIds)
    for (const [id, files] of byId)
      if (files.length > 1)
        for (const file of files)
          diagnostics.push(
            createDiagnostic(
              'POST_DUPLICATE_SLUG',
              at1(file),
              `${files.map((f) => `"${f}"`).join(' and ')} would ${files.length === 2 ? 'both' : 'all'} be the page /writing/${id}`,
              `Keep one file named "${folder}/${id}${extension}"; rename or delete the others.`,
            ),
          )
  const allowed = valid.filter((name) => {
    if (!spec.reserved.includes(idOf(name))) return true
    diagnostics.push(
      createDiagnostic(
        'POST_SLUG_RESERVED',
        at1(`${folder}/${name}`),
        `the slug "${idOf(name)}" is reserved by the site`,
        `Rename the file; reserved: ${spec.reserved.join(', ')}.`,
      ),
    )
    return false
  })
  if (allowed.length > spec.limit) {
    diagnostics.push(
      createDiagnostic(
        spec.limitCode,
        at1(folder),
        `${allowed.length} ${spec.what}s > ${spec.limit}`,
        `Keep at most ${spec.limit} ${spec.what}s.`,
      ),
    )
    return { sources: [], ids: allowed.map(idOf), listed: false, overlays }
  }

  const sources: SourceFile[] = []
  for (const name of allowed) {
    const source = readRemembered(root, `${folder}/${name}`, diagnostics, options)
    if (source) sources.push(source)
  }
  return { sources, ids: allowed.map(idOf), listed: true, overlays }
}

interface FolderFiles {
  sources: SourceFile[]
  ids: string[]
  /** False when the folder itself could not be listed. */
  listed: boolean
  /** The translations found beside the files (read by the caller). */
  overlays: { name: string; id: string; language: string }[]
}

/** Throws when `root` has no portfolio.yaml: there is no content to read. */
export async function requirePortfolioFile(root: string): Promise<void> {
  const portfolioStat = await lstat(path.join(root, 'portfolio.yaml')).catch(() => undefined)
  if (!portfolioStat) {
    throw new CliError(
      `no portfolio.yaml found in ${root}`,
      'Run the command in your portfolio folder, pass --root DIR, or create one with "portfolio init".',
    )
  }
}

const idOf = (name: string) => name.replace(/\.(yaml|md)$/, '')

/** A file as the caller's memo holds it, by its path. */
const REMEMBERED_READ = entryKind<FileRead>('file read')

/** readSource, or what `memo` holds of the file when its identity is unchanged since it was read (cache/file-identity.ts). */
function readRemembered(
  root: string,
  rel: string,
  diagnostics: Diagnostic[],
  { memo, digests }: Pick<LoadOptions, 'memo' | 'digests'>,
): SourceFile | undefined {
  if (!memo) return readSource(root, rel, diagnostics, digests)
  const identity = fileIdentity(path.join(root, rel))
  const key = REMEMBERED_READ.key(memo, rel)
  const known = REMEMBERED_READ.get(memo, key)
  if (identity && known && sameIdentity(known.identity, identity) && !isRacy(identity, known.readAtNs)) {
    diagnostics.push(...known.diagnostics)
    return known.source
  }
  const readAtNs = nowNs()
  const own: Diagnostic[] = []
  const source = readSource(root, rel, own, digests)
  // Not a regular file: nothing to know it by, so it is looked at again each time.
  if (identity) REMEMBERED_READ.set(memo, key, { identity, readAtNs, source, diagnostics: own })
  diagnostics.push(...own)
  return source
}

/**
 * Synchronous on purpose: awaiting lstat, open, stat, read and close one after another costs a
 * thread-pool round trip each, several times what the blocking calls take.
 */
function readSource(
  root: string,
  rel: string,
  diagnostics: Diagnostic[],
  digests: FileDigests | undefined,
): SourceFile | undefined {
  const abs = path.join(root, rel)
  const stats = lstatSync(abs)
  if (!stats.isFile()) {
    const kind = stats.isSymbolicLink() ? 'a symbolic link' : stats.isDirectory() ? 'a folder' : 'not a regular file'
    diagnostics.push(
      createDiagnostic('NOT_REGULAR_FILE', at1(rel), `"${rel}" is ${kind}; content files must be plain files`),
    )
    return undefined
  }
  if (stats.size > LIMITS.fileBytes) {
    diagnostics.push(
      createDiagnostic(
        'FILE_TOO_LARGE',
        at1(rel),
        `"${rel}" is ${formatBytes(stats.size)} > ${formatBytes(LIMITS.fileBytes)} limit`,
      ),
    )
    return undefined
  }
  let bytes: Buffer
  let sha256: string | undefined
  try {
    if (digests) ({ bytes, sha256 } = digests.read(abs))
    else bytes = readFileSync(abs)
  } catch (error) {
    throw new CliError(`cannot read ${abs}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, undefined, {
      cause: error,
    })
  }
  const decoded = decodeUtf8(rel, bytes)
  if ('diagnostic' in decoded) {
    diagnostics.push(decoded.diagnostic)
    return undefined
  }
  const control = findControlCharacter(rel, decoded.text)
  if (control) {
    diagnostics.push(control)
    return undefined
  }
  return { path: rel, text: decoded.text, ...(sha256 === undefined ? {} : { sha256 }) }
}

function decodeUtf8(file: string, bytes: Uint8Array): { text: string } | { diagnostic: Diagnostic } {
  const b0 = bytes[0]
  const b1 = bytes[1]
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    const kind = b0 === 0xff && b1 === 0xfe && bytes[2] === 0 && bytes[3] === 0 ? 'UTF-32' : 'UTF-16'
    return { diagnostic: createDiagnostic('ENCODING', at1(file), `file is ${kind}; only UTF-8 is supported`) }
  }
  if (b0 === 0 && b1 === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) {
    return { diagnostic: createDiagnostic('ENCODING', at1(file), 'file is UTF-32; only UTF-8 is supported') }
  }
  const utf16 = looksLikeUtf16WithoutBom(bytes)
  if (utf16)
    return {
      diagnostic: createDiagnostic(
        'ENCODING',
        at1(file),
        `file looks like ${utf16} without a byte-order mark; only UTF-8 is supported`,
      ),
    }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
    return { text }
  } catch {
    const offset = firstInvalidUtf8Offset(bytes)
    let line = 1
    let lineStart = 0
    for (let i = 0; i < offset; i++) {
      if (bytes[i] === 0x0a) {
        line++
        lineStart = i + 1
      }
    }
    const column = new TextDecoder().decode(bytes.subarray(lineStart, offset)).length + 1
    const hex = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0')
    return {
      diagnostic: createDiagnostic(
        'ENCODING',
        { file, start: { line, column } },
        `file is not valid UTF-8 (bad byte 0x${hex} at offset ${offset}, line ${line})`,
      ),
    }
  }
}

/** ASCII text in UTF-16 has a NUL in every other byte; real UTF-8 content has none. */
function looksLikeUtf16WithoutBom(bytes: Uint8Array): string | undefined {
  const sample = bytes.subarray(0, 512)
  if (sample.length < 4) return undefined
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNuls++ : oddNuls++
  const half = sample.length / 2
  if (oddNuls > half * 0.6 && evenNuls === 0) return 'UTF-16 LE'
  if (evenNuls > half * 0.6 && oddNuls === 0) return 'UTF-16 BE'
  return undefined
}

/**
 * Offset of the first byte that does not start or continue a valid UTF-8 sequence: where the
 * decoder, replacing instead of failing, put its first U+FFFD that the file did not itself hold.
 * Everything before it is valid, so it encodes back to the file's own bytes.
 */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  const encoder = new TextEncoder()
  let offset = 0
  let from = 0
  for (let at = text.indexOf(REPLACEMENT); at !== -1; at = text.indexOf(REPLACEMENT, at + 1)) {
    offset += encoder.encode(text.slice(from, at)).length
    from = at
    // EF BF BD is a U+FFFD written in the file; anything else is where decoding failed.
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset
  }
  return bytes.length
}

const REPLACEMENT = '\uFFFD'

/** YAML forbids C0 controls other than tab/LF/CR, DEL, and C1 controls other than NEL. */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u0080-\u0084\u0086-\u009F]/

function findControlCharacter(file: string, text: string): Diagnostic | undefined {
  const match = CONTROL_CHARACTER.exec(text)
  if (!match) return undefined
  const before = text.slice(0, match.index)
  const line = before.split('\n').length
  const column = match.index - (before.lastIndexOf('\n') + 1) + 1
  const codePoint = `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  return createDiagnostic(
    'CONTROL_CHAR',
    { file, start: { line, column }, end: { line, column: column + 1 } },
    `control character ${codePoint} at ${line}:${column}`,
  )
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`
  return `${bytes} bytes`
}
