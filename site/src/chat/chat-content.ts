import type { Portfolio } from '../generated/types.ts'

/**
 * The assistant's texts: title, greeting, quick questions and their answers, fallback. The generator
 * writes them to a module of their own per language (chat.ts for the default language,
 * chat.<tag>.ts for another, from its overlays), which only the lazily loaded chat panel imports,
 * so a page does not download them until the visitor opens the chat, and then only its language's.
 */
export type ChatTexts = Portfolio['chat']

const translated = import.meta.glob<{ chatContent: ChatTexts }>('../generated/chat.*.ts')

/** The chat's texts in `lang`: the default language's when `lang` is it or has no module of its own. */
export async function loadChatTexts(lang: string, defaultLanguage: string): Promise<ChatTexts> {
  const load = lang === defaultLanguage ? undefined : translated[`../generated/chat.${lang}.ts`]
  return (await (load ?? (() => import('../generated/chat.ts')))()).chatContent
}
