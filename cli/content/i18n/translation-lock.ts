import { stringify } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { decodePointer, isRecord, valueAt } from '../../diagnostics/json-pointer.ts'
import { sha256Hex } from '../../sha256.ts'
import type { SourceFile } from '../load-sources.ts'
import { parseYaml } from '../parse-yaml.ts'
import type { CheckedOverlay } from './check-overlays.ts'

/**
 * i18n.lock.yaml, committed beside the content: for each language, source file and translated field
 * (by its stable pointer, list items named by their key), the digest of the source text the
 * translation was made from. A source field whose digest differs now changed since: the translation
 * is stale. Written by `portfolio validate --update-i18n-lock`.
 */
export type TranslationLock = ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, string>>>

/**
 * What a post's markdown text is recorded under, beside its front matter's fields' pointers: not a
 * pointer (the text is not in the front matter), so it cannot be taken for one.
 */
export const BODY_KEY = 'body'

/** The digest of a source value (a string, or a list of strings): 16 hex digits of its SHA-256. */
export function fieldDigest(value: unknown): string {
  return sha256Hex(JSON.stringify(value)).slice(0, 16)
}

/** The lock's entries; a file that is not YAML is a located error, entries of another shape are ignored. */
export function readTranslationLock(source: SourceFile | undefined): {
  lock: TranslationLock
  diagnostics: Diagnostic[]
} {
  const lock = new Map<string, Map<string, Map<string, string>>>()
  if (!source) return { lock, diagnostics: [] }
  const { parsed, diagnostics } = parseYaml(source)
  if (isRecord(parsed.data))
    for (const [language, files] of Object.entries(parsed.data)) {
      if (!isRecord(files)) continue
      const byFile = new Map<string, Map<string, string>>()
      for (const [file, fields] of Object.entries(files)) {
        if (!isRecord(fields)) continue
        byFile.set(
          file,
          new Map(
            Object.entries(fields).flatMap(([pointer, digest]) =>
              typeof digest === 'string' ? [[pointer, digest]] : [],
            ),
          ),
        )
      }
      lock.set(language, byFile)
    }
  else if (parsed.data !== undefined)
    diagnostics.push(
      createDiagnostic(
        'SCHEMA_TYPE',
        { file: source.path, start: { line: 1, column: 1 } },
        `${source.path} must be a mapping of languages to files to fields`,
        'Delete it and write it again with "portfolio validate --update-i18n-lock".',
      ),
    )
  return { lock, diagnostics }
}

/** The lock for the translations as they are now: every overlay field with its source's current digest. */
export function translationLockText(
  overlays: readonly CheckedOverlay[],
  sources: ReadonlyMap<string, unknown>,
  /** Each post's markdown text by file: a translated text's digest is recorded under BODY_KEY. */
  bodies: ReadonlyMap<string, string> = new Map(),
): string {
  const tree: { [language: string]: { [file: string]: { [pointer: string]: string } } } = {}
  const sorted = [...overlays].sort(
    (a, b) => a.language.localeCompare(b.language) || a.sourceFile.localeCompare(b.sourceFile),
  )
  for (const overlay of sorted) {
    const source = sources.get(overlay.sourceFile)
    const fields: { [pointer: string]: string } = {}
    for (const field of overlay.fields) {
      const value = valueAt(source, decodePointer(field.source))
      if (value !== undefined) fields[field.stable] = fieldDigest(value)
    }
    const body = bodies.get(overlay.sourceFile)
    if (overlay.body && body !== undefined) fields[BODY_KEY] = fieldDigest(body)
    if (Object.keys(fields).length === 0) continue
    tree[overlay.language] ??= {}
    ;(tree[overlay.language] as { [file: string]: { [pointer: string]: string } })[overlay.sourceFile] = fields
  }
  const header =
    '# Written by "portfolio validate --update-i18n-lock": for each language, file and translated field,\n' +
    '# the digest of the source text it was translated from. Commit it with the translations.\n'
  return header + (Object.keys(tree).length ? stringify(tree, { lineWidth: 0 }) : '{}\n')
}
