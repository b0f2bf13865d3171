export interface ChatMessage {
  id: string
  text: string
  isUser: boolean
  /** Milliseconds since the epoch. */
  timestamp: number
}

let lastId = 0

/** Call from event handlers, timers and client-only state initialisers, never during a render that
 * is also done on the server: ids and timestamps must not make a hydrated render non-deterministic. */
export function createMessage(text: string, isUser: boolean): ChatMessage {
  lastId += 1
  return { id: `m${lastId}`, text, isUser, timestamp: Date.now() }
}
