import { languagePrefix } from '../i18n/languages.ts'
import { toBasename } from '../paths.ts'

/**
 * The chat's data as the build writes it (`dist/data/chat.json`, `dist/data/chat/<id>.json`) and the
 * browser fetches it, relative to the public base path: the overview (the owner's passages and a
 * summary of each project) when the chat is first opened, a project's passages when a question
 * concerns it. Here rather than in paths.ts: only the chat's lazily loaded code needs it, and every
 * page's bundle holds paths.ts.
 */
export interface ChatDataPaths {
  overview: { file: string; url: (base: string) => string }
  /** The folder of the project files, relative to the site. */
  folder: string
  project: { file: (projectId: string) => string; url: (base: string, projectId: string) => string }
}

/** The chat's data under `<prefix>data/`: '' for the default language, `<tag>/` for another (whose files are all in its folder). */
function chatDataAt(prefix: string): ChatDataPaths {
  const folder = `${prefix}data/chat`
  return {
    overview: {
      file: `${folder}.json`,
      url: (base) => `${toBasename(base)}${folder}.json`,
    },
    folder,
    project: {
      file: (projectId) => `${folder}/${encodeURIComponent(projectId)}.json`,
      url: (base, projectId) => `${toBasename(base)}${folder}/${encodeURIComponent(projectId)}.json`,
    },
  }
}

/** The default language's chat data: data/chat.json and data/chat/<id>.json. */
export const chatData: ChatDataPaths = chatDataAt('')

/**
 * A language's chat data: the default language's at `chatData`, another's under its tag
 * (fr/data/chat.json, fr/data/chat/<id>.json), as its pages and their data are under /fr/.
 */
export function chatDataFor(lang: string, defaultLanguage: string): ChatDataPaths {
  return chatDataAt(languagePrefix(lang, defaultLanguage))
}

/** Where a language's chat texts (title, greeting, quick questions) are, relative to the site's base: in its folder. */
export const chatTextsFile = (lang: string, defaultLanguage: string): string =>
  `${languagePrefix(lang, defaultLanguage)}data/chat-texts.json`
