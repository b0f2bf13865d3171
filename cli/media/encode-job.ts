import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { entryKind, storeAt, type StoreAddress } from '../cache/store.ts'
import { decoderReason } from '../content/rules/image-decode.ts'
import type { ImageFacts, VariantFormat } from './encode-image.ts'

/** The store kinds of encoded images: an entry per image (its EncodedRecord), a plain file per variant. */
export const FILES_KIND = 'media-files'

/** One image to encode: plain data, so any thread of the pool can run it. */
export interface EncodeJob {
  /** The source file, absolute. */
  source: string
  /** The stem of its variants' file names (16 hex of its key): `<name>-<width>.<ext>`. */
  name: string
  /** Where the variants and the record are kept under `key`; those a store does not keep are written into `folder`. */
  store: StoreAddress
  key: string
  folder?: string
}

/** What an encoded image is kept as, and all the build needs of it: its facts and its variants' files. */
export interface EncodedRecord {
  facts: ImageFacts
  /** Each variant's file: its name, size in bytes, width and format, by ascending width. */
  files: { name: string; size: number; width: number; format: VariantFormat }[]
}

/** The store's entry of an encoded image, under its name's key. */
export const IMAGE_RECORD = entryKind<EncodedRecord>('media')

/**
 * A source the encoding failed on, as data: an error thrown in a worker reaches the main thread
 * without its type, and the build must tell a damaged image (a content error, located at its src)
 * from a bug.
 */
export interface EncodeFailure {
  /** False when the source did not decode; true when its pixels decoded and encoding them failed. */
  decoded: boolean
  /** The decoder's or encoder's words. */
  reason: string
}

/** What encoding one image gives: its record, or why it could not be made. */
export type EncodeOutcome = EncodedRecord | { failure: EncodeFailure }

/** Reads and encodes one image (encode-image.ts), keeps its variants; the pool's `media` job. */
export async function encodeMedia(job: EncodeJob): Promise<EncodeOutcome> {
  // Loaded on the first image: sharp takes longer to load than a small build's check, and most builds encode nothing.
  const { encodeImage, SourceNotDecoded } = await import('./encode-image.ts')
  // Validation decoded the source whole; one that fails here changed since, or met a decoder
  // that disagrees: reported at its src all the same.
  const encoded = await encodeImage(readFileSync(job.source)).catch((error: unknown) => ({
    failure: { decoded: !(error instanceof SourceNotDecoded), reason: decoderReason(error) },
  }))
  if ('failure' in encoded) return encoded
  const { facts, variants } = encoded
  const store = storeAt(job.store)
  if (job.folder !== undefined) mkdirSync(job.folder, { recursive: true })
  const files = variants.map(({ width, format, bytes }) => {
    const name = `${job.name}-${width}.${format}`
    // noStore, or a store that cannot be written: the file goes into the folder instead, or nowhere (then a miss next time).
    if (!store.setFile(FILES_KIND, name, bytes) && job.folder !== undefined)
      writeFileSync(path.join(job.folder, name), bytes)
    return { name, size: bytes.length, width, format }
  })
  const record: EncodedRecord = { facts, files }
  IMAGE_RECORD.set(store, job.key, record)
  return record
}
