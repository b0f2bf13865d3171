import { primaryLanguage } from '../i18n/languages.ts'
import type { ChatWords } from './chat-words-shape.ts'

export type { ChatWords } from './chat-words-shape.ts'

/** Each language's table, imported alone (a page downloads its own). */
const TABLES: Readonly<Record<string, () => Promise<{ words: ChatWords }>>> = {
  ar: () => import('./words/ar.ts'),
  de: () => import('./words/de.ts'),
  en: () => import('./words/en.ts'),
  es: () => import('./words/es.ts'),
  fr: () => import('./words/fr.ts'),
  hi: () => import('./words/hi.ts'),
  pt: () => import('./words/pt-BR.ts'),
  'pt-BR': () => import('./words/pt-BR.ts'),
}

/** Whether the chat has its own words in `lang` (by its tag, else its primary language). */
export function hasChatWords(lang: string): boolean {
  return lang in TABLES || primaryLanguage(lang) in TABLES
}

/** The chat's words in `lang` (`pt-BR`'s for `pt`; English for a language it has none in). */
export async function loadChatWords(lang: string): Promise<ChatWords> {
  const load = TABLES[lang] ?? TABLES[primaryLanguage(lang)] ?? TABLES.en!
  return (await load()).words
}

/** A small-talk reply with the owner's name and e-mail put in. */
export function fillIn(reply: string, name: string, email: string): string {
  return reply.replaceAll('{name}', name).replaceAll('{email}', email)
}
