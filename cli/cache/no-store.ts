import type { Store } from './store.ts'

/**
 * The store that keeps nothing: every lookup misses and nothing is written, so code that takes a
 * store needs no case for "no store". Its address opens a store that keeps nothing in a worker too
 * (no tool version: see StoreAddress). Its keys are not computed: nothing is ever looked up by them.
 */
export const noStore: Store = Object.freeze({
  address: Object.freeze({ root: '', toolVersion: undefined }),
  key: () => '',
  get: () => undefined,
  set: () => undefined,
  prune: () => 0,
  setFile: () => undefined,
  getFile: () => undefined,
})

/**
 * Whether `store` keeps nothing on disk (noStore, a store whose tool version is unknown, a memory
 * store): the one question to ask before work whose only use is to be kept (reading a whole app
 * build to store it).
 */
export const keepsNothing = (store: Store): boolean => store.address.toolVersion === undefined
