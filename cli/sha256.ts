import { createHash } from 'node:crypto'

/** The SHA-256 of a text (as UTF-8) or bytes, in hex: the one digest of the CLI's keys, checksums and file hashes. */
export function sha256Hex(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex')
}
