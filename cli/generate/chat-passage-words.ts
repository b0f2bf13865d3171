import { primaryLanguage } from '../../site/src/i18n/languages.ts'
import { arabic } from './chat-passage-words/ar.ts'
import { german } from './chat-passage-words/de.ts'
import { english } from './chat-passage-words/en.ts'
import { spanish } from './chat-passage-words/es.ts'
import { french } from './chat-passage-words/fr.ts'
import { hindi } from './chat-passage-words/hi.ts'
import { portugueseBrazil } from './chat-passage-words/pt-BR.ts'
import type { PassageWords } from './chat-passage-words/shape.ts'

export type { PassageWords } from './chat-passage-words/shape.ts'

/** The tables shipped, by tag (pt-BR's also for `pt`, as the chat's own words do). */
const TABLES: Readonly<Record<string, PassageWords>> = {
  ar: arabic,
  de: german,
  en: english,
  es: spanish,
  fr: french,
  hi: hindi,
  pt: portugueseBrazil,
  'pt-BR': portugueseBrazil,
}

/** English: today's passages, word for word. */
export const englishPassageWords: PassageWords = english

/**
 * The words a passage in `lang` is glued with (by its tag, else its primary language; English for a
 * language without a table). Dates are written in `lang` itself whenever it has a table.
 */
export function passageWordsFor(lang: string): PassageWords {
  const table = TABLES[lang] ?? TABLES[primaryLanguage(lang)]
  return table ? { ...table, lang } : english
}
