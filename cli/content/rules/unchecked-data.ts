import { isRecord, valueAt } from '../../diagnostics/json-pointer.ts'

/**
 * The rules read a file's data whether or not it passed its schema (every problem of every file is
 * reported in one run), so they cannot take it as typed: they read it through these, which skip
 * what has the wrong shape (the schema reports that).
 */

export type UncheckedRecord = Record<string, unknown>

/** Each mapping of the list at `path` in `data`, with its index in the list; anything else in it is skipped. */
export function recordsAt(data: unknown, path: readonly (string | number)[]): [UncheckedRecord, number][] {
  const list = valueAt(data, path)
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown, i): [UncheckedRecord, number][] => (isRecord(item) ? [[item, i]] : []))
}

/** A project file's sections, each with its index. */
export function sectionsOf(project: unknown): [UncheckedRecord, number][] {
  return recordsAt(project, ['sections'])
}
