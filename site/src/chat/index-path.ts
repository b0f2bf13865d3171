import { toBasename } from '../paths.ts'

/**
 * The chat's data as the build writes it (`dist/data/chat.json`, `dist/data/chat/<id>.json`) and the
 * browser fetches it, relative to the public base path: the overview (the owner's passages and a
 * summary of each project) when the chat is first opened, a project's passages when a question
 * concerns it. Here rather than in paths.ts: only the chat's lazily loaded code needs it, and every
 * page's bundle holds paths.ts.
 */
export const chatData = {
  overview: {
    file: 'data/chat.json',
    url: (base: string): string => `${toBasename(base)}data/chat.json`,
  },
  /** The folder of the project files, relative to the site. */
  folder: 'data/chat',
  project: {
    file: (projectId: string): string => `data/chat/${encodeURIComponent(projectId)}.json`,
    url: (base: string, projectId: string): string =>
      `${toBasename(base)}data/chat/${encodeURIComponent(projectId)}.json`,
  },
} as const
