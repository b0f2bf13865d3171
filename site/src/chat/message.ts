export interface ChatMessage {
  id: string
  text: string
  isUser: boolean
  /** Milliseconds since the epoch. */
  timestamp: number
}

let lastId = 0

/** Call from event handlers and timers only, never during render: ids and timestamps must not make
 * a render non-deterministic. */
export function createMessage(text: string, isUser: boolean): ChatMessage {
  lastId += 1
  return { id: `m${lastId}`, text, isUser, timestamp: Date.now() }
}
