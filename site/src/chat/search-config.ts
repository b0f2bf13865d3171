import type { Options, SearchOptions } from 'minisearch'
import { stemmer } from 'stemmer'
import { concepts } from './concepts/en.ts'
import { phraseReaderOf, productNamesOf, relatedTermsOf } from './related-terms.ts'
import type { TextAnalysis } from './text-analysis.ts'

/**
 * What the chat searches and how: the passages file the CLI writes at build time and the MiniSearch
 * options the browser indexes it with. The CLI imports the file's shape from here, in the site.
 * Changing the files' shape: bump CHAT_DATA_FORMAT.
 */

/** Written into every chat data file; a browser holding a file of another format ignores it. */
export const CHAT_DATA_FORMAT = 6

/** Where a passage is shown: its project (or the owner's profile), section and anchor. */
export interface Place {
  /** The project's title, or the owner's name for the profile. */
  source: string
  /** The project's id; empty for the profile. */
  project: string
  /** The section title shown in "Read more: <source> · <section>"; empty for a project's card. */
  section: string
  /** Route path with the section's anchor, e.g. /projects/authstack#security or /#about. */
  url: string
  /**
   * `tech`: a list of technologies (answers "which projects use X"); `row`: a row of a section's table
   * or cards (an endpoint, an entity, the relations, the test cards), what an answer shows when it
   * would otherwise quote the section's introduction; `audience`: who the project is built for (its
   * header's audience list), what answers "who is it for" and never what a role may do; `text`:
   * anything else.
   */
  kind: 'tech' | 'row' | 'audience' | 'text'
}

/** One searchable passage of the content (a paragraph, a feature, an endpoint, a tech group…) as indexed. */
export interface Passage {
  id: number
  /** What the passage says, as plain text (no markup). */
  text: string
  /** Its headline words: a feature's, endpoint's, entity's or group's name, or the section title. */
  title: string
  /** Place.source, searched too ("what does AuthStack do"). */
  source: string
  /** What its project is (ProjectSummary.about), so "the task manager" finds TodoApp Pro's passages. */
  about: string
}

/**
 * A set of passages as the build writes them and the browser reads them (texts, titles, places), not
 * a built index: the browser indexes them when a question needs them (a few milliseconds a file), so
 * a build does not spend seconds building and serialising an index that changes with every edit.
 */
export interface PassageFile {
  format: number
  places: Place[]
  /** Each passage's text, by position. */
  texts: string[]
  /** Each passage's place (an index of `places`), by position. */
  placeOf: number[]
  /** Each passage's headline words (Passage.title), by position. */
  titles: string[]
}

/**
 * What the chat knows of a project before it loads the project's passages: enough to tell which
 * projects a question concerns, and to answer "which projects use X" from what each is built with.
 */
export interface ProjectSummary {
  id: string
  title: string
  /** The first words of its description, what the project is ("Task manager built on…"), for questions that name it so. */
  about: string
  /** Every technology the project lists (its card's and its tech-stack sections'), as written. */
  tech: string[]
  /** The words of its headlines (features, sections, entities, endpoints), lowercase, each once. */
  keywords: string
}

/** The file the chat loads when it opens: the owner's passages and a summary of each project, in content order. */
export interface ChatOverviewFile extends PassageFile {
  /** The owner's name: a question that names the owner is answered from the owner's passages first. */
  owner: string
  projects: ProjectSummary[]
}

/**
 * Words that say nothing about what is asked: question words, pronouns, the assistant's small
 * talk and filler. Dropped on both sides, so they neither match nor count against a match.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about all also am an and any are as at be been but by can could did do does doing for from had has have he her ' +
    'here hi hello hey him his how i if in into is it its me my of on or our please she should so tell than that the ' +
    'their them then there these they this those to was we were what when where which who whom why will with would ' +
    'long often you your yours know show give some much many thanks thank ok okay just like get got one ones ' +
    'project projects app apps application applications use used uses using built build work works working him himself ' +
    'make made someone somebody anyone anybody people thing things way wat wht whats hows pls plz u ur ' +
    // How a question is put ("what happens when", "how are sessions kept", "the three ways to").
    'happen happens happened keep keeps kept ways between up through ' +
    // How a list is asked for ("the possible statuses", "what options does it offer", "let you").
    'possible kind kinds option options offer offers provide provides support supports let ' +
    // Quantifiers over what is asked ("for each warehouse", "every night").
    'each every ' +
    // When it is asked ("is he looking AT THE MOMENT", "what is he CURRENTLY doing").
    'moment currently presently now new ' +
    // Verbs and pronouns of any question ("anything that TAKES payments").
    'take takes took taken taking anything something everything ' +
    // Words that only stress ("the money ACTUALLY arrived") or join ("who decides WHETHER").
    'actually really truly whether ' +
    // Framing of a yes-or-no question ("is he WILLING to relocate").
    'willing'
  ).split(' '),
)

/**
 * A few words recruiters use for what the content says in other words. Applied to questions only
 * (the content is indexed as written): each asked word also looks for these.
 */
const QUERY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  valid: ['expire'],
  validity: ['expire'],
  last: ['expire'],
  lifetime: ['expire'],
  based: ['location'],
  located: ['location'],
  lives: ['location'],
  cv: ['resume'],
  hosted: ['deploy'],
  hosting: ['deploy'],
  host: ['deploy'],
  server: ['deploy'],
  throttle: ['limit'],
  throttled: ['limit'],
  signature: ['signed', 'verify'],
  verified: ['verify'],
  stored: ['storage'],
  tests: ['test', 'load'],
  tested: ['test', 'load'],
  port: ['listen'],
  // A table's rows as visitors name them ("which columns", "API routes").
  column: ['field'],
  columns: ['field'],
  route: ['endpoint'],
  routes: ['endpoint'],
  // Paying is what a payment is; speed is what a response time is.
  pay: ['payment'],
  paid: ['payment'],
  speed: ['fast', 'faster', 'response'],
  // The posts are "Writing" on the site (a passage per post, see chat-passages.ts postPassages).
  written: ['writing'],
  wrote: ['writing'],
  write: ['writing'],
  writes: ['writing'],
  blog: ['writing'],
  blogs: ['writing'],
  article: ['writing'],
  articles: ['writing'],
  faster: ['fast', 'speed', 'response'],
  quicker: ['fast', 'faster', 'response'],
}

/** Lowercase, stop words out, Porter stem (the `stemmer` package): `limits`, `limiting` -> `limit`. */
export function processTerm(term: string): string | null {
  const word = term.toLowerCase()
  // Single letters say nothing ("what's" -> "what", "s"); single digits may ("3 per 15 minutes").
  if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) return null
  let stem = stems.get(word)
  if (stem === undefined) stems.set(word, (stem = stemmer(word)))
  return stem
}

/** Stems by word: content repeats its words, and the stemmer's rules cost ~5 µs a word. */
const stems = new Map<string, string>()

/**
 * Words are runs of letters and digits: `Shop++` is `shop`, `Node.js` is `node` and `js`, `6-digit`
 * is `6` and `digit` (MiniSearch's default keeps symbols such as `+` inside words). A `re-` prefix
 * is kept on its word (`re-seeded` is `reseeded`, as the lexicon and most visitors spell it): `re`
 * alone says nothing, and `seeded` is not what was done. A web address is the words of its host
 * (`github`, `com`): its scheme and path are no words a visitor asks with.
 */
export function tokenize(text: string): string[] {
  return text
    .replace(WEB_ADDRESS, ' $1 ')
    .replace(RE_PREFIX, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

const RE_PREFIX = /(?<![\p{L}\p{N}])(re)-(?=\p{L})/giu
/**
 * A web address, and its host. "HTTPS" asks about TLS, not about every link; the owner's name in the
 * path of each project's repository is not the project's word.
 */
const WEB_ADDRESS = /\bhttps?:\/\/([^\s/?#()]+)[^\s()]*/giu

/** A question's term: processed like the content, plus its synonyms. */
export function processQueryTerm(term: string): string[] | null {
  const stem = processTerm(term)
  if (stem === null) return null
  const extra = (QUERY_SYNONYMS[term.toLowerCase()] ?? []).map((word) => stemmer(word))
  return [...new Set([stem, ...extra])]
}

/** Prefixes from 4 letters (`todo` finds `todoapp`). */
export const prefixMatched = (term: string): boolean => term.length >= 4
/** Typos: one edit in words of 4+ letters (`limt`), two from 9. */
export const typosForgiven = (term: string): number | false => (term.length >= 9 ? 2 : term.length >= 4 ? 1 : false)

export const searchOptions: SearchOptions = {
  boost: { title: 2, source: 1.5, text: 1, about: 0.5 },
  prefix: prefixMatched,
  fuzzy: typosForgiven,
  combineWith: 'OR',
  processTerm: processQueryTerm,
}

/** The MiniSearch options both sides use (loadJSON needs the ones the index was built with). */
export const indexOptions: Options<Passage> = {
  fields: ['title', 'text', 'source', 'about'],
  tokenize,
  processTerm,
  searchOptions,
}

/**
 * English as today: the regex words, Porter (the `stemmer` package), the stop words and synonyms
 * above. English answers depend on these exactly, so other languages do not change them.
 */
export const englishAnalysis: TextAnalysis = {
  lang: 'en',
  english: true,
  lower: (text) => text.toLowerCase(),
  tokenize,
  processTerm,
  processQueryTerm,
  relatedTerms: relatedTermsOf(concepts, processTerm),
  isProductName: productNamesOf(concepts, processTerm),
  readPhrases: phraseReaderOf(concepts, tokenize, (text) => text.toLowerCase()),
}

/** The search options for a language's analysis (English: `searchOptions` itself). */
export function searchOptionsFor(analysis: TextAnalysis): SearchOptions {
  return analysis.english ? searchOptions : { ...searchOptions, processTerm: analysis.processQueryTerm }
}

/** The index options for a language's analysis (English: `indexOptions` itself). */
export function indexOptionsFor(analysis: TextAnalysis): Options<Passage> {
  if (analysis.english) return indexOptions
  return {
    ...indexOptions,
    tokenize: analysis.tokenize,
    processTerm: analysis.processTerm,
    searchOptions: searchOptionsFor(analysis),
  }
}
