/**
 * The chat assistant's answers, computed on the visitor's device from the content alone. Pure: no
 * React, no DOM, no clock, so it is unit-tested directly. An answer is data (text and links), which
 * the panel renders as React elements: nothing from the content is ever read as markup.
 *
 * Order of precedence:
 *   1. a quick question asked with its exact text;
 *   2. small talk (hello, thanks, who are you, what can you do, bye), when that is all the message says;
 *   3. "which projects use X": the projects whose tech stack (or text) names X;
 *   4. a quick question by one of its keywords, unless a passage answers more of the question;
 *   5. the passage (or two) of the content that answers enough of the question;
 *   6. the fallback, with the e-mail and a few quick questions.
 */
import { primaryLanguage } from '../i18n/languages.ts'
import { paths } from '../paths.ts'
import type { ChatSearch, Hit } from './chat-search.ts'
import { choosePassages, type Choice } from './choose-passages.ts'
import {
  answer,
  fallback,
  passageAnswer,
  readMoreLink,
  SUGGESTIONS,
  text,
  type ChatKnowledge,
  type Reply,
  type ReplyPart,
  type SmallTalk,
} from './reply-parts.ts'
import { replyInLanguage, replyInLanguageWithoutSearch } from './reply-in-language.ts'
import { processTerm, type ProjectSummary } from './search-config.ts'

export { replyText, type ChatKnowledge, type Reply, type ReplyPart, type SmallTalk } from './reply-parts.ts'

/** Lowercase words; keeps `+`, `#` and inner dots so `C++`, `C#` and `Node.js` survive. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9+#.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean)
}

/** The stem of a word for keyword matching (stop words kept: a keyword may be one). */
const stem = (word: string) => processTerm(word) ?? word

/** Where the words of `phrase` appear consecutively in `tokens` (compared by stem), or -1. */
function findPhrase(tokens: readonly string[], phrase: string, compare: (word: string) => string = (w) => w): number {
  const words = tokenize(phrase).map(compare)
  const seen = tokens.map(compare)
  if (words.length === 0) return -1
  for (let start = 0; start + words.length <= seen.length; start += 1) {
    if (words.every((word, offset) => seen[start + offset] === word)) return start
  }
  return -1
}

const SMALL_TALK: readonly { kind: keyof SmallTalk; phrases: readonly string[] }[] = [
  { kind: 'thanks', phrases: ['thanks', 'thank you', 'thx', 'ty', 'cheers', 'appreciate it', 'much appreciated'] },
  { kind: 'goodbye', phrases: ['bye', 'goodbye', 'see you', 'see ya', 'good night', 'have a nice day'] },
  {
    kind: 'identity',
    phrases: [
      'who are you',
      'what are you',
      'are you a bot',
      'are you a robot',
      'are you human',
      'are you real',
      'are you an ai',
      'are you ai',
      'your name',
    ],
  },
  {
    kind: 'abilities',
    phrases: ['what can you do', 'how can you help', 'what can i ask', 'what do you know', 'what should i ask', 'help'],
  },
  {
    kind: 'greeting',
    phrases: [
      'hi',
      'hello',
      'hey',
      'hiya',
      'howdy',
      'greetings',
      'good morning',
      'good afternoon',
      'good evening',
      'yo',
      'how are you',
      'how is it going',
    ],
  },
]
/** Words that may come with small talk without making it a question. */
const FILLER = new Set(
  'so much very a lot ok okay oh well great nice cool there again all for the your you in advance me with and then now today doing'.split(
    ' ',
  ),
)

/** The small talk a message is, when it is nothing else. */
function matchSmallTalk(tokens: readonly string[], knowledge: ChatKnowledge): Reply | null {
  const left = [...tokens]
  const kinds: (keyof SmallTalk)[] = []
  for (const { kind, phrases } of SMALL_TALK) {
    for (const phrase of phrases) {
      let at = findPhrase(left, phrase)
      while (at >= 0) {
        if (!kinds.includes(kind)) kinds.push(kind)
        left.splice(at, tokenize(phrase).length)
        at = findPhrase(left, phrase)
      }
    }
  }
  if (kinds.length === 0 || left.some((token) => !FILLER.has(token))) return null
  const kind = kinds[0]!
  const reply = answer([text(knowledge.smallTalk[kind])])
  if (kind === 'abilities') reply.suggestions = knowledge.quickQuestions.slice(0, SUGGESTIONS).map((q) => q.question)
  return reply
}

/** A quick question matched by its keywords: its answer, and the asked words (stems) its keywords hold. */
interface Keyword {
  answer: string
  covered: number
  words: ReadonlySet<string>
}

/**
 * The best quick question by keyword, with how many of the asked words (those the search counts,
 * stop words out) its matching keywords hold.
 */
function matchKeyword(
  tokens: readonly string[],
  knowledge: ChatKnowledge,
  typed: readonly string[] = tokens,
): Keyword | null {
  let best: (Keyword & { length: number }) | null = null
  for (const item of knowledge.quickQuestions) {
    // A keyword of several words is as telling as a phrase of the lexicon: found as typed too ("open
    // to work", which the lexicon reads as seeking); a single word in the sense the question was read in.
    const found = (keyword: string) =>
      findPhrase(tokens, keyword, stem) >= 0 || (tokenize(keyword).length > 1 && findPhrase(typed, keyword, stem) >= 0)
    const hits = (item.keywords ?? []).filter(found)
    if (hits.length === 0) continue
    // Longer keywords are more specific; the first quick question wins a tie.
    const length = Math.max(...hits.map((k) => k.length))
    const words = new Set(
      hits.flatMap((k) =>
        tokenize(k)
          .filter((word) => processTerm(word) !== null)
          .map(stem),
      ),
    )
    if (!best || length > best.length) best = { answer: item.answer, covered: words.size, words, length }
  }
  return best
}

const PROJECT_NOUNS = new Set(['project', 'projects', 'app', 'apps', 'application', 'applications', 'ones'])
const ASKING = new Set(['which', 'what', 'any', 'list', 'all', 'his', 'your'])
const USE_WORDS = new Set([
  'use',
  'uses',
  'used',
  'using',
  'with',
  'built',
  'include',
  'includes',
  'involve',
  'involves',
  'have',
  'has',
  'feature',
  'features',
  'rely',
  'relies',
  'run',
  'runs',
])

/** How many projects an answer links; it counts the others. */
const LISTED_PROJECTS = 10

/** A name a project's technology goes by: its words (lowercase) as the question would hold them, and as written. */
interface TechName {
  words: string[]
  written: string
  /** Matched by a word that begins it (`mongo` for MongoDB), not by all of its words. */
  prefix: boolean
}

/**
 * The names of a listed technology: the whole item without a parenthesis ("Passport.js (Google
 * OAuth 2.0)" is Passport.js), and its first word when it has several ("Razorpay Checkout" is
 * Razorpay, "Google OAuth 2.0" is Google), unless that word is too short to name anything.
 */
function techNames(item: string): TechName[] {
  let names = namesOf.get(item)
  if (!names) namesOf.set(item, (names = techNamesOf(item)))
  return names
}

/** Names by tech item: a thousand projects list the same few dozen technologies. */
const namesOf = new Map<string, TechName[]>()

function techNamesOf(item: string): TechName[] {
  const written = item.replace(/\s*\([^)]*\)\s*/g, ' ').trim()
  const words = tokenize(written).flatMap((word) => word.split(/[^a-z0-9+#]+/).filter(Boolean))
  if (words.length === 0) return []
  const names: TechName[] = [{ words, written, prefix: false }]
  const first = written.split(/\s+/)[0] ?? ''
  if (words.length > 1 && written.includes(' ') && /^[a-z]{4,}$/.test(words[0]!))
    names.push({ words: [words[0]!], written: first, prefix: false })
  return names
}

/** The question's words split as the tech names are (`chart.js` is `chart` and `js`). */
const techWords = (tokens: readonly string[]) => tokens.flatMap((word) => word.split(/[^a-z0-9+#]+/).filter(Boolean))

/**
 * The technologies a question names, from what the projects list: each with the projects that list
 * it and the name as written. A name is found as consecutive words of the question; a word of 4+
 * letters that only begins a one-word name (`mongo`) counts when no name is found whole.
 */
function namedTech(
  tokens: readonly string[],
  projects: readonly ProjectSummary[],
): { written: string; ids: Set<string> }[] {
  const asked = techWords(tokens)
  const found = new Map<string, { start: number; length: number; names: Map<string, Set<string>> }>()
  const note = (start: number, length: number, written: string, id: string) => {
    const key = `${start}:${length}`
    const run = found.get(key) ?? { start, length, names: new Map<string, Set<string>>() }
    found.set(key, run)
    run.names.set(written, (run.names.get(written) ?? new Set()).add(id))
  }
  const prefixes: { start: number; written: string; id: string }[] = []
  for (const project of projects)
    for (const item of project.tech)
      for (const name of techNames(item)) {
        for (let start = 0; start + name.words.length <= asked.length; start += 1) {
          if (name.words.every((word, i) => asked[start + i] === word))
            note(start, name.words.length, name.written, project.id)
          else if (
            name.words.length === 1 &&
            asked[start]!.length >= 4 &&
            processTerm(asked[start]!) !== null &&
            name.words[0]!.startsWith(asked[start]!)
          )
            prefixes.push({ start, written: name.written, id: project.id })
        }
      }
  if (found.size === 0) for (const { start, written, id } of prefixes) note(start, 1, written, id)
  // A name inside a longer one found at the same place is that one ("Razorpay" in "Razorpay Checkout").
  const runs = [...found.values()].filter(
    (run) =>
      ![...found.values()].some(
        (other) =>
          other !== run &&
          other.length > run.length &&
          other.start <= run.start &&
          other.start + other.length >= run.start + run.length,
      ),
  )
  // Several runs at the same words (a name and a prefix of another) are one technology.
  return runs
    .sort((a, b) => a.start - b.start)
    .map((run) => {
      const names = [...run.names.entries()].sort((a, b) => b[1].size - a[1].size || a[0].length - b[0].length)
      return { written: names[0]![0], ids: new Set(names.flatMap(([, ids]) => [...ids])) }
    })
}

/**
 * "Which projects use Redis?", "projects built with MongoDB", "where did he use Razorpay?": the
 * projects whose tech lists name it (what each is built with, not a passage that mentions it in
 * passing), or, for what no tech list names, those whose text states it. `none` when a technology is
 * named but no project lists it (the honest fallback, not a list of every project).
 */
function matchProjectsUsing(message: string, tokens: readonly string[], search: ChatSearch): Reply | 'none' | null {
  // "which/what/any/list (of the) projects …" or a message that starts with "projects …", then a verb of use.
  const noun = tokens.findIndex((t) => PROJECT_NOUNS.has(t))
  const asksForProjects =
    (noun >= 0 && (noun === 0 || tokens.slice(Math.max(0, noun - 3), noun).some((t) => ASKING.has(t)))) ||
    (tokens[0] === 'where' && tokens.some((t) => t === 'use' || t === 'used'))
  if (!asksForProjects) return null
  const tech = namedTech(tokens, search.projects)
  if (tech.length > 0) {
    const using = search.projects.filter((project) => tech.every(({ ids }) => ids.has(project.id)))
    if (using.length === 0) return 'none'
    const names = tech.map((t) => t.written)
    const named = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!
    const listed = using.slice(0, LISTED_PROJECTS)
    return answer(
      [text(`${using.length === 1 ? 'One project uses' : `${using.length} projects use`} ${named}:`)],
      ...listed.map((project) => [{ kind: 'link', text: project.title, href: paths.project(project.id) } as ReplyPart]),
      ...(using.length > listed.length ? [[text(`and ${using.length - listed.length} more.`)]] : []),
    )
  }
  if (!tokens.slice(Math.max(0, noun)).some((t) => USE_WORDS.has(t))) return null
  const subject = tokens.filter((t) => !PROJECT_NOUNS.has(t) && !USE_WORDS.has(t)).join(' ')
  const named = search.words(subject)
  if (named.length === 0) return null
  const projects = new Map<string, Hit>()
  for (const hit of search.find(subject, { all: true, strict: true })) {
    if (hit.passage.project && hit.coverage >= 1 && !projects.has(hit.passage.project))
      projects.set(hit.passage.project, hit)
  }
  // No project states all of it: not an honest "none" yet, since the words may be the visitor's for
  // what a passage says ("which CSS framework does he style his apps with": Tailwind CSS); the
  // passages answer, or the fallback does.
  if (projects.size === 0) return null
  // The words as the visitor wrote them ("Trie", not "trie").
  const asWritten = named
    .map((word) => {
      const at = message.toLowerCase().indexOf(word)
      return at >= 0 ? message.slice(at, at + word.length) : word
    })
    .join(' ')
  return answer(
    [text(`${projects.size === 1 ? 'One project mentions' : `${projects.size} projects mention`} ${asWritten}:`)],
    ...[...projects.values()].map((hit) => [readMoreLink(hit)]),
  )
}

/** The heuristics below read English; another language is answered by its search alone (reply-in-language.ts). */
const isEnglish = (knowledge: ChatKnowledge) => primaryLanguage(knowledge.lang ?? 'en') === 'en'

/** The reply to a message that needs no passage (a quick question asked as written, small talk), or null. */
export function replyWithoutSearch(message: string, knowledge: ChatKnowledge): Reply | null {
  if (!isEnglish(knowledge)) return replyInLanguageWithoutSearch(message, knowledge)
  const tokens = tokenize(message)
  if (tokens.length === 0) return fallback(knowledge)
  const exact = knowledge.quickQuestions.find((item) => tokenize(item.question).join(' ') === tokens.join(' '))
  if (exact) return answer([text(exact.answer)])
  return matchSmallTalk(tokens, knowledge)
}

/** The assistant's reply to one visitor message. */
export function replyTo(typed: string, knowledge: ChatKnowledge): Reply {
  if (!isEnglish(knowledge)) return replyInLanguage(typed, knowledge)
  const direct = replyWithoutSearch(typed, knowledge)
  if (direct) return direct
  const search = knowledge.search
  // A phrase of the lexicon ("work from home") is asked as its concept's word, everywhere below.
  const message = search ? search.analysis.readPhrases(typed) : typed
  const tokens = tokenize(message)
  // "Which of Aarav's projects…" asks about the projects, not the owner.
  const projects = search ? matchProjectsUsing(message, tokens, search.wider ?? search) : null
  if (projects === 'none') return fallback(knowledge)
  if (projects) return projects
  const keyword = matchKeyword(tokens, knowledge, tokenize(typed))
  const passages = search ? choosePassages(message, tokens, search) : null
  // A quick question's keywords win, unless a passage states more of what was asked, or as much and
  // something the quick answer does not say ("Google login": the demo login's answer names no Google),
  // or they are a small part of the question (under a third of its words: "if I TRY to book dates
  // already taken" is not "Can I try the demos?").
  const asked = new Set(tokens.filter((token) => processTerm(token) !== null).map(stem)).size
  const central = keyword !== null && keyword.covered * 3 >= asked
  const beyond = (choice: Choice, { answer: said, words }: Keyword) => {
    const stated = new Set(tokenize(said).map(stem))
    return choice.shown[0]!.hit.words.some((word) => !stated.has(stem(word)) && !words.has(stem(word)))
  }
  if (
    keyword &&
    central &&
    (!passages ||
      passages.covered < keyword.covered ||
      (passages.covered === keyword.covered && !beyond(passages, keyword)))
  )
    return answer([text(keyword.answer)])
  if (passages && search) return passageAnswer(passages, search)
  return fallback(knowledge)
}
