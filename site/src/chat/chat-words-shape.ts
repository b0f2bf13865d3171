import type { SmallTalk } from './reply-parts.ts'

/**
 * The chat's own words in a language: its labels, and what it says when the content does not
 * (portfolio.yaml's chat holds the title, greeting, quick questions and fallback, translated by
 * its overlays). One table per language in ./words/, imported alone, so a page downloads its own
 * (the floating button's few words, which every page shows, are in the site's catalogues: chatOpen, chatClose, chatLoadError).
 * `{name}` and `{email}` in a small-talk reply stand for the owner's name and e-mail.
 */
export interface ChatWords {
  /** The composer: the box's label and placeholder, the send button's label. */
  yourMessage: string
  placeholder: string
  send: string
  /** The conversation's label, who said each message (for screen readers), the typing indicator. */
  conversation: string
  you: string
  assistant: string
  typing: string
  /** The quick questions' label, and the suggestions' under an answer. */
  suggestedQuestions: string
  youCouldAsk: string
  /** After a link that opens a new tab. */
  opensInNewTab: string
  /** Before the links of an answer's passages. */
  readMore: string
  /** Small-talk replies the content does not write (portfolio.yaml's chat.smallTalk). */
  smallTalk: Omit<SmallTalk, 'greeting'>
  /** What a visitor says for each kind of small talk, when that is all the message says (not English: reply.ts knows English's). */
  smallTalkPhrases: Readonly<Record<keyof SmallTalk, readonly string[]>>
}
