import { noStore } from './no-store.ts'
import type { KeyInput, Store } from './store.ts'

/**
 * A store held in this process's memory: the dev server's memo of what its last run read and made,
 * read and written through the same entry kinds as the store on disk. A hit is the very value that
 * was set, not a copy, so an unchanged result is the same object run after run. It keeps no files,
 * and a worker opening its address gets noStore. prune() drops what was neither read nor written
 * since the last prune: after a run, what that run no longer has (a file removed, an old text).
 */
export function memoryStore(): Store {
  let kept = new Map<string, unknown>()
  let used = new Map<string, unknown>()
  return {
    address: noStore.address,
    // Length-prefixed, so no two lists of inputs give one key; not hashed, since nothing is written.
    key: (kind: string, ...inputs: KeyInput[]) =>
      [kind, ...inputs]
        .map((input) => `${input.length}:${typeof input === 'string' ? input : Buffer.from(input).toString('latin1')}`)
        .join(''),
    get(kind, key) {
      const id = `${kind}\0${key}`
      const value = used.get(id) ?? kept.get(id)
      if (value !== undefined) used.set(id, value)
      return value
    },
    set: (kind, key, value) => void used.set(`${kind}\0${key}`, value),
    prune() {
      const removed = [...kept.keys()].filter((id) => !used.has(id)).length
      kept = used
      used = new Map()
      return removed
    },
    setFile: () => undefined,
    getFile: () => undefined,
  }
}
