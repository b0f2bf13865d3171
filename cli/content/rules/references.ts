import path from 'node:path'
import { createDiagnostic, type Diagnostic, type Located } from '../../diagnostics/diagnostic.ts'
import { encodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locateInString, locatePointer, positionAt } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { InternalLink } from './markdown.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { inspectPublicFile } from './public-files.ts'
import { sectionsOf } from './unchecked-data.ts'

/** Route segments the site itself uses: a project with one of these ids would shadow or break a page. */
const RESERVED_IDS = [
  'index',
  'assets',
  '404',
  'projects',
  'sitemap',
  'robots',
  '__proto__',
  'constructor',
  'prototype',
]
/** Section ids of the home page that in-page links may target. */
const HOME_SECTION_IDS = ['hero', 'about', 'projects', 'contact']
const MAX_ASSET_BYTES = 5 * 1024 * 1024

export interface ProjectDocument {
  /** Same as parsed.path, without parsing: `parsed` may be produced on first use (see ParsedDocuments). */
  path: string
  readonly parsed: ParsedDocument
  data: Record<string, unknown>
}

/** Rules across files: ids vs file names, the flagship, the project order, section ids and anchors. */
export function checkReferences(
  portfolio: ParsedDocument | undefined,
  projects: readonly ProjectDocument[],
  links: readonly InternalLink[],
  parsedByFile: ReadonlyMap<string, ParsedDocument>,
  projectFileIds: readonly string[],
  postSlugs?: readonly string[],
): Diagnostic[] {
  const out: Diagnostic[] = []
  const ids = new Map<string, ProjectDocument>()
  const sectionIds = new Map<string, string[]>()
  for (const project of projects) {
    out.push(...checkProjectId(project, ids), ...checkMetrics(project))
    const sections = checkSectionIds(project)
    out.push(...sections.diagnostics)
    sectionIds.set(path.posix.basename(project.path, '.yaml'), sections.ids)
  }
  // When a project file could not be read or parsed, rules that need every project would only guess.
  out.push(...checkFlagship(portfolio, projects, projects.length === projectFileIds.length))
  if (portfolio) out.push(...checkProjectOrder(portfolio, projects, projectFileIds))
  out.push(...checkLinks(links, sectionIds, parsedByFile, projectFileIds, postSlugs))
  return out
}

/** A project's id: not one the site reserves, its file's name, and no other project's (`ids`: those seen so far). */
function checkProjectId(project: ProjectDocument, ids: Map<string, ProjectDocument>): Diagnostic[] {
  const id = project.data.id
  if (typeof id !== 'string') return []
  const out: Diagnostic[] = []
  const fileId = path.posix.basename(project.path, '.yaml')
  // Located only when reported: locating needs the parsed file, which valid content never has to build.
  const at = () => locatePointer(project.parsed, '/id')
  if (RESERVED_IDS.includes(id))
    out.push(
      createDiagnostic(
        'ID_RESERVED',
        at(),
        `id "${id}" is reserved by the site`,
        `Choose another id; reserved: ${RESERVED_IDS.join(', ')}.`,
      ),
    )
  else if (id !== fileId)
    out.push(
      createDiagnostic(
        'ID_MISMATCH',
        at(),
        `id "${id}" must equal the file name "${fileId}"`,
        `Rename the file to projects/${id}.yaml or set id: ${fileId}.`,
      ),
    )
  const other = ids.get(id)
  if (other) {
    const first = locatePointer(other.parsed, '/id').start
    const here = at()
    out.push(
      createDiagnostic(
        'DUPLICATE_ID',
        here,
        `"${id}" is used by ${other.path}:${first.line}:${first.column} and ${project.path}:${here.start.line}:${here.start.column}`,
        'Every project needs its own id.',
      ),
    )
  } else ids.set(id, project)
  return out
}

/** Only the featured project shows metrics. */
function checkMetrics(project: ProjectDocument): Diagnostic[] {
  if (project.data.metrics === undefined || project.data.featured === true) return []
  return [
    createDiagnostic(
      'METRICS_NOT_FEATURED',
      locatePointer(project.parsed, '/metrics', 'key'),
      `${project.path} has metrics but is not the featured project`,
    ),
  ]
}

/** A project's section ids, each once (they are its page's anchors), and the duplicates found. */
function checkSectionIds(project: ProjectDocument): { ids: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const seen = new Map<string, number>()
  sectionsOf(project.data).forEach(([section, i]) => {
    if (typeof section.id !== 'string') return
    const previous = seen.get(section.id)
    if (previous !== undefined) {
      const first = locatePointer(project.parsed, encodePointer(['sections', previous, 'id'])).start
      diagnostics.push(
        createDiagnostic(
          'DUPLICATE_SECTION_ID',
          locatePointer(project.parsed, encodePointer(['sections', i, 'id'])),
          `section id "${section.id}" is already used at ${first.line}:${first.column}`,
        ),
      )
    } else seen.set(section.id, i)
  })
  return { ids: [...seen.keys()], diagnostics }
}

/**
 * Exactly one project is featured. None featured is reported only when every project file was
 * read (`complete`): a file that could not be read may be the featured one.
 */
function checkFlagship(
  portfolio: ParsedDocument | undefined,
  projects: readonly ProjectDocument[],
  complete: boolean,
): Diagnostic[] {
  const featured = projects.filter((p) => p.data.featured === true)
  if (featured.length === 1 || projects.length === 0 || (!complete && featured.length <= 1)) return []
  if (featured.length === 0) {
    const names = projects.map((p) => path.posix.basename(p.path, '.yaml'))
    const at = portfolio
      ? { file: portfolio.path, start: { line: 1, column: 1 } }
      : { file: projects[0]?.path ?? 'projects', start: { line: 1, column: 1 } }
    return [
      createDiagnostic(
        'FLAGSHIP_COUNT',
        at,
        'exactly one project must have featured: true (found 0)',
        `Set featured: true in one of: ${names.join(', ')}.`,
      ),
    ]
  }
  const files = featured.map((p) => p.path).join(', ')
  return featured.map((p) =>
    createDiagnostic(
      'FLAGSHIP_COUNT',
      locatePointer(p.parsed, '/featured'),
      `exactly one project must have featured: true (found ${featured.length}: ${files})`,
      'Keep featured: true on the flagship only and set the others to false.',
    ),
  )
}

/** Projects are matched by file name (the URL), so a wrong `id` inside a file is reported once, as ID_MISMATCH. */
function checkProjectOrder(
  portfolio: ParsedDocument,
  projects: readonly ProjectDocument[],
  projectFileIds: readonly string[],
): Diagnostic[] {
  const out: Diagnostic[] = []
  const order = valueAt(portfolio.data, ['projects', 'order'])
  if (!Array.isArray(order)) return out
  const known = [...projectFileIds]
  order.forEach((id: unknown, i) => {
    if (typeof id === 'string' && !known.includes(id)) {
      out.push(
        createDiagnostic(
          'UNKNOWN_PROJECT',
          locatePointer(portfolio, encodePointer(['projects', 'order', i])),
          `projects.order lists "${id}", which has no file projects/${id}.yaml`,
          didYouMean(id, known) ?? `Create projects/${id}.yaml or remove the id.`,
        ),
      )
    }
  })
  for (const project of projects) {
    const fileId = path.posix.basename(project.path, '.yaml')
    if (!order.includes(fileId)) {
      out.push(
        createDiagnostic(
          'ORPHAN_PROJECT',
          locatePointer(project.parsed, '/id'),
          `${project.path} is not listed in portfolio.yaml projects.order`,
          `Add "- ${fileId}" to projects.order in portfolio.yaml, or delete the file.`,
        ),
      )
    }
  }
  return out
}

/**
 * Where a link is in its file: in a markdown field (its pointer and index in the string), or in a
 * post's text (no pointer; its index is the offset in the file).
 */
function locateLink(parsed: ParsedDocument, link: InternalLink, length: number): Located {
  if (link.pointer !== '') return locateInString(parsed, link.pointer, link.index, length)
  const start = positionAt(parsed, link.index)
  const end = positionAt(parsed, link.index + length)
  return end.line === start.line ? { file: link.file, start, end } : { file: link.file, start }
}

/** The writing pages a link may name: /writing, /writing/<slug> of a post file, /writing/tags/<tag>. */
const WRITING_PAGE = /^\/writing(?:\/(?:tags\/[^/]+|([^/]+)))?\/?$/

/**
 * In-page and in-site links must land on a page and a section that exist (`#id`, `/#id`,
 * `/projects/<id>#section`, `/writing/<slug>`). A post's `#heading` links are its own check's.
 */
function checkLinks(
  links: readonly InternalLink[],
  sectionIds: ReadonlyMap<string, string[]>,
  parsedByFile: ReadonlyMap<string, ParsedDocument>,
  projectFileIds: readonly string[],
  /** Undefined when posts/ could not be listed: links to posts are not checked. */
  postSlugs: readonly string[] | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const link of links) {
    if (!parsedByFile.has(link.file)) continue
    // Fetched only for a broken link: the document may have to be parsed again to be located in.
    const parsed = () => parsedByFile.get(link.file) as ParsedDocument
    const writing = WRITING_PAGE.exec(link.href.split('#', 1)[0] ?? '')
    if (writing) {
      const slug = writing[1]
      if (slug === undefined || !postSlugs || postSlugs.includes(slug)) continue
      out.push(
        createDiagnostic(
          'BROKEN_ANCHOR',
          locateLink(parsed(), link, link.href.length),
          `link "${link.href}" names no post: there is no file posts/${slug}.md`,
          didYouMean(slug, postSlugs) ?? `Posts: ${postSlugs.join(', ') || 'none'}.`,
        ),
      )
      continue
    }
    const [pathPart = '', fragment] = link.href.split('#', 2)
    const ownId = link.file.startsWith('projects/') ? path.posix.basename(link.file, '.yaml') : undefined
    let targetName: string
    let available: string[] | undefined
    if (pathPart === '') {
      targetName = ownId ? `"${ownId}"` : 'the home page'
      available = ownId ? sectionIds.get(ownId) : HOME_SECTION_IDS
    } else if (pathPart === '/') {
      targetName = 'the home page'
      available = HOME_SECTION_IDS
    } else {
      const match = /^\/projects\/([^/]+)\/?$/.exec(pathPart)
      const project = match?.[1]
      if (project && projectFileIds.includes(project) && !sectionIds.has(project)) continue // that file did not parse
      if (!project || !sectionIds.has(project)) {
        const at = locateLink(parsed(), link, link.href.length)
        out.push(
          createDiagnostic(
            'BROKEN_ANCHOR',
            at,
            `link "${link.href}" does not match any page of the site`,
            `Link to /, /projects/<id>, /writing/<slug> or a #section; projects: ${[...sectionIds.keys()].join(', ')}.`,
          ),
        )
        continue
      }
      targetName = `"${project}"`
      available = sectionIds.get(project)
    }
    if (fragment === undefined || fragment === '' || !available || available.includes(fragment)) continue
    const at = locateLink(parsed(), link, link.href.length + 4)
    out.push(
      createDiagnostic(
        'BROKEN_ANCHOR',
        at,
        `"#${fragment}" does not match any section in ${targetName} (sections: ${available.map((s) => `#${s}`).join(', ')})`,
        didYouMean(fragment, available) ?? undefined,
      ),
    )
  }
  return out
}

/** What a non-PDF resume looks like, for the message. */
const LOOKS_LIKE: Record<string, string> = {
  zip: 'looks like ZIP/DOCX',
  markup: 'looks like HTML or XML',
  jpeg: 'looks like JPEG',
  png: 'looks like PNG',
}

/** The resume exists inside public/, is a regular file, is small enough, and really is a PDF. */
export async function checkResume(portfolio: ParsedDocument, root: string): Promise<Diagnostic[]> {
  const resume = valueAt(portfolio.data, ['resume', 'file'])
  if (typeof resume !== 'string' || !resume.startsWith('/')) return []
  // Located only when there is a problem: locating builds the file's full YAML document.
  const at = () => locatePointer(portfolio, '/resume/file')
  const found = await inspectPublicFile(root, resume, MAX_ASSET_BYTES)
  switch (found.problem) {
    case 'outside':
      return [
        createDiagnostic(
          'ASSET_MISSING',
          at(),
          `resume.file "${resume}" leaves the public/ folder`,
          'Put the PDF inside public/ and write its path from there, e.g. /resume.pdf.',
        ),
      ]
    case 'missing':
      return [
        createDiagnostic(
          'ASSET_MISSING',
          at(),
          `${found.shown} does not exist`,
          `Put the PDF at ${found.shown} or correct resume.file.`,
        ),
      ]
    case 'not-file':
      return [createDiagnostic('NOT_REGULAR_FILE', at(), `${found.shown} is not a regular file`)]
    case 'too-large':
      return [
        createDiagnostic(
          'ASSET_TOO_LARGE',
          at(),
          `${found.shown} is ${(found.size / 1024 / 1024).toFixed(1)} MB > 5 MB limit`,
        ),
      ]
  }
  if (found.kind === 'pdf') return []
  const looksLike = (found.kind && LOOKS_LIKE[found.kind]) ?? 'unknown type'
  return [
    createDiagnostic(
      'ASSET_TYPE',
      at(),
      `${found.shown} does not start with "%PDF-" (${looksLike})`,
      'Export the resume as PDF.',
    ),
  ]
}
