import { chatDataFor, type ChatDataPaths } from '../../site/src/chat/index-path.ts'
import { loadTextAnalysis } from '../../site/src/chat/load-text-analysis.ts'
import { englishAnalysis } from '../../site/src/chat/search-config.ts'
import type { TextAnalysis } from '../../site/src/chat/text-analysis.ts'
import { englishPassageWords, passageWordsFor, type PassageWords } from './chat-passage-words.ts'

/**
 * The language one set of chat data is built in: where its files go, and how its text is cut into
 * terms (the same analysis the browser searches that language's files with).
 */
export interface ChatLanguage {
  /** The content's language (BCP 47, as written in the config). */
  tag: string
  /** `site.language`: its chat data is at data/chat…, another language's at <tag>/data/chat… (its folder, beside its pages). */
  defaultLanguage: string
  paths: ChatDataPaths
  analysis: TextAnalysis
  /** The words its passages are glued with around the content's text ("is based in", "Tags:"). */
  words: PassageWords
}

/** English as the default language: today's chat data, where and as it has always been written. */
export const defaultChatLanguage: ChatLanguage = {
  tag: 'en',
  defaultLanguage: 'en',
  paths: chatDataFor('en', 'en'),
  analysis: englishAnalysis,
  words: englishPassageWords,
}

/** The chat language of `tag` in a portfolio whose default language is `defaultLanguage` (loads its stemmer). */
export async function loadChatLanguage(tag: string, defaultLanguage: string): Promise<ChatLanguage> {
  return {
    tag,
    defaultLanguage,
    paths: chatDataFor(tag, defaultLanguage),
    analysis: await loadTextAnalysis(tag),
    words: passageWordsFor(tag),
  }
}
