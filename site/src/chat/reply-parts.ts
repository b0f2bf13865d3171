import type { ChatSearch, Hit } from './chat-search.ts'
import { askedTerms, type Choice } from './choose-passages.ts'
import { EXCERPT_LENGTH, excerpt } from './excerpt.ts'

/**
 * What every reply is made of, in any language: text and links, the fallback, a passage's answer
 * with where to read more. Pure.
 */

export type ReplyPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

export interface Reply {
  paragraphs: ReplyPart[][]
  /** Quick questions offered as buttons under the answer. */
  suggestions: string[]
}

export interface SmallTalk {
  greeting: string
  thanks: string
  identity: string
  abilities: string
  goodbye: string
}

export interface ChatKnowledge {
  /**
   * The language of the page and of the texts below (BCP 47); English when absent. English
   * questions get the English heuristics (reply.ts); another language's, the plain search.
   */
  lang?: string
  /** "Read more: " in the page's language (English when absent). */
  readMore?: string
  /** What a visitor says for each kind of small talk, in `lang` (not English: reply.ts knows English's). */
  smallTalkPhrases?: Readonly<Partial<Record<keyof SmallTalk, readonly string[]>>>
  quickQuestions: readonly { question: string; answer: string; keywords?: readonly string[] }[]
  smallTalk: SmallTalk
  fallback: string
  /** The search over the content's passages; null while it loads or when it could not be loaded. */
  search: ChatSearch | null
}

/** How many quick questions the fallback and "what can you do" offer. */
export const SUGGESTIONS = 3

export const text = (value: string): ReplyPart => ({ kind: 'text', text: value })
export const answer = (...paragraphs: ReplyPart[][]): Reply => ({ paragraphs, suggestions: [] })

export function fallback(knowledge: ChatKnowledge): Reply {
  return {
    paragraphs: [[text(knowledge.fallback)]],
    suggestions: knowledge.quickQuestions.slice(0, SUGGESTIONS).map((q) => q.question),
  }
}

export function readMoreLink(hit: Hit): ReplyPart {
  const { source, section, url } = hit.passage
  return { kind: 'link', text: section ? `${source} · ${section}` : source, href: url }
}

/** A web address in a passage's text (a project's live demo, a profile): up to a space or a closing mark. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g

/** A line of a passage as text, with each web address in it a link (what the answer points at, it shows). */
export function withLinks(line: string): ReplyPart[] {
  const parts: ReplyPart[] = []
  let from = 0
  for (const match of line.matchAll(WEB_ADDRESS)) {
    if (match.index > from) parts.push(text(line.slice(from, match.index)))
    parts.push({ kind: 'link', text: match[0], href: match[0] })
    from = match.index + match[0].length
  }
  if (from < line.length) parts.push(text(line.slice(from)))
  return parts
}

export function passageAnswer(choice: Choice, search: ChatSearch, readMore = 'Read more: '): Reply {
  const paragraphs = choice.shown.flatMap(({ hit, rows }) => {
    // A table's row is shown whole up to twice an excerpt's length: its fields are what was asked.
    const max = hit.passage.kind === 'row' ? 2 * EXCERPT_LENGTH : EXCERPT_LENGTH
    const body = excerpt(hit.passage.text, askedTerms(hit, search), search.stems, max)
    const { project, source } = hit.passage
    const said = (line: string) => withLinks(project && !line.includes(source) ? `${source}: ${line}` : line)
    // A table's or cards' rows are shown whole under their introduction: the introduction points at them.
    return [said(body), ...rows.map((row) => withLinks(row.text))]
  })
  const hits = choice.shown.map(({ hit }) => hit)
  const links = hits.filter((hit, i) => hits.findIndex((other) => other.passage.url === hit.passage.url) === i)
  const more: ReplyPart[] = [text(readMore)]
  links.forEach((hit, i) => more.push(...(i > 0 ? [text(', ')] : []), readMoreLink(hit)))
  return answer(...paragraphs, more)
}

/** The reply as plain text (the message's `text`, what a screen reader or a copy gets). */
export function replyText(reply: Reply): string {
  return reply.paragraphs.map((parts) => parts.map((part) => part.text).join('')).join('\n')
}
