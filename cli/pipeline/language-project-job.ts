import { storeAt, type StoreAddress } from '../cache/store.ts'
import type { Project } from '../content/content-types.ts'
import type { LocalizedFile } from '../content/i18n/localize.ts'
import { loadChatLanguage, type ChatLanguage } from '../generate/chat-language.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import { compileLanguageProject } from './compile-language.ts'
import { keepProject, type KeptProject } from './project-job.ts'

/**
 * The per-project job of a language other than the default: its case study compiled from the
 * merged data (taken from the store when its text was compiled before) and its data file and chat
 * passages written into the language's folder of the site, as the project job does for the default's.
 * Only the record of what was written comes back.
 */
export interface LanguageProjectJob {
  language: string
  defaultLanguage: string
  file: LocalizedFile<Project>
  /** The language's folder in the site being assembled (`<tag>/`): its data goes under its data/. */
  dataDir: string
  store: StoreAddress
}

/** Each language's chat analysis (its stemmer loaded once per thread). */
const chatLanguages = new Map<string, Promise<ChatLanguage>>()

function chatLanguage(language: string, defaultLanguage: string): Promise<ChatLanguage> {
  const key = `${language} ${defaultLanguage}`
  let loaded = chatLanguages.get(key)
  if (!loaded) {
    // Its files are in its folder, so at the default's paths there.
    loaded = loadChatLanguage(language, defaultLanguage).then((chat) => ({ ...chat, paths: chatData }))
    chatLanguages.set(key, loaded)
  }
  return loaded
}

export async function compileLanguageProjectJob(job: LanguageProjectJob): Promise<KeptProject> {
  const store = storeAt(job.store)
  const project = await compileLanguageProject(job.language, job.file, store)
  return keepProject(job.dataDir, project, await chatLanguage(job.language, job.defaultLanguage))
}
