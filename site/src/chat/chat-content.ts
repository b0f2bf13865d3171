import type { Portfolio } from '../generated/types.ts'
import { chatTextsFile } from './index-path.ts'

/**
 * The assistant's texts: title, greeting, quick questions and their answers, fallback. The default
 * language's are a module of their own (generated chat.ts), which only the lazily loaded chat panel
 * imports, so a page does not download them until the visitor opens the chat. Another language's
 * are data in its folder (`<tag>/data/chat-texts.json`, from its overlays), as its cards and case
 * studies are: a translation changes no code.
 */
export type ChatTexts = Portfolio['chat']

/** The chat's texts in `lang`: the default language's when `lang` is it, or its file cannot be read. */
export async function loadChatTexts(lang: string, defaultLanguage: string): Promise<ChatTexts> {
  if (lang !== defaultLanguage) {
    const response = await fetch(import.meta.env.BASE_URL + chatTextsFile(lang, defaultLanguage)).catch(() => undefined)
    if (response?.ok) return (await response.json()) as ChatTexts
  }
  return (await import('../generated/chat.ts')).chatContent
}
