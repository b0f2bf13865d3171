import MiniSearch, { type SearchResult } from 'minisearch'
import {
  CHAT_DATA_FORMAT,
  englishAnalysis,
  indexOptionsFor,
  prefixMatched,
  typosForgiven,
  searchOptionsFor,
  type ChatOverviewFile,
  type Passage,
  type PassageFile,
  type Place,
  type ProjectSummary,
} from './search-config.ts'
import type { TextAnalysis } from './text-analysis.ts'

/**
 * The chat's search over the content's passages (MiniSearch). Loaded with the overview, when the
 * chat is first opened: no page downloads this code before. The owner's passages come with the
 * overview; a project's are fetched when a question may concern that project, so a large portfolio
 * is not downloaded whole.
 */

/** A passage as an answer shows it: its text and where it is shown. */
export type StoredPassage = Place & { text: string }

export interface Hit {
  passage: StoredPassage
  /** MiniSearch's relevance (BM25 with field boosts, prefix and fuzzy matches weighted down). */
  score: number
  /**
   * The share of the question this passage answers, 0..1: the asked words it contains, each
   * weighted by how rare it is among the passages (a word no passage has weighs the most), so
   * "Does he know Kubernetes?" is not answered by a passage that merely says "know".
   */
  coverage: number
  /** The asked words it contains, as typed (lowercase). */
  words: string[]
  /** The index terms it matched (stems), to pick the sentences that state them. */
  terms: string[]
}

export interface ChatSearch {
  /**
   * Passages for the question, best first. `kind` keeps one kind; `all` requires every asked word;
   * `strict` leaves out prefixes of short words (`redi`, the stem of `redis`, is not `redirect`).
   */
  find(question: string, options?: FindOptions): Hit[]
  /**
   * The passages of `kind` shown at `url`, in content order: a section's table or cards (`row`, the
   * default), or its tech lists (`tech`, the groups of a tech stack).
   */
  rows(url: string, kind?: Place['kind']): StoredPassage[]
  /** The words of a question that count (stop words out), lowercase, each once. */
  words(question: string): string[]
  /** The question's terms as the index holds them, for matching sentences. */
  stems(text: string): string[]
  /** Every project's summary, in content order: what each is built with ("which projects use X"). */
  projects: readonly ProjectSummary[]
  /** How the passages' language is cut into terms (the question is cut alike). */
  analysis: TextAnalysis
  /**
   * For a question that names the owner (and no project), this search holds the owner's passages
   * only, and `wider` every passage in scope: the owner's answer what they can ("what is Aarav's
   * e-mail address" is not a project's e-mail verification), the others the rest.
   */
  wider?: ChatSearch
}

export interface FindOptions {
  /** Keep one kind of passage. */
  kind?: Place['kind']
  /** Require every asked word. */
  all?: boolean
  /** Leave out prefixes of short words (`redi`, the stem of `redis`, is not `redirect`). */
  strict?: boolean
  /**
   * Words of how the question is put ("range", "process", "steps"): they rank the passages that
   * hold them higher, but a passage need not hold them to answer (they do not count in coverage).
   */
  soft?: readonly string[]
}

/** The passages a question may need, loaded on demand. */
export interface ChatLibrary {
  /** The search for one question: the owner's passages and those of the projects the question may concern. */
  searchFor(question: string): Promise<ChatSearch>
  /**
   * Loads now what any question would load: every project's passages when they are few enough to
   * load whole (LOAD_ALL_PROJECTS), so a question being typed is answered without waiting for them;
   * nothing for a larger portfolio, where the question chooses. Never rejects.
   */
  prepare(): Promise<void>
}

/**
 * A portfolio of at most this many projects is loaded whole at its first question: every project
 * can then answer. A larger one loads, for each question, the QUESTION_PROJECTS it may concern most
 * (a project's file is small, but a thousand are not). Counts, not sizes, so the overview does not
 * change when a project's text does.
 */
export const LOAD_ALL_PROJECTS = 12
/** How much a word of the asked word's concepts (related-terms.ts) counts against the word itself. */
export const RELATED_TERM_WEIGHT = 0.5
export const QUESTION_PROJECTS = 6

function checkFormat(file: { format: number }): void {
  if (file.format !== CHAT_DATA_FORMAT)
    throw new Error(`chat data format ${String(file.format)}, expected ${CHAT_DATA_FORMAT}`)
}

/**
 * The chat's library over the overview as fetched; `fetchProject` fetches a project's passage file.
 * `analysis`: the language of the files (the one the CLI wrote them with; English by default).
 * Throws on a file of another format (an old cached file, a newer build).
 */
export function openChatLibrary(
  overview: ChatOverviewFile,
  fetchProject: (id: string) => Promise<PassageFile>,
  analysis: TextAnalysis = englishAnalysis,
): ChatLibrary {
  checkFormat(overview)
  const { tokenize } = analysis
  const stems = stemsOf(analysis)
  const index = new MiniSearch<Passage>(indexOptionsFor(analysis))
  const stored: StoredPassage[] = []
  const add = (file: PassageFile, about: string) => {
    const nowhere: Place = { source: '', project: '', section: '', url: '/', kind: 'text' }
    const first = stored.length
    file.texts.forEach((text, i) => stored.push({ ...(file.places[file.placeOf[i] ?? -1] ?? nowhere), text }))
    for (const passage of stored.slice(first))
      if (passage.kind === 'tech') for (const term of stems(passage.text)) techTerms.add(term)
    for (let i = 0; i < file.texts.length; i += 1) {
      const { project, source } = stored[first + i]!
      const terms = stated.get(project) ?? new Set<string>()
      stated.set(project, terms)
      for (const field of [file.texts[i]!, file.titles[i] ?? '', source, about])
        for (const term of stems(field)) terms.add(term)
    }
    index.addAll(
      file.texts.map((text, i) => ({
        id: first + i,
        text,
        title: file.titles[i] ?? '',
        source: stored[first + i]!.source,
        about,
      })),
    )
  }
  // The words of technologies: every project's tech list, and the tech lists loaded (with their group names).
  const techTerms = new Set(overview.projects.flatMap((project) => project.tech.flatMap(stems)))
  // The terms each project's passages state (the owner's under ''): a word the visitor typed as one
  // of them is spelled right.
  const stated = new Map<string, Set<string>>()
  add(overview, '')
  const loading = new Map<string, Promise<void>>()
  const load = (project: ProjectSummary): Promise<void> => {
    let pending = loading.get(project.id)
    if (!pending) {
      pending = fetchProject(project.id).then(
        (file) => {
          checkFormat(file)
          add(file, project.about)
        },
        (error: unknown) => {
          loading.delete(project.id) // tried again with the next question that needs it
          throw error
        },
      )
      loading.set(project.id, pending)
    }
    return pending
  }
  const choose = projectChooser(overview.projects, analysis)
  const titles = projectNames(overview.projects, analysis)
  const ownerNames = personNames(overview.owner, analysis)
  // A question names the owner by name, or by a pronoun (English) when it asks of no project of theirs.
  const ownerNamed = (asked: readonly string[]): string[] | undefined =>
    ownerNames.find((name) => containsRun(asked, name)) ??
    (analysis.english && asked.some((word) => PRONOUNS.has(word)) && !asked.some((word) => WORKS.has(word))
      ? []
      : undefined)
  return {
    async prepare() {
      if (overview.projects.length <= LOAD_ALL_PROJECTS) await Promise.allSettled(overview.projects.map(load))
    },
    async searchFor(question) {
      // A question that names projects (by title or id) is about them: only their passages answer it.
      const asked = tokenize(analysis.lower(question))
      const naming = titles.flatMap(({ id, names }) =>
        names.filter((name) => containsRun(asked, name)).map((name) => ({ id, name })),
      )
      const named = new Set(naming.map(({ id }) => id))
      const chosen = named.size > 0 ? overview.projects.filter((p) => named.has(p.id)) : choose(question)
      // A project that cannot be loaded leaves its passages out; the others still answer.
      const loaded = await Promise.allSettled(chosen.map(load))
      const scope = new Set(chosen.filter((_, i) => loaded[i]!.status === 'fulfilled').map((p) => p.id))
      const names = naming.map(({ name }) => name)
      const search = searchOver(
        index,
        stored,
        scope,
        named.size === 0,
        overview.projects,
        techTerms,
        stated,
        analysis,
        names,
      )
      const owner = named.size === 0 ? ownerNamed(asked) : undefined
      if (!owner) return search
      const own = searchOver(index, stored, new Set(), true, overview.projects, techTerms, stated, analysis, [owner])
      return { ...own, wider: search }
    },
  }
}

/**
 * The names of each project: its title, its id, the first word of its title when that word is its
 * own (no other project's title or description has it: "Shop++" for Shop++ Pet Store, not
 * "Warehouse" for Warehouse Booking), and each two consecutive words of a longer title that no other
 * project's title or description says together (a visitor shortens "Warehouse Listing Platform" to
 * "the listing platform", "Shop++ Pet Store" to "the pet store"), as words.
 */
function projectNames(
  projects: readonly ProjectSummary[],
  analysis: TextAnalysis,
): { id: string; names: string[][] }[] {
  const { tokenize, processTerm } = analysis
  const stems = stemsOf(analysis)
  const own = projects.map((project) => new Set([...stems(project.title), ...stems(project.about)]))
  const said = projects.map((project) => tokenize(analysis.lower(`${project.title} ${project.about}`)))
  return projects.map((project, i) => {
    const names = [project.title, project.id].map((name) => tokenize(analysis.lower(name)))
    const title = names[0]!
    const first = title[0]
    const term = first && first.length >= 4 ? processTerm(first) : null
    if (title.length > 1 && term && own.every((words, j) => j === i || !words.has(term))) names.push([first!])
    if (title.length > 2)
      for (let start = 0; start + 2 <= title.length; start += 1) {
        const pair = title.slice(start, start + 2)
        const meaningful = pair.every((word) => processTerm(word) !== null)
        if (meaningful && said.every((words, j) => j === i || !containsRun(words, pair))) names.push(pair)
      }
    return { id: project.id, names }
  })
}

/**
 * How an English question speaks of the owner, and of the owner's projects ("his APPS"): whoever the
 * owner is. Not "they" or "their": a question says them of a project's users as often.
 */
const PRONOUNS = new Set(['he', 'his', 'him', 'himself', 'she', 'her', 'hers', 'herself'])
const WORKS = new Set(['project', 'projects', 'app', 'apps', 'application', 'applications', 'demo', 'demos'])

/**
 * The names a question may give a person by: the whole name, then each of its words that says
 * something (a first name, a family name), as words.
 */
function personNames(name: string, analysis: TextAnalysis): string[][] {
  const whole = analysis.tokenize(analysis.lower(name))
  const parts = whole.filter((word) => word.length >= 3 && analysis.processTerm(word) !== null)
  return whole.length === 0 ? [] : [whole, ...(whole.length > 1 ? parts.map((word) => [word]) : [])]
}

type SummaryDocument = Pick<ProjectSummary, 'id' | 'title' | 'about' | 'keywords'>

/**
 * Which projects a question that names none may concern, best first: every project when they are few
 * (LOAD_ALL_PROJECTS); else the QUESTION_PROJECTS whose title, description and headlines match it best.
 */
export function projectChooser(
  projects: readonly ProjectSummary[],
  analysis: TextAnalysis = englishAnalysis,
): (question: string) => ProjectSummary[] {
  const { tokenize, processTerm } = analysis
  const searchOptions = searchOptionsFor(analysis)
  if (projects.length <= LOAD_ALL_PROJECTS) return () => [...projects]
  // Indexed once the chat has opened and shown its panel (a thousand summaries take a while on a slow
  // phone), or at the first question if it comes sooner.
  let summaries: MiniSearch<SummaryDocument> | undefined
  const summaryIndex = () => {
    if (summaries) return summaries
    summaries = new MiniSearch<SummaryDocument>({
      // Not the tech lists: "which projects use X" is answered from them directly, and most projects share most of it.
      fields: ['title', 'about', 'keywords'],
      tokenize,
      processTerm,
      searchOptions: { ...searchOptions, boost: { title: 3, about: 2, keywords: 1 } },
    })
    summaries.addAll(projects.map(({ id, title, about, keywords }) => ({ id, title, about, keywords })))
    return summaries
  }
  setTimeout(summaryIndex, 0)
  const byId = new Map(projects.map((p) => [p.id, p]))
  return (question) => {
    return summaryIndex()
      .search(tokenize(analysis.lower(question)).join(' '))
      .slice(0, QUESTION_PROJECTS)
      .map((result) => byId.get(String(result.id))!)
  }
}

/** Whether `run` (non-empty) appears as consecutive words in `words`. */
function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false
  for (let start = 0; start + run.length <= words.length; start += 1)
    if (run.every((word, i) => words[start + i] === word)) return true
  return false
}

/** A text's index terms in a language. */
const stemsOf =
  ({ tokenize, processTerm }: TextAnalysis) =>
  (text: string): string[] =>
    tokenize(text)
      .map(processTerm)
      .filter((term): term is string => term !== null)

/**
 * Whether an asked word (lowercase) names a thing rather than saying something in the visitor's words:
 * written with a capital inside the question ("does he know Kubernetes"), with a digit ("k8s"), or a
 * product of the language's lexicon however it is typed ("kubernetes").
 */
function namesThing(word: string, question: string, analysis: TextAnalysis): boolean {
  if (/\d/.test(word)) return true
  const term = analysis.processTerm(word)
  if (term !== null && analysis.isProductName(term)) return true
  return analysis
    .tokenize(question)
    .some((written, i) => i > 0 && analysis.lower(written) === word && written !== analysis.lower(written))
}

/** `words` without the first run of each of `runs` (consecutive words). */
function withoutRuns(words: readonly string[], runs: readonly (readonly string[])[]): string[] {
  const left = [...words]
  for (const run of runs)
    for (let start = 0; run.length > 0 && start + run.length <= left.length; start += 1)
      if (run.every((word, i) => left[start + i] === word)) {
        left.splice(start, run.length)
        break
      }
  return left
}

/**
 * The search over the indexed passages of the projects in `scope`, and of the owner's when `owner`.
 * `techTerms`: the words of technologies (every project's tech list and the owner's stack).
 * `stated`: the terms each project's passages state (the owner's under '').
 * `names`: the names (words) by which the question named the projects in scope: every passage in
 * scope is of those projects, so their words do not rank one above another ("the warehouse booking
 * payments table" is the payments table, not the passage that says "booking" most), unless the name
 * is all the question says.
 */
function searchOver(
  index: MiniSearch<Passage>,
  stored: readonly StoredPassage[],
  scope: ReadonlySet<string>,
  owner: boolean,
  projects: readonly ProjectSummary[],
  techTerms: ReadonlySet<string>,
  stated: ReadonlyMap<string, ReadonlySet<string>>,
  analysis: TextAnalysis,
  names: readonly (readonly string[])[] = [],
): ChatSearch {
  const { tokenize, processTerm, processQueryTerm, relatedTerms } = analysis
  const stems = stemsOf(analysis)
  const lower = analysis.lower
  const queryTermsWithRelated = (word: string): string[] | null => {
    const terms = processQueryTerm(word)
    return terms && [...new Set([...terms, ...terms.flatMap(relatedTerms)])]
  }
  const inScope = (id: number) => {
    const project = stored[id]?.project ?? ''
    return project === '' ? owner : scope.has(project)
  }
  const total = stored.reduce((count, _, id) => count + (inScope(id) ? 1 : 0), 0)
  // Whether a passage in scope states a term as it is.
  const statedInScope = (term: string) =>
    [...scope, ...(owner ? [''] : [])].some((project) => stated.get(project)?.has(term) ?? false)
  const words = (question: string) => [
    ...new Set(tokenize(lower(question)).filter((word) => processTerm(word) !== null)),
  ]
  return {
    words,
    projects,
    stems,
    analysis,
    rows(url, kind = 'row') {
      return stored.filter((passage, id) => passage.kind === kind && passage.url === url && inScope(id))
    },
    find(question, options = {}) {
      const soft = new Set(options.soft ?? [])
      const counts = (list: readonly string[]) => list.some((word) => !soft.has(word))
      // Unless the name is all the question asks about ("tell me about AuthStack", "what happens when a
      // warehouse listing is submitted": the listing is the subject, and the project's id says it too).
      const unnamed = words(withoutRuns(tokenize(lower(question)), names).join(' '))
      const stripped = counts(unnamed)
      const all = stripped ? unnamed : words(question)
      const required = counts(all) ? all.filter((word) => !soft.has(word)) : all
      if (required.length === 0) return []
      const own = new Set(all.flatMap((word) => processQueryTerm(word) ?? []))
      // A word of the lexicon is spelled right: one letter off it is another word ("move" is not
      // "mode"), and its concept's words stand for it. So is a word a passage in scope states as
      // typed: "redis" is Redis, not "relied".
      const typos = (term: string): number | false => {
        if (!own.has(term) || relatedTerms(term).length > 0 || statedInScope(term)) return false
        if (options.strict) return term.length >= 6 ? 1 : false
        return typosForgiven(term)
      }
      const searchWith = (termsOf: (word: string) => string[] | null, boost: ReadonlyMap<string, number>) =>
        index.search(all.join(' '), {
          filter: (result: SearchResult) =>
            inScope(result.id as number) && (!options.kind || stored[result.id as number]?.kind === options.kind),
          processTerm: termsOf,
          boostTerm: (term: string) => (own.has(term) ? 1 : (boost.get(term) ?? 0)),
          ...(options.all ? { combineWith: 'AND' } : {}),
          // Typos and word beginnings are the visitor's: a related word is matched as the lexicon spells it.
          prefix: (term: string) => own.has(term) && (options.strict ? term.length >= 5 : prefixMatched(term)),
          fuzzy: typos,
        })
      const plain = searchWith(processQueryTerm, new Map())
      // How surely the other words of an asked word's concepts stand for it: fully for a word no passage
      // states (the visitor's word, not the content's: "encrypted in transit" for TLS), less the more
      // passages state the word itself ("checkout" is not every payment passage). Every asked word must
      // match (`all`) as written. A soft word's concepts rank passages too ("when payment is ABANDONED"
      // finds "if payment is cancelled"), though it does not count in coverage.
      const trust = new Map(
        options.all
          ? []
          : all.map((word) => {
              const terms = processQueryTerm(word) ?? []
              const holding = plain.filter((result) => result.terms.some((term) => terms.includes(term))).length
              return [word, 1 / (1 + holding)] as const
            }),
      )
      const related = new Map<string, number>()
      for (const [word, sure] of trust)
        for (const term of queryTermsWithRelated(word) ?? [])
          if (!own.has(term)) related.set(term, Math.max(related.get(term) ?? 0, RELATED_TERM_WEIGHT * sure))
      const termsOf = (word: string) => (trust.has(word) ? queryTermsWithRelated(word) : processQueryTerm(word))
      const results = related.size > 0 ? searchWith(termsOf, related) : plain
      const asked = required.map((word) => ({
        word,
        own: new Set(processQueryTerm(word) ?? []),
        terms: new Set(termsOf(word) ?? []),
        sure: trust.get(word) ?? 0,
      }))
      const covers = (result: SearchResult, terms: ReadonlySet<string>) =>
        result.queryTerms.some((term) => terms.has(term))
      // The project's name, left out of the query, is still stated by each of its passages, and weighs
      // as a word every passage holds.
      const naming = stripped ? words(question).filter((word) => !unnamed.includes(word)) : []
      // How rare a word is, by the passages stating it as asked (by its related words when none does).
      const holdings = asked.map(
        ({ own, terms }) =>
          results.filter((r) => covers(r, own)).length || results.filter((r) => covers(r, terms)).length,
      )
      // A technology asked about ("Does he write TypeScript?") weighs twice a word of how it is asked.
      // In another language than English, a word no passage holds weighs as one every passage holds:
      // its stop-word list may miss a question word ("कैसे", how), which would weigh the most.
      const held = asked.map(({ terms }, i) => {
        const holding = holdings[i]!
        const rarity = Math.log(1 + total / (1 + (holding === 0 && !analysis.english ? total : holding)))
        return rarity * ([...terms].some((term) => techTerms.has(term)) ? 2 : 1)
      })
      // An English word no passage states, nor its concepts, is either a name the content lacks
      // ("Kubernetes": capitalised as typed, or a product of the lexicon), the rarest of words, or the
      // visitor's own word for what a passage says in its own ("HIDE unreviewed listings", "ROLLED out").
      // The visitor's word weighs as the heaviest word the passages do state, when those (the project's
      // name among them) outnumber the unknown: a question mostly stated is answered despite a word of
      // its own, while "his salary expectation" is not answered by a passage that merely says "expect".
      const unknown = holdings.filter((holding) => holding === 0).length
      const mostlyStated = naming.length + asked.length - unknown > unknown
      const heaviest = Math.max(0, ...held.filter((_, i) => holdings[i]! > 0))
      const visitorsWord = (i: number) =>
        analysis.english && holdings[i] === 0 && !namesThing(asked[i]!.word, question, analysis)
      const weights = held.map((weight, i) =>
        mostlyStated && heaviest > 0 && visitorsWord(i) ? Math.min(weight, heaviest) : weight,
      )
      const named = naming.length * Math.log(1 + total / (1 + total))
      const sum = weights.reduce((a, b) => a + b, 0) + named
      return results
        .map((result): Hit => {
          const found = asked.map((a, i) => (covers(result, a.terms) ? i : -1)).filter((i) => i >= 0)
          // A word stated only in related words is answered less surely than one stated as asked.
          const share = (i: number) => (covers(result, asked[i]!.own) ? 1 : asked[i]!.sure)
          return {
            passage: stored[result.id as number]!,
            score: result.score,
            coverage: (found.reduce((a, i) => a + (weights[i] ?? 0) * share(i), 0) + named) / sum,
            words: [...naming, ...found.map((i) => asked[i]!.word)],
            terms: result.terms,
          }
        })
        .sort((a, b) => b.score * b.coverage - a.score * a.coverage)
    },
  }
}
