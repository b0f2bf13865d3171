import { toBasename } from '../paths.ts'

/**
 * The chat's passages (every passage of the content, indexed in the browser), as the build writes them
 * (`dist/data/chat-index.json`) and the browser fetches them when the chat is first opened; relative
 * to the public base path. Here rather than in paths.ts: only the chat's lazily loaded code needs
 * it, and every page's bundle holds paths.ts.
 */
export const chatIndexData = {
  file: 'data/chat-index.json',
  url: (base: string): string => `${toBasename(base)}data/chat-index.json`,
} as const
