import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import type { FileDigests } from '../../cache/file-digests.ts'
import type { Store } from '../../cache/store.ts'
import { decodeFailure } from './media-files.ts'
import { contentFilePath, fileKind, inspectPublicFile } from './public-files.ts'
import { recordsAt } from './unchecked-data.ts'

const DATE = /^(\d{4})(?:-(\d{2}))?$/
/** How to write a date, for every dated list. */
export const DATE_HINT = 'Write the year ("2019") or the year and month ("2019-04"), quoted'
const FORMAT_HINT = `${DATE_HINT}; for an unknown date use duration, e.g. "7+ years".`

/** A parsed period bound, as months since year 0, so that 2019 < 2019-04 < 2020 compare simply. */
export interface Bound {
  months: number
  /** Whether only the year is known: 2019 as an end covers all of 2019. */
  yearOnly: boolean
}

export function parseBound(text: string): Bound | undefined {
  const match = DATE.exec(text)
  if (!match) return undefined
  const year = Number(match[1])
  const month = match[2] === undefined ? undefined : Number(match[2])
  if (year < 1900 || (month !== undefined && (month < 1 || month > 12))) return undefined
  return { months: year * 12 + (month ?? 1) - 1, yearOnly: month === undefined }
}

/**
 * Dates of experience and education entries: each parses, the end is not before the start, and an
 * experience entry says when (start) or for how long (duration).
 */
export function checkResumeDates(portfolio: ParsedDocument): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const list of ['experience', 'education'] as const) {
    recordsAt(portfolio.data, [list]).forEach(([entry, i]) => {
      const at = (key: string) => locatePointer(portfolio, encodePointer([list, i, key]))
      const bound = (key: 'start' | 'end'): Bound | undefined | null => {
        const text = entry[key]
        if (typeof text !== 'string' || (key === 'end' && text === 'present')) return null
        const parsed = parseBound(text)
        if (!parsed)
          out.push(
            createDiagnostic(
              'RESUME_DATE',
              at(key),
              `${list}[${i}].${key} "${text}" is not a date`,
              key === 'end' ? `${FORMAT_HINT} An ongoing entry ends "present".` : FORMAT_HINT,
            ),
          )
        return parsed
      }
      const start = bound('start')
      const end = bound('end')
      if (start && end && end.months + (end.yearOnly ? 11 : 0) < start.months) {
        out.push(
          createDiagnostic(
            'RESUME_DATE_ORDER',
            at('end'),
            `${list}[${i}] ends (${String(entry.end)}) before it starts (${String(entry.start)})`,
          ),
        )
      }
      if (list === 'experience' && entry.start === undefined && entry.duration === undefined) {
        out.push(
          createDiagnostic(
            'RESUME_PERIOD_MISSING',
            locatePointer(portfolio, encodePointer([list, i]), 'key'),
            `experience[${i}] ("${String(entry.role)}") has neither start nor duration`,
          ),
        )
      }
      if (entry.end !== undefined && entry.start === undefined) {
        out.push(
          createDiagnostic(
            'RESUME_PERIOD_MISSING',
            at('end'),
            `${list}[${i}] has an end but no start`,
            'Add start, or remove end and give a duration instead.',
          ),
        )
      }
    })
  }
  return out
}

/** Every id in resume.projects names a project of projects.order. */
export function checkResumeProjects(portfolio: ParsedDocument, projectIds: readonly string[]): Diagnostic[] {
  const listed = valueAt(portfolio.data, ['resume', 'projects'])
  const chosen = Array.isArray(listed) ? listed : []
  const out: Diagnostic[] = []
  chosen.forEach((id: unknown, i) => {
    if (typeof id !== 'string' || projectIds.includes(id)) return
    out.push(
      createDiagnostic(
        'UNKNOWN_PROJECT',
        locatePointer(portfolio, encodePointer(['resume', 'projects', i])),
        `resume.projects lists "${id}", which has no file projects/${id}.yaml`,
        didYouMean(id, projectIds) ?? `Choose among: ${projectIds.join(', ')}.`,
      ),
    )
  })
  return out
}

/** A resume photo is printed a few centimetres wide: more than this is a camera original. */
const MAX_PHOTO_BYTES = 1024 * 1024

/** The image format of `bytes` by its signature (what Typst decodes), or undefined when it is neither PNG nor JPEG. */
export function photoFormat(bytes: Uint8Array): 'png' | 'jpg' | undefined {
  const kind = fileKind(bytes)
  return kind === 'png' ? 'png' : kind === 'jpeg' ? 'jpg' : undefined
}

/**
 * resume.photo exists inside public/ or media/, is a regular file, is small enough, really is a PNG
 * or JPEG, and decodes whole (Typst would otherwise stop the build at `resume:`, blaming its
 * template). `store` keeps what decoded whole, as for the content's images.
 */
export async function checkResumePhoto(
  portfolio: ParsedDocument,
  root: string,
  store: Store,
  digests: FileDigests,
): Promise<Diagnostic[]> {
  const photo = valueAt(portfolio.data, ['resume', 'photo'])
  if (typeof photo !== 'string' || !(photo.startsWith('/') || photo.startsWith('media/'))) return []
  // Located only when there is a problem: locating builds the file's full YAML document.
  const at = () => locatePointer(portfolio, '/resume/photo')
  const found = await inspectPublicFile(root, photo, MAX_PHOTO_BYTES)
  switch (found.problem) {
    case 'outside':
      return [
        createDiagnostic(
          'ASSET_MISSING',
          at(),
          `resume.photo "${photo}" leaves the ${photo.startsWith('/') ? 'public/' : 'media/'} folder`,
          'Put the photo inside public/ (write /photo.jpg) or media/ (write media/photo.jpg).',
        ),
      ]
    case 'missing':
      return [
        createDiagnostic(
          'ASSET_MISSING',
          at(),
          `${found.shown} does not exist`,
          `Put the photo at ${found.shown}, correct resume.photo, or remove it for a resume without a photo.`,
        ),
      ]
    case 'not-file':
      return [createDiagnostic('NOT_REGULAR_FILE', at(), `${found.shown} is not a regular file`)]
    case 'too-large':
      return [
        createDiagnostic(
          'ASSET_TOO_LARGE',
          at(),
          `${found.shown} is ${Math.ceil(found.size / 1024)} KB > ${MAX_PHOTO_BYTES / 1024} KB limit`,
          'Scale the photo down to about 600 pixels wide; the resume prints it a few centimetres wide.',
        ),
      ]
  }
  if (found.kind === 'png' || found.kind === 'jpeg') {
    const reason = await decodeFailure(contentFilePath(root, photo).file, store, digests)
    if (reason === undefined) return []
    return [
      createDiagnostic(
        'MEDIA_DAMAGED',
        at(),
        `${found.shown} is damaged or cut short: it cannot be decoded as ${found.kind === 'png' ? 'a PNG' : 'a JPEG'} image (${reason})`,
        'Export or copy the photo again (an interrupted copy or download leaves a file that starts right and ends early), and check that it opens whole in an image viewer.',
      ),
    ]
  }
  return [
    createDiagnostic(
      'ASSET_TYPE',
      at(),
      `${found.shown} is neither a PNG nor a JPEG image (by its content, whatever its name)`,
      'Export the photo as PNG or JPEG.',
    ),
  ]
}
