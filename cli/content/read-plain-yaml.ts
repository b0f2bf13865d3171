import { CONTROL_CHARACTER } from './load-sources.ts'
import { constructFromEvents, CORE_SCHEMA, EVENT_ID, parseEvents, SCALAR_STYLE, type Event } from 'js-yaml'

/**
 * The fast reading of a content file: js-yaml's event parser (about twice as fast as yaml's
 * document model), used only when the file is plain YAML of the kind content files hold. It gives
 * the file's data, or undefined whenever the file has anything the full reading (parse-yaml.ts:
 * yaml's document with every node's position) would say something about, or where the two parsers
 * could read the text differently: then the full reading decides, as it always did.
 *
 * So a file read here is one yaml reads without error or warning into the same data; that is what
 * tests/unit/read-plain-yaml.test.ts checks on every fixture and thousands of mutations of them.
 * Positions are needed only to report a problem, and the full reading is done then (see
 * deferredDocument in parse-yaml.ts).
 */
export function readPlainYaml(text: string, maxDepth: number): { data: Record<string, unknown> } | undefined {
  // The two parsers were found to read these differently: a carriage return not followed by a line
  // feed, a tab among a line's leading white space (yaml refuses some that js-yaml takes), and a
  // byte order mark (load-sources drops the one a file may start with).
  if ((text.includes('\r') && LONE_CR.test(text)) || (text.includes('\t') && TAB_IN_INDENT.test(text)) || text.includes('\ufeff')) return undefined
  let events: Event[]
  try {
    events = parseEvents(text, { maxDepth })
  } catch {
    return undefined
  }
  if (!isPlain(events, text)) return undefined
  let data: unknown
  try {
    // Duplicate keys throw (json: false), as do aliases (maxAliases: 0; isPlain refused them already).
    data = constructFromEvents(events, { source: text, schema: CORE_SCHEMA, maxAliases: 0 })[0]
  } catch {
    return undefined
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  // A control character can only come from a double-quoted escape (load-sources refuses raw ones).
  if (text.includes('\\') && holdsControlCharacter(data)) return undefined
  return { data: data as Record<string, unknown> }
}

/**
 * One document; no tags, anchors or aliases (content files must not have them: the full reading
 * reports each); every mapping key a string (see isStringKey).
 */
function isPlain(events: readonly Event[], text: string): boolean {
  let documents = 0
  // For each open collection: whether it is a mapping, and how many nodes it holds so far.
  const open: { mapping: boolean; nodes: number }[] = []
  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        documents += 1
        continue
      case EVENT_ID.POP:
        open.pop()
        continue
      case EVENT_ID.ALIAS:
        return false
    }
    if (event.tagStart >= 0 || event.anchorStart >= 0) return false
    const parent = open[open.length - 1]
    if (parent) {
      const isKey = parent.mapping && parent.nodes % 2 === 0
      if (isKey && !isStringKey(event, text)) return false
      parent.nodes += 1
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) open.push({ mapping: event.type === EVENT_ID.MAPPING, nodes: 0 })
  }
  return documents === 1
}

const LONE_CR = /\r(?!\n)/
const TAB_IN_INDENT = /^ *\t/m

/**
 * A key both parsers turn into the same string: a non-empty scalar, shorter than yaml's limit for
 * implicit keys, and, unquoted, nothing that could read as null, a boolean or a number (yaml and
 * js-yaml name a `~:` key differently; an empty key, `: value`, is read differently too).
 */
function isStringKey(event: Event, text: string): boolean {
  if (event.type !== EVENT_ID.SCALAR) return false
  const length = event.valueEnd - event.valueStart
  if (length === 0 || length > MAX_KEY_LENGTH) return false
  return event.style !== SCALAR_STYLE.PLAIN || !NOT_A_STRING.test(text.slice(event.valueStart, event.valueEnd))
}

/** The start of a plain scalar that may resolve to something other than a string in YAML 1.2's core schema. */
const NOT_A_STRING = /^(?:[-+.~0-9]|(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$)/

/** Well under yaml's 1024 (which counts from the key's first character to its colon, quotes included). */
const MAX_KEY_LENGTH = 1000

function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value)
  if (Array.isArray(value)) return value.some(holdsControlCharacter)
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => CONTROL_CHARACTER.test(key) || holdsControlCharacter(item))
  return false
}
