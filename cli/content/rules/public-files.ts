import { lstat, open } from 'node:fs/promises'
import path from 'node:path'

/** What a file's first bytes say it is: the formats content may name, and what people send instead. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'zip' | 'markup'

const SIGNATURES: [FileKind, number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['zip', [0x50, 0x4b]], // DOCX, ODT and friends
  ['markup', [0x3c]], // HTML or XML
]

/** The kind of file `head` (its first 8 bytes or more) starts, or undefined when none of the above. */
export function fileKind(head: Uint8Array): FileKind | undefined {
  return SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte))?.[0]
}

/** A file content names by its path from public/ (resume.file, resume.photo), as far as the rules need it. */
export type PublicFile =
  | { problem: 'outside' }
  | { problem: 'missing' | 'not-file'; shown: string }
  | { problem: 'too-large'; shown: string; size: number }
  | { problem?: undefined; shown: string; kind: FileKind | undefined }

/**
 * Where a file content names is, and how messages print it: a path starting with "/" is from
 * public/ (published as it is), one starting with "media/" is from the content folder (the images'
 * folder, which is never published as it is: resume.photo may name the About section's photo).
 */
export function contentFilePath(root: string, value: string): { file: string; shown: string } {
  return value.startsWith('/')
    ? { file: path.join(root, 'public', value), shown: `public${value}` }
    : { file: path.join(root, value), shown: value }
}

/**
 * Looks at `value` (a path from public/ starting with "/", or from the content folder starting with
 * "media/") without following links: inside its folder, a regular file, at most `maxBytes`, and
 * what its first bytes say it is. `shown` is the path as messages print it (public/…, media/…).
 */
export async function inspectPublicFile(root: string, value: string, maxBytes: number): Promise<PublicFile> {
  if (value.split('/').includes('..')) return { problem: 'outside' }
  const { file, shown } = contentFilePath(root, value)
  const stats = await lstat(file).catch(() => undefined)
  if (!stats) return { problem: 'missing', shown }
  if (!stats.isFile()) return { problem: 'not-file', shown }
  if (stats.size > maxBytes) return { problem: 'too-large', shown, size: stats.size }
  const handle = await open(file, 'r')
  try {
    const head = new Uint8Array(8)
    await handle.read(head, 0, head.length, 0)
    return { shown, kind: fileKind(head) }
  } finally {
    await handle.close()
  }
}
