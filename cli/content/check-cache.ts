import { createHash } from 'node:crypto'
import { cacheFolder } from '../paths.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import type { InternalLink } from './rules/markdown.ts'
import { encodeEntry } from '../cache/cache-entries.ts'
import type { EncodedEntry, EntryPack } from '../cache/entry-pack.ts'
import type { SourceFile } from './load-sources.ts'
import { toolKey } from '../cache/tool-key.ts'

/**
 * What checking a valid project file found (its data and its internal links), kept by its exact
 * text and by everything that checks it: every source file of the CLI, the schemas and the
 * lockfile. A build, `generate` and the dev server then parse only the files that changed; a file
 * with any diagnostic is never kept, so problems are always found and located afresh. `validate`
 * does not use it: a pull-request check reads every file. Entries are kept in one pack per content
 * root (entry-pack.ts), so a damaged or foreign entry is checked again, never trusted.
 */
export const checkCacheDirectory = cacheFolder('checked')

export interface CheckCache {
  directory: string
  checkerKey: string
}

export interface CheckedFile {
  data: unknown
  links: InternalLink[]
}

/** Undefined when the tool's sources cannot be read: then nothing is kept. */
export function checkerKey(): string | undefined {
  const key = toolKey()
  return key && createHash('sha256').update(`portfolio-check-cache 1\0${key}`).digest('hex')
}

export function defaultCheckCache(): CheckCache | undefined {
  const key = checkerKey()
  return key ? { directory: checkCacheDirectory, checkerKey: key } : undefined
}

function entryKey(cache: CheckCache, source: SourceFile): string {
  return createHash('sha256').update(`${cache.checkerKey}\0checked\0${source.path}\0`).update(source.text).digest('hex')
}

export function readChecked(cache: CheckCache, pack: EntryPack, source: SourceFile): CheckedFile | undefined {
  const entry = pack.get(entryKey(cache, source))
  return isRecord(entry) && isRecord(entry.data) && Array.isArray(entry.links) ? { data: entry.data, links: entry.links as InternalLink[] } : undefined
}

/** The entry of a file checked valid, made by the thread that checked it; the main thread adds it to the pack. */
export function encodeChecked(cache: CheckCache, source: SourceFile, checked: CheckedFile): EncodedEntry | undefined {
  const key = entryKey(cache, source)
  const bytes = encodeEntry(key, checked)
  return bytes && { key, bytes }
}
