import { copyFileSync, linkSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import type { FileDigests } from '../cache/file-digests.ts'
import type { Store } from '../cache/store.ts'
import type { FailedImage } from '../content/rules/media-files.ts'
import { FILES_KIND, IMAGE_RECORD, type EncodedRecord, type EncodeJob, type EncodeOutcome } from './encode-job.ts'
import { ENCODING_KEY } from './image-options.ts'
import { sha256Hex } from '../sha256.ts'

/**
 * The content's images, encoded once: each source is named by its bytes' digest (through the file
 * digests, so an unchanged file is not even read) and the encoding options; an image the store holds
 * with all its files is not encoded again, and its files are hard-linked from the store.
 */

export interface MediaOptions {
  /** The content folder: every src is a path from it. */
  root: string
  store: Store
  /** The caller's file digests: each source is named by its bytes' digest. */
  digests: FileDigests
  /**
   * The folder the variants go into (a build's: the site folder's media/): linked
   * from the store, or written there by the encoding when there is none. Without one they stay in
   * the store (`generate`, which writes no site).
   */
  folder?: string
  /**
   * Encodes the images the store does not hold, each with encodeMedia (the pool's `media` job, on a
   * worker or in this thread as the pool decides), results in order.
   */
  encode: (jobs: readonly EncodeJob[]) => Promise<readonly EncodeOutcome[]>
  signal?: AbortSignal
}

export interface MadeMedia {
  /** Each image's record by its src. */
  images: Map<string, EncodedRecord>
  /** How many images were encoded now (the others came from the store). */
  encoded: number
}

/**
 * Images validation passed that could not be encoded (see EncodeFailure), each src with why: the
 * build reports them at their src, as validation reports a damaged image (imageFailureDiagnostics).
 */
export class ImagesNotEncoded extends Error {
  override name = 'ImagesNotEncoded'
  constructor(readonly images: readonly FailedImage[]) {
    super(
      images
        .map((image) => `${image.src} cannot be ${image.decoded ? 'encoded' : 'decoded'}: ${image.reason}`)
        .join('\n'),
    )
  }
}

/**
 * Encodes (or takes from the store) every image of `sources` (src paths, repeats allowed) into
 * options.folder. Throws ImagesNotEncoded, naming every one, when some could not be encoded.
 */
export async function makeMedia(sources: readonly string[], options: MediaOptions): Promise<MadeMedia> {
  const { root, store, digests, folder } = options
  if (sources.length === 0) return { images: new Map(), encoded: 0 }
  if (folder !== undefined) mkdirSync(folder, { recursive: true })
  const images = new Map<string, EncodedRecord>()
  const toEncode: { src: string; job: EncodeJob }[] = []
  const byName = new Map<string, EncodedRecord>()
  for (const src of new Set(sources)) {
    options.signal?.throwIfAborted()
    const source = path.join(root, src)
    const name = imageName(sourceDigest(source, digests))
    const known = byName.get(name)
    if (known) {
      images.set(src, known)
      continue
    }
    const key = IMAGE_RECORD.key(store, name)
    const kept = keptRecord(store, key)
    if (kept) {
      if (folder !== undefined) linkFiles(kept, store, folder)
      images.set(src, kept)
      byName.set(name, kept)
      continue
    }
    toEncode.push({
      src,
      job: { source, name, store: store.address, key, ...(folder ? { folder } : {}) },
    })
  }
  const jobs = dedupe(toEncode.map((item) => item.job))
  const encoded = await options.encode(jobs)
  const outcomes = new Map(jobs.map((job, i) => [job.name, encoded[i] as EncodeOutcome]))
  const failed = toEncode.flatMap(({ src, job }) => {
    const outcome = outcomes.get(job.name) as EncodeOutcome
    return 'failure' in outcome ? [{ src, ...outcome.failure }] : []
  })
  if (failed.length > 0) throw new ImagesNotEncoded(failed)
  const made = outcomes as Map<string, EncodedRecord>
  for (const { src, job } of toEncode) images.set(src, made.get(job.name) as EncodedRecord)
  if (folder !== undefined) for (const record of made.values()) linkFiles(record, store, folder)
  return { images, encoded: jobs.length }
}

/** The stem of an image's file names: 16 hex of its bytes' digest and the encoding options (so its URLs change when its pixels would). */
export function imageName(sha256: string): string {
  return sha256Hex(`portfolio-media 1\0${ENCODING_KEY}\0${sha256}`).slice(0, 16)
}

function sourceDigest(file: string, digests: FileDigests): string {
  const digest = digests.digest(file)
  // The rules refused a missing file or a link before any build got here.
  if (digest === undefined) throw new Error(`${file} is not a regular file`)
  return digest
}

/** The store's record of an image when every one of its files is there too. */
function keptRecord(store: Store, key: string): EncodedRecord | undefined {
  const value = IMAGE_RECORD.get(store, key)
  if (!value) return undefined
  return value.files.every((file) => store.getFile(FILES_KIND, file.name, file.size) !== undefined) ? value : undefined
}

/** Hard links into the folder (a copy across file systems, or where links are refused). */
function linkFiles(record: EncodedRecord, store: Store, folder: string): void {
  for (const file of record.files) {
    const kept = store.getFile(FILES_KIND, file.name, file.size)
    // Not kept (noStore, or a store that cannot be written): encodeMedia wrote it into the folder itself.
    if (kept === undefined) continue
    const target = path.join(folder, file.name)
    try {
      linkSync(kept, target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      copyFileSync(kept, target)
    }
  }
}

function dedupe(jobs: readonly EncodeJob[]): EncodeJob[] {
  return [...new Map(jobs.map((job) => [job.name, job])).values()]
}
