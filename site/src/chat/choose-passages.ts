import type { ChatSearch, Hit, StoredPassage } from './chat-search.ts'
import { processTerm } from './search-config.ts'

/**
 * Which passages answer a question, from the search's hits: the shape of the question (a number, a
 * list, a process) decides which of the passages that answer as much is shown, and what is shown
 * with it (the rows of a table, the other steps of a process). Pure, like reply.ts.
 */

/** An answer needs a passage stating at least this share of the question (see Hit.coverage). */
export const MIN_COVERAGE = 0.5

/** A passage to show, and the rows of its section's table or cards that answer with it. */
export interface Shown {
  hit: Hit
  rows: StoredPassage[]
}

export interface Choice {
  shown: Shown[]
  /** How many asked words the best passage holds (to weigh against a quick question's keywords). */
  covered: number
}

/** What a question asks for, from how it is put. */
interface Shape {
  /** A number or a duration ("how many", "the priority range"). */
  number: boolean
  /** The items of a kind ("what roles", "which categories"). */
  list: boolean
  /** The kind a list question names right after its "what" or "which" ("which payment METHODS", "which DATABASES"). */
  kind: string[]
  /** Items a table or cards hold ("which endpoints", "what fields"). */
  rows: boolean
  /** A flow or rule told across sections ("what happens when", "how does … work"). */
  process: boolean
  /** The words of how it is asked, which rank passages but need not be in them (FindOptions.soft). */
  soft: string[]
  /** What a "how many" counts ("listings"): the number must be next to it, not next to any asked word. */
  counted: string | null
  /** "How long": the number is a duration or a length ("24h", "30 days", "255 characters"), not any digits. */
  duration: boolean
  /**
   * The words of the event a question asks about ("what happens after Razorpay CAPTURES a payment",
   * "what does it do when it STARTS up"): the words after its when, if or once.
   */
  event: string[]
  /** Who a "what do admins do", "what can a guest do", "a partner's role" question asks about. */
  actor: string | null
  /** Who the project is for ("who is it built for", "who uses it"): its audience answers. */
  audience: boolean
  /** A place to go ("where can I try it", "where do I report a bug"): an address answers. */
  place: boolean
}

/**
 * The actor of a who-does-what question: the word before its last "do", before or after "role",
 * or what "is responsible for", "is allowed to", "has the rights to".
 */
function actorOf(tokens: readonly string[]): string | null {
  const said = tokens.join(' ')
  const doing = /^(?:what|which things?) (?:do|does|can|could|may|will|would|should|must) (?:.+ )?(\w+) do\b/.exec(said)
  const role =
    /\b(\w+) s (?:role|job|duties|responsibilit\w*|rights|permissions)\b/.exec(said) ??
    /\b(?:role|job|duties|responsibilit\w*|rights|permissions) of (?:an? |the )?(\w+)/.exec(said)
  const charge =
    /^(?:what|which \w+) (?:is|are) (?:an? |the )?(\w+) (?:responsible for|in charge of|allowed to|able to|permitted to)\b/.exec(
      said,
    ) ?? /^what (?:rights|permissions|privileges|access) (?:do|does) (?:an? |the )?(\w+) have\b/.exec(said)
  const actor = doing?.[1] ?? role?.[1] ?? charge?.[1] ?? null
  return actor && processTerm(actor) !== null ? actor : null
}

/**
 * "Who is it for?", "who is Shop++ built for", "who uses logic-i", "its target audience": a question
 * about whom the project serves, put in words the passages do not lead with.
 */
const AUDIENCE_PHRASES = [
  /^who (?:is|are|was|were) .+ for$/,
  /^who (?:uses?|would use|should use|benefits? from|needs?)\b/,
  /\b(?:target|intended) (?:audience|users?|customers?|market)\b/,
  /^(?:what|which|who) (?:is|are) (?:the |its |their )?(?:audience|users?|customers?) (?:of|for)\b/,
]
/** How a who-does-what question names the actor's part ("what are partners responsible for"): not what they do. */
const ACTOR_WORDS = new Set([
  'role',
  'roles',
  'job',
  'duties',
  'responsible',
  'responsibility',
  'responsibilities',
  'charge',
  'rights',
  'permissions',
  'allowed',
  'able',
  'permitted',
])
/**
 * The verb that ends a "what does X hold", "which methods does it accept" question: how the
 * contents are asked for, which the passage need not say ("Cards, UPI and other methods").
 */
const HOLDING_VERBS = new Set([
  'include',
  'includes',
  'contain',
  'contains',
  'hold',
  'holds',
  'store',
  'stores',
  'accept',
  'accepts',
  'cover',
  'covers',
  'record',
  'records',
])

/**
 * How an audience question is put ("meant for", "aimed at", "who are the users of"): said of the
 * audience, not in it.
 */
const AUDIENCE_WORDS = new Set([
  'meant',
  'intended',
  'designed',
  'aimed',
  'targeted',
  'built',
  'made',
  'created',
  'audience',
  'target',
  'market',
  'user',
  'users',
  'customer',
  'customers',
])

/**
 * A sentence or clause of the passage starts with the actor doing something ("Admins review
 * listings…", "guests can browse…"), not sharing it ("Admins and partners see…"); unless
 * `described`, not in a clause saying who they are ("Businesses that search for space").
 */
function actorDoes(hit: Hit, actor: string, search: ChatSearch, described = true): boolean {
  const stem = search.stems(actor)[0]
  if (!stem) return false
  return hit.passage.text.split(/[.;:]\s+|,\s+(?=\w+\s+\w+\s+(?:can|may|also|only|get|see)\b)/).some((clause) => {
    const words = clause.trim().split(/\s+/)
    // The actor itself, not a compound it begins ("an admin-only dashboard" is the dashboard).
    const at = words.slice(0, 2).findIndex((word) => search.stems(word).join(' ') === stem)
    // "Admins (platform operations team)" says who they are, not what they do; "Businesses THAT search
    // for space" says it of who they are (`described`), as a passage saying what they can do does not.
    const next = words[at + 1] ?? ''
    return (
      at >= 0 &&
      words.length >= at + 3 &&
      !/^(?:and|or|,|\()/.test(next) &&
      (described || !/^(?:that|who|which|whose)$/i.test(next)) &&
      !/,$/.test(words[at]!)
    )
  })
}

/** A row named by an asked word ("the warehouses table": `warehouses: …`, not `warehouse_facilities: …`). */
function namedRow(hit: Hit, tokens: readonly string[]): boolean {
  if (hit.passage.kind !== 'row') return false
  const name = /^([^:\s]+):/.exec(hit.passage.text)?.[1]?.toLowerCase()
  return name !== undefined && tokens.includes(name)
}

const NUMBER_PHRASES = [
  'how many',
  'how much',
  'how long',
  'how fast',
  'how big',
  'how large',
  'how old',
  'how often',
  'number of',
  'what percentage',
]
/** Nouns that ask for a quantity ("the priority range", "the rating scale"): a number answers them. */
const QUANTITY_WORDS = new Set(['range', 'scale', 'number', 'count', 'amount', 'total', 'percentage', 'percent'])
/** Nouns that ask for a process: the steps answer, whatever they are called. */
const PROCESS_WORDS = new Set(['process', 'flow', 'workflow', 'lifecycle', 'steps', 'step', 'procedure', 'sequence'])
const PROCESS_PHRASES = [
  /^what (?:happens|happened|happen) (?:when|if|after|once|before|to)\b/,
  /\bwalk (?:me |us )?through\b/,
  /^how (?:does|do|is|are) .+ (?:work|handled|processed|confirmed|approved|verified|created)$/,
  /^what (?:are )?the steps\b/,
]
/**
 * What follows "where" in a question asking for a place to go ("where CAN I try it", "where DO I
 * report a bug", "where IS it running"); "where is he from" is answered by the owner's passages, with
 * a place in words (no passage stating an address answers enough of it).
 */
const PLACE_VERBS = new Set(['can', 'could', 'do', 'does', 'should', 'is', 'are', 'may'])
/** An address a visitor can open. */
const ADDRESS = /\bhttps?:\/\//
/** Words of when, in a process question. */
const WHEN_WORDS = new Set(['after', 'before', 'once', 'when', 'until'])
/** Words that open the clause of an event, in a question or a passage ("WHEN the payment is captured", "ON start"). */
const CONDITION_WORDS = new Set(['when', 'whenever', 'once', 'after', 'if', 'on', 'upon', 'until', 'before'])

/** The words of the clause a question's first when, if or once opens, those that say something. */
function eventOf(tokens: readonly string[]): string[] {
  const at = tokens.findIndex((word) => word !== 'on' && word !== 'before' && CONDITION_WORDS.has(word))
  return at < 0 ? [] : tokens.slice(at + 1).filter((word) => processTerm(word) !== null)
}

/**
 * How many words after a condition word an event may be told ("when a new listing is SUBMITTED");
 * right after "on" and "upon" ("on start", not "on their listings").
 */
const EVENT_REACH = 5
const NEXT_WORD = new Set(['on', 'upon'])

/**
 * A passage that tells what follows the event: a condition word followed closely by a word of the
 * event ("Razorpay calls a signed webhook WHEN the payment is CAPTURED", "ON START the API rebuilds"),
 * not a passage that merely names it ("with auto capture").
 */
function followsEvent(hit: Hit, event: ReadonlySet<string>, search: ChatSearch): boolean {
  const named = new Set(search.stems(hit.passage.source))
  return sentenceWords(hit.passage.text, search).some(({ words }) =>
    words.some(
      ({ word }, i) =>
        CONDITION_WORDS.has(word) &&
        words
          .slice(i + 1, i + 1 + (NEXT_WORD.has(word) ? 1 : EVENT_REACH))
          .some(({ stem }) => event.has(stem) && !named.has(stem)),
    ),
  )
}

/** An auxiliary before the event a process question asks about ("when a listing IS submitted"). */
const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'gets', 'get', 'got', 'be', 'been'])

/**
 * The shape of a question in another language than English: the patterns above read English, so
 * its passages are ranked by the search alone (the asked words each passage states, weighted by rarity).
 */
const PLAIN_SHAPE: Shape = {
  number: false,
  duration: false,
  event: [],
  list: false,
  rows: false,
  process: false,
  kind: [],
  soft: [],
  counted: null,
  actor: null,
  audience: false,
  place: false,
}

function questionShape(tokens: readonly string[]): Shape {
  const said = ` ${tokens.join(' ')} `
  const quantity = tokens.filter((word) => QUANTITY_WORDS.has(word.replace(/s$/, '')))
  const number = quantity.length > 0 || NUMBER_PHRASES.some((phrase) => said.includes(` ${phrase} `))
  const steps = tokens.filter((word) => PROCESS_WORDS.has(word))
  const process = steps.length > 0 || PROCESS_PHRASES.some((pattern) => pattern.test(tokens.join(' ')))
  // The event's participle ("submitted", "placed") is put in the visitor's words; the content may
  // tell the same step in its own ("a new listing is stored with the status pending").
  const events = process
    ? tokens.filter((word, i) => i > 0 && AUXILIARIES.has(tokens[i - 1]!) && /(?:ed|en)$/.test(word))
    : []
  // "List the routes", "name the categories": the verb asks for a list; it is not what is listed.
  const verb = tokens[0] === 'list' || tokens[0] === 'name' ? [tokens[0]] : []
  const after = ['many', 'of'].flatMap((word) => {
    const at = tokens.findIndex((token, i) => token === word && (tokens[i - 1] === 'how' || tokens[i - 1] === 'number'))
    return at >= 0 ? tokens.slice(at + 1).filter((token) => processTerm(token) !== null) : []
  })
  const audience = AUDIENCE_PHRASES.some((pattern) => pattern.test(tokens.join(' ')))
  const actor = actorOf(tokens)
  const last = tokens.at(-1) ?? ''
  const holding = ['what', 'which'].includes(tokens[0] ?? '') && HOLDING_VERBS.has(last) ? [last] : []
  return {
    actor,
    audience,
    place: tokens[0] === 'where' && PLACE_VERBS.has(tokens[1] ?? ''),
    number,
    duration: said.includes(' how long '),
    event: eventOf(tokens),
    // "What happens after Razorpay CAPTURES a payment": the event's verb, not a plural asked for.
    list: asksForList(tokens) && !(process && steps.length === 0),
    kind: listKind(tokens),
    rows: tokens.some((word) => ROW_WORDS.has(word)),
    process,
    // "What happens AFTER…", "before…": when, in a process, not what.
    soft: [
      ...quantity,
      ...steps,
      ...events,
      ...verb,
      ...(process ? tokens.filter((word) => WHEN_WORDS.has(word)) : []),
      ...(audience ? tokens.filter((word) => AUDIENCE_WORDS.has(word)) : []),
      ...(actor ? tokens.filter((word) => ACTOR_WORDS.has(word)) : []),
      ...holding,
    ],
    counted: after[0] ?? null,
  }
}

/**
 * "What roles…", "which payment methods…", "list the categories", "what are the pet shop
 * categories": a question that asks for the items of a kind (a plural noun after what, which or list).
 */
function asksForList(tokens: readonly string[]): boolean {
  if (!['what', 'which', 'list', 'name'].includes(tokens[0] ?? '')) return false
  return tokens.slice(1).some((word) => processTerm(word) !== null && word.length > 3 && /[^su]s$/.test(word))
}

/** The plural noun of the first words after "what" or "which" ("which payment methods"): the kind listed. */
function listKind(tokens: readonly string[]): string[] {
  if (!['what', 'which'].includes(tokens[0] ?? '')) return []
  return tokens.slice(1, 3).filter((word) => processTerm(word) !== null && word.length > 3 && /[^su]s$/.test(word))
}

/**
 * What a table's or cards' rows are called: a list question naming one ("which endpoints", "what
 * fields") is answered by the rows; another ("what can partners do") by a list in the text.
 */
const ROW_WORDS = new Set([
  'endpoint',
  'endpoints',
  'route',
  'routes',
  'api',
  'field',
  'fields',
  'column',
  'columns',
  'table',
  'tables',
  'collection',
  'collections',
  'card',
  'cards',
  'relation',
  'relations',
])

/** A list of three or more ("User, Partner or Admin", "Cats, Dogs, Fish and Health"). */
const ENUMERATION = /(?:[^,.;:]{1,40}, ){2}[^,.;:]{1,40}|[^,.;:]{1,40}, [^,.;:]{1,40},? (?:and|or) [^,.;:]{1,40}/
/** A number as a sentence may state it: digits ("200+", "1,000", "99.9%"). */
const DIGITS = /^\d/
/** A duration or a length as a sentence states it: "24h", "15 minutes", "30 days", "255 characters". */
const UNIT =
  /^(?:\d+(?:[.,]\d+)?\+?(?:h|hrs?|min|d|s|ms)|(?:hours?|minutes?|mins?|seconds?|secs?|days?|weeks?|months?|years?|characters?|chars?))$/
/** Or a number word, from two ("one" is mostly "a"). */
const NUMBER_WORD =
  /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen)$/
/** Words of a sentence, with where each ends. */
const WORDS = /[\p{L}\p{N}]+(?:[.,%+][\p{N}]+)*[%+]?/gu

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/)

/**
 * A passage that says its project lacks something ("This platform has no checkout of its own",
 * "AuthStack itself takes no payments"): it answers a question about that thing last.
 */
const LACKS =
  /\b(?:has|have|takes|take|offers?) no\b|\bno [\w-]+ of its own\b|\b(?:does not|doesn't) (?:have|take|offer)\b/i
/** Who lacks it must be the project ("Google accounts have no password" is a fact about passwords). */
const ITSELF = /\b(?:this|the) (?:platform|project|app|application|demo|site|store|system)\b|\bitself\b|\bit\b/i

function saysItLacks(passage: StoredPassage): boolean {
  return sentencesOf(passage.text).some(
    (sentence) =>
      LACKS.test(sentence) && (ITSELF.test(sentence) || (passage.project !== '' && sentence.includes(passage.source))),
  )
}

/**
 * Whether a tech list states an asked word only inside a hyphenated name ("express" in
 * "express-rate-limit"): the name is another thing, so the passage answers
 * after one stating the word on its own ("Express"), as one saying its project lacks it does.
 */
function onlyInCompounds(hit: Hit): boolean {
  // In a tech list, where each item is a name; prose hyphenates words ("e-mail", "sign-in").
  if (hit.passage.kind !== 'tech') return false
  const text = hit.passage.text.toLowerCase()
  // Not the project's own name ("logic" of "logic-i"), which every passage of it answers to.
  const source = hit.passage.source.toLowerCase().split(/[^\p{L}\p{N}]+/u)
  return hit.words.some((word) => {
    if (source.includes(word)) return false
    let alone = false
    let inCompound = false
    for (const match of text.matchAll(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(word)}(?![\\p{L}\\p{N}])`, 'gu'))) {
      const start = match.index + match[1]!.length
      const compound = match[1] === '-' || text[start + word.length] === '-'
      if (compound) inCompound = true
      else alone = true
    }
    return inCompound && !alone
  })
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The terms a passage matched that tell which of its sentences answers: not its project's name,
 * which it matches as a whole, unless that is all the question asked.
 */
export function askedTerms(hit: Hit, search: ChatSearch): string[] {
  const named = new Set(search.stems(hit.passage.source))
  const asked = hit.terms.filter((term) => !named.has(term))
  return asked.length > 0 ? asked : hit.terms
}

/** For each sentence of a passage, its words with their stems and where each ends. */
function sentenceWords(text: string, search: ChatSearch) {
  return sentencesOf(text).map((sentence) => ({
    sentence,
    words: [...sentence.matchAll(WORDS)].map((match) => ({
      word: match[0].toLowerCase(),
      stem: search.stems(match[0])[0] ?? '',
      end: (match.index ?? 0) + match[0].length,
    })),
  }))
}

/** A sentence states a number (`form`) next to an asked word ("200+ listings", "a priority from 1 to 5"). */
function statesNumberOf(hit: Hit, asked: ReadonlySet<string>, search: ChatSearch, form: RegExp): boolean {
  return sentenceWords(hit.passage.text, search).some(({ words }) =>
    words.some(
      ({ stem }, i) => asked.has(stem) && words.slice(Math.max(0, i - 3), i + 5).some(({ word }) => form.test(word)),
    ),
  )
}

/** A sentence states a duration or a length ("expire after 24h", "limited to 255 characters") next to an asked word. */
function statesDurationOf(hit: Hit, asked: ReadonlySet<string>, search: ChatSearch): boolean {
  return sentenceWords(hit.passage.text, search).some(({ words }) =>
    words.some(
      ({ stem }, i) =>
        asked.has(stem) &&
        words
          .slice(Math.max(0, i - 3), i + 6)
          .some(({ word }, j, near) => DIGITS.test(word) && (UNIT.test(word) || UNIT.test(near[j + 1]?.word ?? ''))),
    ),
  )
}

/**
 * A sentence where an asked word heads a list: the items follow it in the same clause ("category (one
 * of Cats, Dogs, Fish…)", "Three roles share the platform: Users…, Partners… and Admins…") or end
 * with it ("Cards, UPI and other methods"), not a list the word is itself an item of ("six
 * categories, search and filters, cart…").
 */
function headsList(hit: Hit, asked: ReadonlySet<string>, search: ChatSearch): boolean {
  return sentenceWords(hit.passage.text, search).some(({ sentence, words }) =>
    words.some(({ word, stem, end }) => {
      if (!asked.has(stem)) return false
      // "Cards, UPI and other methods": the items come before the word, which names their kind.
      if (/(?:,|\band|\bor) other\s*$/i.test(sentence.slice(0, end - word.length))) return true
      const after = sentence.slice(end)
      if (/^\s*,/.test(after)) return false
      const clause = after.split(/;|\.(?:\s|$)/)[0] ?? ''
      return (clause.match(/,/g)?.length ?? 0) + (/\b(?:and|or)\b/.test(clause) ? 1 : 0) >= 2
    }),
  )
}

/** The number or list stated in a sentence with an asked word (the weaker test). */
function statesPattern(hit: Hit, pattern: RegExp, asked: ReadonlySet<string>, search: ChatSearch): boolean {
  return sentencesOf(hit.passage.text).some(
    (sentence) => pattern.test(sentence) && search.stems(sentence).some((term) => asked.has(term)),
  )
}

/** How many hits a question's shape may look through for the passage that states what it asks. */
const SHAPE_DEPTH = 30
/** A process answer: the best passage and at most this many more steps from its project. */
const PROCESS_STEPS = 2
/** Rows of a table shown with its section's introduction. */
const MAX_ROWS = 8

/**
 * The rows of `hit`'s section that answer with it, when it is the introduction of a table or cards
 * ("The cards below…", "Key endpoints…"): those stating the most asked words, or all of them when
 * none states one.
 */
function rowsFor(hit: Hit, search: ChatSearch, list: boolean): StoredPassage[] {
  if (hit.passage.kind === 'tech') return stackFor(hit, search)
  // A row answers alone, unless the question asks for the items of a kind: then the section's rows like it.
  if (hit.passage.kind === 'row' && !list) return []
  const rows = search.rows(hit.passage.url).filter((row) => row.text !== hit.passage.text)
  if (rows.length === 0) return []
  const asked = new Set(askedTerms(hit, search))
  const counts = rows.map((row) => new Set(search.stems(row.text).filter((term) => asked.has(term))).size)
  const most = Math.max(...counts)
  if (hit.passage.kind === 'row' && most === 0) return []
  return rows.filter((_, i) => most === 0 || counts[i] === most).slice(0, MAX_ROWS)
}

/**
 * The other groups of a tech stack, when the question asks for the stack as a whole: it matched this
 * group only through the words of its concepts ("what languages and frameworks does he work with"
 * finds "DevOps & Tools"), not by any word it states ("which DevOps tools": that group alone).
 */
function stackFor(hit: Hit, search: ChatSearch): StoredPassage[] {
  const named = new Set(search.stems(hit.passage.source))
  const stated = new Set(search.stems(hit.passage.text))
  const asked = hit.words.flatMap((word) => search.stems(word)).filter((term) => !named.has(term))
  if (asked.length === 0 || asked.some((term) => stated.has(term))) return []
  return search
    .rows(hit.passage.url, 'tech')
    .filter((group) => group.text !== hit.passage.text)
    .slice(0, MAX_ROWS)
}

/**
 * The passages that answer a question, or null when none answers enough. Among passages that answer
 * as much, a project that says it lacks the asked thing comes last; a question asking for a number
 * prefers a passage stating one next to what was asked, one asking for the items of a kind a passage
 * where what was asked heads a list. A process is answered with its other steps from the same
 * project; a second passage from elsewhere otherwise, when it answers as much.
 */
export function choosePassages(message: string, tokens: readonly string[], search: ChatSearch): Choice | null {
  const shape = search.analysis.english ? questionShape(tokens) : PLAIN_SHAPE
  const found = search.find(message, { soft: shape.soft })
  // The same text shown in several places (shared test cards) is one passage.
  const hits = found
    .filter((hit, i) => found.findIndex((other) => other.passage.text === hit.passage.text) === i)
    .map((hit, rank) => ({ hit, rank, aside: saysItLacks(hit.passage) || onlyInCompounds(hit) }))
    .sort((a, b) => Number(a.aside) - Number(b.aside) || a.rank - b.rank)
    .map(({ hit }) => hit)
  const top = hits.slice(0, 10).reduce((max, h) => Math.max(max, h.coverage), 0)
  // The owner's passages, asked first about the owner, may not answer: then every passage may.
  if (top < MIN_COVERAGE) return search.wider ? choosePassages(message, tokens, search.wider) : null
  // They state part of it, and a project's passage states all of it, with a word none of theirs states
  // as asked ("which ORM does he use with MySQL": his stack names no ORM, a project's "Sequelize ORM"
  // does; "where can I see his code" stays his, since his passages say "see" and "code"): the project's.
  if (search.wider && top < 1) {
    const wider = choosePassages(message, tokens, search.wider)
    const first = wider?.shown[0]?.hit
    const ownTerms = new Set(hits.flatMap((hit) => hit.terms))
    // Stated as asked by the project's passage (its matched terms), not through a related word.
    const beyond = first?.words.some((word) => {
      const terms = search.stems(word)
      return terms.length > 0 && terms.every((term) => first.terms.includes(term) && !ownTerms.has(term))
    })
    if (wider && first && first.coverage >= 1 && first.passage.project !== '' && beyond) return wider
  }
  const answering = hits.slice(0, SHAPE_DEPTH).filter((h) => h.coverage >= top)
  // A tech list's digits are versions ("OAuth 2.0"), not the number asked for.
  const candidates = shape.number ? answering.filter((h) => h.passage.kind !== 'tech') : answering
  const asked = (hit: Hit) => new Set(askedTerms(hit, search))
  const enough = hits.slice(0, SHAPE_DEPTH).filter((h) => h.coverage >= MIN_COVERAGE)
  const kind = new Set(shape.kind.flatMap(search.stems))
  const counted = shape.counted ? new Set(search.stems(shape.counted)) : null
  const numbered = (hit: Hit) => counted ?? asked(hit)
  // A list is best stated as one (an asked word heading it), else as a table's rows.
  // "How long": a duration or a length, among the passages that answer enough when none answering
  // most states one ("how long does a login last": the tokens' expiry, not the demo's password digits).
  const lasting = shape.duration
    ? [...candidates, ...enough.filter((h) => h.passage.kind !== 'tech')].find((h) =>
        statesDurationOf(h, numbered(h), search),
      )
    : undefined
  const preferred = shape.number
    ? (lasting ??
      candidates.find((h) => statesNumberOf(h, numbered(h), search, DIGITS)) ??
      candidates.find((h) => statesNumberOf(h, numbered(h), search, NUMBER_WORD)) ??
      candidates.slice(0, 10).find((h) => statesPattern(h, /\d/, asked(h), search)))
    : shape.list
      ? // A list of the kind asked for ("Databases: MySQL, MongoDB…", "Cards, UPI and other methods")
        // answers though it does not say how the question put it ("has he WORKED with", "ACCEPT").
        (enough.find((h) => headsList(h, kind, search)) ??
        candidates.find((h) => headsList(h, asked(h), search)) ??
        candidates.slice(0, 10).find((h) => shape.rows && h.passage.kind === 'row') ??
        candidates.slice(0, 10).find((h) => statesPattern(h, ENUMERATION, asked(h), search)))
      : undefined
  // Who does what: the passage where the actor heads a clause, among those that answer enough.
  const actors = hits.slice(0, SHAPE_DEPTH).filter((h) => h.coverage >= MIN_COVERAGE && h.passage.kind === 'text')
  const acting = shape.actor
    ? (actors.find((h) => actorDoes(h, shape.actor!, search, false)) ??
      actors.find((h) => actorDoes(h, shape.actor!, search)))
    : undefined
  // A table's row named by the question ("the warehouses table") over its neighbours.
  const row =
    shape.rows || shape.list
      ? hits.slice(0, SHAPE_DEPTH).find((h) => h.coverage >= MIN_COVERAGE && namedRow(h, tokens))
      : undefined
  // Whom the project serves: the passage that lists its audience, among those that answer enough.
  const serving = shape.audience
    ? hits.slice(0, SHAPE_DEPTH).find((h) => h.coverage >= MIN_COVERAGE && h.passage.kind === 'audience')
    : undefined
  // An event asked about: among the passages that answer as much, the one telling what follows it.
  const eventTerms = new Set(
    shape.event.flatMap((word) => {
      const terms = search.analysis.processQueryTerm(word) ?? []
      return [...terms, ...terms.flatMap(search.analysis.relatedTerms)]
    }),
  )
  const following = eventTerms.size > 0 ? answering.find((h) => followsEvent(h, eventTerms, search)) : undefined
  // A place to go: among the passages that answer enough, the first stating an address.
  const address = shape.place ? enough.find((h) => ADDRESS.test(h.passage.text)) : undefined
  const best = serving ?? acting ?? row ?? preferred ?? following ?? address ?? answering[0]!
  const more = shape.process
    ? hits
        .slice(0, SHAPE_DEPTH)
        .filter((h) => h !== best && h.passage.project === best.passage.project && h.coverage >= MIN_COVERAGE)
        .slice(0, PROCESS_STEPS)
    : serving
      ? [] // every passage of the project matches its name as well; the audience is the whole answer
      : hits
          .slice(0, 10)
          .filter(
            (h) =>
              h !== best &&
              h.coverage >= best.coverage &&
              h.score >= best.score / 2 &&
              h.passage.url !== best.passage.url,
          )
          .slice(0, 1)
  // A row is shown once: not again under a second introduction (the test cards every project
  // shares), nor as a passage of its own.
  const seen = new Set<string>([best, ...more].map((hit) => hit.passage.text))
  const shown: Shown[] = []
  for (const hit of [best, ...more]) {
    // A row the question names answers alone ("the warehouses table"), without its neighbours.
    const all = hit === row ? [] : rowsFor(hit, search, shape.list && shape.rows && !shape.number)
    const rows = all.filter((row) => !seen.has(row.text))
    // A second introduction to rows already shown points at nothing new.
    if (shown.length > 0 && all.length > 0 && rows.length === 0) continue
    for (const row of rows) seen.add(row.text)
    shown.push({ hit, rows })
  }
  const inRows = new Set(shown.flatMap(({ rows }) => rows.map((row) => row.text)))
  return {
    shown: shown.filter(({ hit }, i) => i === 0 || !inRows.has(hit.passage.text)),
    covered: best.words.length,
  }
}
