import type { Place } from '../../site/src/chat/search-config.ts'
import { paths } from '../../site/src/paths.ts'
import { formatDate } from '../../site/src/period.ts'
import { englishPassageWords, type PassageWords } from './chat-passage-words.ts'
import type { CompiledCaseStudy, CompiledPortfolio, SectionBlocks } from '../compile/compile-project.ts'
import type {
  Portfolio,
  PostSummary,
  RenderedPost,
  RenderedProject,
  RenderedSection,
} from '../content/content-types.ts'

/**
 * The passages the chat searches, from the compiled content: the owner's profile and posts, each project's
 * card and every case-study section, cut where a reader would (a paragraph, a list item, a feature,
 * an endpoint, a table, a tech group), each with where it is shown. Pure and deterministic.
 */

/** A passage before the index numbers it. */
export type PassageDraft = Place & { text: string; title: string }

/**
 * What the passages are made from: the portfolio's texts, of which the home page's banner, hero,
 * resume link and career lists may be left out (a test, a portfolio held in part).
 */
export type ChatPortfolio = Pick<CompiledPortfolio, 'owner' | 'about' | 'techStack' | 'contact' | 'links' | 'blocks'> &
  Partial<Pick<Portfolio, 'availability' | 'hero' | 'resume' | 'experience' | 'education'>>

/** A post as the chat reads it: its summary (data/posts.json's entry), and its outline when the build has its text. */
export type ChatPost = PostSummary & Partial<Pick<RenderedPost, 'outline'>>

/**
 * A compiled project's texts the passages are made from (its markdown fields as the compile's text
 * blocks); its achievements, metrics, audience, demo and links may be left out.
 */
export type ChatProject = Pick<CompiledCaseStudy, 'id' | 'title' | 'description' | 'tech' | 'sections' | 'blocks'> &
  Partial<Pick<RenderedProject, 'achievements' | 'metrics' | 'audience' | 'demo' | 'liveUrl' | 'githubUrl'>>

/** A text with its white space collapsed, as one line of a passage. */
const text = (value: string | undefined): string => value?.replace(/\s+/g, ' ').trim() ?? ''
const strings = (values: readonly string[] | undefined): string[] => (values ?? []).map(text).filter(Boolean)

/** When a career entry was: its duration, or its dates. */
function period(entry: { start?: string; end?: string; duration?: string }, words: PassageWords): string {
  if (text(entry.duration)) return `(${text(entry.duration)})`
  if (!text(entry.start)) return ''
  return words.period(text(entry.start), text(entry.end))
}

/** The owner's profile, career, home-page texts and tech stack, glued with `words` (the content's language's). */
export function portfolioPassages(portfolio: ChatPortfolio, words: PassageWords = englishPassageWords): PassageDraft[] {
  const { owner, about } = portfolio
  const name = text(owner.name)
  const out: PassageDraft[] = []
  const add = (title: string, body: string, section: string, anchor: string, kind: Place['kind'] = 'text') => {
    if (body) out.push({ title, text: body, source: name, project: '', section, url: `${paths.home}#${anchor}`, kind })
  }
  const hero = portfolio.hero
  const aboutTitle = text(about.title) || words.about
  add(words.who, [name, text(owner.role)].filter(Boolean).join(', ') + '.', aboutTitle, 'about')
  if (text(owner.location)) add(words.location, words.basedIn(name, text(owner.location)), aboutTitle, 'about')
  const years = [
    text(owner.yearsInOperations) && words.yearsInOperations(text(owner.yearsInOperations)),
    text(owner.yearsFullStack) && words.yearsFullStack(text(owner.yearsFullStack)),
  ].filter(Boolean)
  if (years.length > 0) add(words.experience, words.has(name, years), aboutTitle, 'about')
  if (portfolio.availability) add(words.availability, text(portfolio.availability.text), aboutTitle, 'about')
  add(text(hero?.eyebrow), [text(hero?.headline), text(hero?.tagline)].filter(Boolean).join('. '), aboutTitle, 'hero')
  const claims = (hero?.claims ?? []).map((claim) => `${text(claim.value)} ${text(claim.label).toLowerCase()}`.trim())
  if (claims.length > 0) add(words.highlights, `${claims.join('; ')}.`, aboutTitle, 'hero')
  for (const block of portfolio.blocks.about) add(block.lead || aboutTitle, block.text, aboutTitle, 'about')
  for (const item of about.highlights ?? []) add(text(item.title), text(item.text), aboutTitle, 'about')
  // The career: what a recruiter asks first ("has he worked with payments?"), also when only the resume shows it.
  const sentence = (value: string) => value.replace(/([^.!?])$/, '$1.')
  for (const job of portfolio.experience ?? []) {
    const head = [text(job.role), text(job.organisation) && words.at(text(job.organisation)), period(job, words)]
    add(
      words.roleExperience(text(job.role)),
      [sentence(head.filter(Boolean).join(' ')), text(job.summary), ...strings(job.highlights)].map(sentence).join(' '),
      aboutTitle,
      'about',
    )
  }
  for (const school of portfolio.education ?? []) {
    const head = [
      text(school.qualification),
      text(school.area) && words.inArea(text(school.area)),
      words.at(text(school.institution)),
    ]
    add(words.education, sentence([...head, period(school, words)].filter(Boolean).join(' ')), aboutTitle, 'about')
  }
  const stack = portfolio.techStack
  for (const group of stack.groups)
    add(
      words.stack(text(group.name)),
      `${text(group.name)}: ${strings(group.items).join(', ')}.`,
      text(stack.title) || words.techStack,
      'about',
      'tech',
    )
  const { contact, links } = portfolio
  const contactTitle = text(contact.title) || words.contact
  for (const block of portfolio.blocks.contact) add(words.contact, block.text, contactTitle, 'contact')
  const email = text(contact.email).replace(/^mailto:/, '')
  add(
    words.contactEmail,
    [
      email && words.email(email),
      text(links.github) && `GitHub: ${text(links.github)}`,
      text(links.linkedin) && `LinkedIn: ${text(links.linkedin)}`,
    ]
      .filter(Boolean)
      .join('. '),
    contactTitle,
    'contact',
  )
  // The resume always exists: a hand-made resume.file, or the one the build makes from the content.
  add(words.resumeTitle, words.resumeLink(text(portfolio.resume?.label) || words.resume), contactTitle, 'contact')
  return out
}

/** The newest posts the chat answers from: their titles, summaries and tags, in the overview the chat opens with. */
export const CHAT_POSTS = 50

/**
 * What the chat knows of the owner's writing ("has he written about payments?"): a passage per post
 * of posts/*.md, the newest CHAT_POSTS (`posts`: newest first, as data/posts.json lists them),
 * leading to the post's page. Posts published elsewhere (writing.external) are left out: their
 * pages are not on this site.
 */
export function postPassages(posts: readonly ChatPost[], words: PassageWords = englishPassageWords): PassageDraft[] {
  return posts
    .filter((post) => !post.external && !post.draft)
    .slice(0, CHAT_POSTS)
    .map((post) => {
      const tags = strings(post.tags)
      const headings = (post.outline ?? []).map((entry) => text(entry.text))
      return {
        title: [words.writingPost, text(post.title), ...tags, ...headings].join(' '),
        text: [
          `${words.post(text(post.title), formatDate(post.published.slice(0, 7), { lang: words.lang, present: '' }))}: ${text(post.summary)}`,
          tags.length > 0 ? words.tags(tags) : '',
        ]
          .filter(Boolean)
          .join(' '),
        source: words.writing,
        project: '',
        section: text(post.title),
        url: paths.post(post.slug),
        kind: 'text',
      }
    })
}

/**
 * One project's passages, and its headlines: the names its case study gives things (features,
 * entities, diagrams, endpoints, bold leads), what tells it from other projects in a few words.
 */
export function projectParts(
  project: ChatProject,
  words: PassageWords = englishPassageWords,
): { passages: PassageDraft[]; headlines: string[] } {
  const id = text(project.id)
  const source = text(project.title)
  const page = paths.project(id)
  const out: PassageDraft[] = []
  const headlines: string[] = []
  const add: Add = (title, body, section, anchor, kind = 'text', headline = '') => {
    if (headline) headlines.push(headline)
    if (body)
      out.push({ title, text: body, source, project: id, section, url: anchor ? `${page}#${anchor}` : page, kind })
  }
  add(source, text(project.description), '', '')
  const tech = strings(project.tech)
  // The card's tech list, unless a tech-stack section lists it all again (each of its groups is a passage).
  const listed = new Set(stackItems(project).map((item) => item.toLowerCase()))
  const unlisted = tech.filter((item) => !listed.has(item.toLowerCase()))
  if (unlisted.length > 0) add(words.tech, words.uses(source, unlisted), '', '', 'tech')
  const achievements = strings(project.achievements)
  if (achievements.length > 0) add(words.achievements, `${achievements.join('. ')}.`, '', '')
  if (project.metrics)
    add(
      words.metrics,
      Object.entries(project.metrics)
        .map(([label, value]) => `${label}: ${String(value)}`)
        .join('; '),
      '',
      '',
    )
  audiencePassage(project, source, add, words)
  const demo = project.demo
  if (demo) {
    add(words.demoLogin, words.demo(text(demo.email), text(demo.password), text(demo.reset)), '', '')
  }
  // Where it runs and where its code is: the card's and header's two links, which no section states
  // ("where can I try it", "is the code on GitHub").
  const live = text(project.liveUrl)
  if (live) add(words.linksTitle, words.links(source, live, text(project.githubUrl)), '', '')
  // The closing call to action only invites the reader to the demo and the code (the links and demo login above).
  project.sections.forEach((section, s) => {
    if (section.kind !== 'call-to-action') sectionPassages(section, project.blocks[s] ?? {}, source, add, words)
  })
  return { passages: out, headlines }
}

/**
 * Who the project is for, as its header lists it ("Built for: Users (businesses looking for
 * space); Partners (…)"): what answers "who is it for". Its own kind, so that question finds it among
 * passages that match the project's name as well, and "what do partners do" does not (it names the
 * roles, not their rights).
 */
function audiencePassage(project: ChatProject, source: string, add: Add, words: PassageWords): void {
  const groups = strings(project.audience)
  if (groups.length > 0) add(words.builtForTitle, words.builtFor(source, groups), '', '', 'audience')
}

/** The items of a project's tech-stack sections, in order. */
function stackItems(project: ChatProject): string[] {
  return project.sections.flatMap((section) =>
    section.kind === 'tech-stack' ? section.groups.flatMap((group) => strings(group.items)) : [],
  )
}

/** Every technology a project lists, its card's first, then its tech-stack sections', each once (ignoring case). */
export function projectTech(project: ChatProject): string[] {
  const seen = new Set<string>()
  return [...strings(project.tech), ...stackItems(project)].filter((item) => {
    const key = item.toLowerCase()
    return !seen.has(key) && Boolean(seen.add(key))
  })
}

/**
 * The values an entity's field may take, when its type or constraints list them (`ENUM('a','b')`,
 * `enum: a, b; default a`): a reader asking "what statuses can it have" wants the list.
 */
function enumValues(type: string, constraints: string): string[] {
  const listed = /^enum\s*\((.*)\)\s*$/i.exec(type)?.[1] ?? /\benum\s*:\s*([^;]+)/i.exec(constraints)?.[1]
  return (listed ?? '')
    .split(',')
    .map((value) => value.trim().replace(/^['"]|['"]$/g, ''))
    .filter(Boolean)
}

/** `headline`: a name the case study gives what the passage tells (see projectParts). */
type Add = (
  title: string,
  body: string,
  section: string,
  anchor: string,
  kind?: Place['kind'],
  headline?: string,
) => void

function sectionPassages(
  section: RenderedSection,
  blocks: SectionBlocks,
  source: string,
  add: Add,
  words: PassageWords,
): void {
  const title = text(section.title)
  const anchor = text(section.id)
  const put: Put = (headline, body, kind, named = headline) => add(headline || title, body, title, anchor, kind, named)
  for (const prose of [blocks.intro, blocks.body]) {
    for (const block of prose ?? []) {
      // "**AuthStack** is…": a lead that only names the project is no headline.
      const lead = block.lead.toLowerCase() === source.toLowerCase() ? '' : block.lead
      // A list's items are named in its headline too: "what do partners do" finds the list that leads with them.
      const headline = block.itemLeads.length > 0 ? [lead || title, ...block.itemLeads].join(' ') : lead
      put(headline, block.text, 'text', lead)
    }
  }
  switch (section.kind) {
    case 'features':
      for (const item of section.items)
        put(text(item.title), [text(item.title), text(item.description)].filter(Boolean).join(': '))
      break
    case 'tech-stack':
      for (const group of section.groups)
        put(`${text(group.name)} ${title}`, `${text(group.name)}: ${strings(group.items).join(', ')}.`, 'tech', '')
      break
    case 'diagrams':
      for (const diagram of section.diagrams)
        put(text(diagram.title), [text(diagram.title), text(diagram.caption)].filter(Boolean).join(': '))
      break
    case 'endpoints':
      // "endpoint" in its headline: what a visitor calls the row ("which endpoint approves…").
      for (const endpoint of section.endpoints)
        put(
          words.endpoint(text(endpoint.method), text(endpoint.path)),
          `${text(endpoint.method)} ${text(endpoint.path)}: ${text(endpoint.summary)}${text(endpoint.auth) ? ` (${words.auth[text(endpoint.auth)] ?? text(endpoint.auth)})` : ''}`,
          'row',
          text(endpoint.path),
        )
      break
    case 'database':
      databasePassages(section, put, words)
      break
    case 'test-cards': {
      // Test cards are short: one passage for all of a section's.
      const cards = section.cards.map((card) => `${text(card.network)} ${text(card.number)} (${text(card.outcome)})`)
      if (cards.length > 0) put(words.testCards, words.testCardsList(cards), 'row', '')
      break
    }
  }
}

type Put = (headline: string, body: string, kind?: Place['kind'], named?: string) => void

/** A database section's entities, one passage each, and its relations, one passage for all. */
function databasePassages(
  section: Extract<RenderedSection, { kind: 'database' }>,
  put: Put,
  words: PassageWords,
): void {
  for (const entity of section.entities) {
    // Names, notes, enum values and defaults: what a reader asks about. Column types and constraints are noise here.
    const fields = entity.fields.map((field) => {
      const constraints = text(field.constraints)
      const fallback = /\bdefault\s+('[^']*'|\S+)/i.exec(constraints)?.[1]
      const values = enumValues(text(field.type), constraints)
      const details = [
        values.length > 0 ? words.oneOf(values) : '',
        /unique/i.test(constraints) ? words.unique : '',
        fallback ? words.defaultValue(fallback) : '',
        text(field.note),
      ].filter(Boolean)
      return details.length > 0 ? `${text(field.name)} (${details.join(', ')})` : text(field.name)
    })
    put(
      words.table(text(entity.name)),
      words.entity(text(entity.name), text(entity.description), fields),
      'row',
      text(entity.name),
    )
  }
  // Relations are short: one passage for all of a section's.
  const relations = (section.relations ?? []).map(
    (r) =>
      `${words.relation(text(r.from), text(r.to), text(r.cardinality))}${text(r.note) ? ` (${text(r.note)})` : ''}`,
  )
  if (relations.length > 0) put(words.relations, words.relationsList(relations), 'row', '')
}
