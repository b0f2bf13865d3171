import type { Reply } from './reply.ts'

export interface ChatMessage {
  id: string
  /** The message as plain text (an answer's paragraphs joined by line breaks). */
  text: string
  isUser: boolean
  /** Milliseconds since the epoch. */
  timestamp: number
  /** An assistant's answer as the panel shows it: paragraphs of text and links, and suggested questions. */
  reply?: Reply
}

let lastId = 0

/** Call from event handlers, timers and client-only state initialisers, never during a render that
 * is also done on the server: ids and timestamps must not make a hydrated render non-deterministic. */
export function createMessage(text: string, isUser: boolean): ChatMessage {
  lastId += 1
  return { id: `m${lastId}`, text, isUser, timestamp: Date.now() }
}
