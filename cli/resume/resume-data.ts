import type { CheckedContent } from '../content/check-content.ts'
import type { Portfolio } from '../content/content-types.ts'
import { encodePointer } from '../diagnostics/json-pointer.ts'
import { absoluteUrl, paths } from '../../site/src/paths.ts'
import { textDirection } from '../../site/src/i18n/languages.ts'
import { formatDate, formatPeriod, type DateWords } from '../../site/src/period.ts'
import { fontOrder, scriptOf } from '../social/script-fonts.ts'
import { resumeWords, type ResumeWords } from './resume-words.ts'

/** One text of the resume and where it comes from, so a problem with it can be located. */
export interface TextSource {
  file: string
  pointer: string
  text: string
}

export interface ResumeLink {
  label: string
  url: string
}

export interface ResumeEntry {
  title: string
  subtitle?: string
  /** "Apr 2019 – Present", "2017 – 2020" or a duration such as "7+ years". */
  period?: string
  summary?: string
  highlights: string[]
  /** The raw dates (YYYY, YYYY-MM, "present") and field of study, for JSON Resume. */
  start?: string
  end?: string
  area?: string
}

/** A certification, publication or talk: what it is, who issued or hosted it, when, and where to see it. */
export interface ResumeItem {
  title: string
  /** The issuer, venue or event. */
  subtitle: string
  /** As printed: "May 2023". */
  period: string
  /** As written ("2023-05"), for JSON Resume. */
  date: string
  url?: string
}

export interface ResumeProject {
  title: string
  description: string
  tech: string[]
  live: ResumeLink
  source?: ResumeLink
  achievements: string[]
}

/** The Latin font of the resume (Source Sans 3, see typeset.ts), before and after which the script fonts go. */
export const RESUME_LATIN_FAMILY = 'Source Sans 3'

/** How Typst sets the resume's text in its language (`set text(...)`). */
export interface ResumeText {
  /** ISO 639 language and ISO 3166 region, as Typst takes them (`pt` and `BR` of `pt-BR`). */
  lang: string
  region?: string
  dir: 'ltr' | 'rtl'
  /** The font families in the order tried: the language's script's first. */
  fonts: string[]
  /** Whether headings are letter-spaced: never in a script whose letters join (Arabic) or hang from one line (Devanagari). */
  tracking: boolean
}

/** The headings and labels the template prints, in the resume's language (resume-words.ts). */
export type ResumeHeadings = Omit<ResumeWords, 'present' | 'photoAlt' | 'subject'>

/** Everything the template prints, as plain JSON (it goes to Typst through sys.inputs). */
export interface ResumeData {
  /** The BCP 47 tag of the resume's language (JSON Resume's meta.language). */
  language: string
  text: ResumeText
  headings: ResumeHeadings
  paper: 'a4' | 'us-letter'
  name: string
  role: string
  location?: string
  email: ResumeLink
  links: ResumeLink[]
  summary?: string
  claims: { value: string; label: string }[]
  experience: ResumeEntry[]
  projects: ResumeProject[]
  skills: { name: string; items: string[] }[]
  education: ResumeEntry[]
  /** Present only when the content has the list, so a resume without them keeps its bytes. */
  certifications?: ResumeItem[]
  publications?: ResumeItem[]
  talks?: ResumeItem[]
  /** The photo as the template reads it (see typeset.ts) and its description for the tagged PDF. */
  photo?: { file: string; alt: string }
  /** Document metadata. */
  subject: string
  keywords: string[]
}

/** What resume.* chooses; absent keys take the schema's defaults. */
export interface ResumeChoices {
  /** A hand-made PDF in public/: then nothing is generated. */
  file?: string
  summary: boolean
  claims: boolean
  skills: boolean
  projects?: string[]
  pageSize: 'A4' | 'Letter'
  /** An image in public/ shown beside the name; none by default. */
  photo?: string
}

/** Projects a resume lists when resume.projects does not choose: more rarely fit two pages. */
const DEFAULT_PROJECT_COUNT = 6

export function readChoices(portfolio: { resume?: Portfolio['resume'] }): ResumeChoices {
  const resume: Partial<Portfolio['resume']> = portfolio.resume ?? {}
  return {
    ...(resume.file !== undefined ? { file: resume.file } : {}),
    summary: resume.summary !== false,
    claims: resume.claims !== false,
    skills: resume.skills !== false,
    ...(resume.projects ? { projects: resume.projects } : {}),
    pageSize: resume.pageSize === 'Letter' ? 'Letter' : 'A4',
    ...(resume.photo !== undefined ? { photo: resume.photo } : {}),
  }
}

type Entry = NonNullable<Portfolio['experience'] | Portfolio['education']>[number]

/** "https://www.linkedin.com/in/jane/" → "linkedin.com/in/jane": what a reader types, printed. */
function shortUrl(url: string): string {
  return url.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')
}

const PORTFOLIO_FILE = 'portfolio.yaml'

/** Collects each text the resume prints with its place, for the font's coverage check. */
class Texts {
  readonly list: TextSource[] = []

  take<T extends string | undefined>(file: string, path: (string | number)[], value: T): T {
    if (value !== undefined) this.list.push({ file, pointer: encodePointer(path), text: value })
    return value
  }

  /** A text of portfolio.yaml. */
  own<T extends string | undefined>(path: (string | number)[], value: T): T {
    return this.take(PORTFOLIO_FILE, path, value)
  }
}

/**
 * The resume's data from the checked content, and every text it prints with the place it comes from
 * (for the font's coverage check). Markdown fields are left out: a resume prints plain text.
 */
export function resumeData(
  content: CheckedContent,
  choices: ResumeChoices,
  base = '/',
  language = content.portfolio.site.language ?? 'en',
): { data: ResumeData; texts: TextSource[] } {
  // The texts are taken in the order they have always been checked in (and their problems reported).
  const texts = new Texts()
  const p = content.portfolio
  const { present, photoAlt: _photoAlt, subject, ...headings } = resumeWords(language)
  const dates: DateWords = { lang: language, present }
  const name = texts.own(['owner', 'name'], p.owner.name)
  const projects = resumeProjects(content, choices, texts)
  const skills = choices.skills
    ? p.techStack.groups.map((group, i) => ({
        name: texts.own(['techStack', 'groups', i, 'name'], group.name),
        items: group.items.map((item, j) => texts.own(['techStack', 'groups', i, 'items', j], item)),
      }))
    : []
  const claims = choices.claims
    ? p.hero.claims.map((claim, i) => ({
        value: texts.own(['hero', 'claims', i, 'value'], claim.value),
        label: texts.own(['hero', 'claims', i, 'label'], claim.label),
      }))
    : []
  const summary = choices.summary ? texts.own(['hero', 'tagline'], p.hero.tagline) : undefined
  const role = texts.own(['owner', 'role'], p.owner.role)
  const location = texts.own(['owner', 'location'], p.owner.location)
  const data: ResumeData = {
    language,
    text: resumeText(language),
    headings,
    paper: choices.pageSize === 'Letter' ? 'us-letter' : 'a4',
    name,
    role,
    ...(location ? { location } : {}),
    email: { label: p.contact.email.replace(/^mailto:/, ''), url: p.contact.email },
    links: [p.site.url, p.links.github, p.links.linkedin].filter(Boolean).map((url) => ({ label: shortUrl(url), url })),
    ...(summary ? { summary } : {}),
    claims,
    experience: (p.experience ?? []).map((entry, i) => resumeEntry(entry, ['experience', i], texts, dates)),
    projects,
    skills,
    education: (p.education ?? []).map((entry, i) => resumeEntry(entry, ['education', i], texts, dates)),
    ...(p.certifications
      ? { certifications: p.certifications.map((c, i) => resumeItem(c, ['certifications', i], texts, dates)) }
      : {}),
    ...publicationsOf(content, texts, base, dates),
    ...(p.talks ? { talks: p.talks.map((c, i) => resumeItem(c, ['talks', i], texts, dates)) } : {}),
    subject: subject(name, role),
    keywords: [role, ...skills.flatMap((group) => group.items)],
  }
  return { data, texts: texts.list }
}

/** The photo's description in the resume's language. */
export function photoAlt(data: Pick<ResumeData, 'language' | 'name'>): string {
  return resumeWords(data.language).photoAlt(data.name)
}

/** Typst's settings for the language: its ISO codes, direction, fonts (script fonts from script-fonts.ts). */
function resumeText(tag: string): ResumeText {
  const locale = new Intl.Locale(tag)
  const script = scriptOf(tag)
  return {
    lang: locale.language,
    // Typst takes a two-letter region only (not "419").
    ...(locale.region && /^[A-Z]{2}$/.test(locale.region) ? { region: locale.region } : {}),
    dir: textDirection(tag),
    fonts: fontOrder(tag, RESUME_LATIN_FAMILY, (font) => font.family),
    tracking: script === 'Latn' || script === 'Grek' || script === 'Cyrl',
  }
}

/** An experience entry (role at organisation) or an education entry (qualification at institution). */
function resumeEntry(
  entry: Entry,
  at: ['experience' | 'education', number],
  texts: Texts,
  dates: DateWords,
): ResumeEntry {
  const take = (key: string, value: string | undefined) => texts.own([...at, key], value)
  const experience = 'role' in entry ? entry : undefined
  const education = 'qualification' in entry ? entry : undefined
  const title = experience ? take('role', experience.role) : take('qualification', education?.qualification)
  const subtitle = experience
    ? take('organisation', experience.organisation)
    : take('institution', education?.institution)
  const area = take('area', education?.area)
  const period = take(entry.start !== undefined ? 'start' : 'duration', formatPeriod(entry, dates))
  const summary = take('summary', experience?.summary)
  const highlights = (experience?.highlights ?? []).map((h, j) => texts.own([...at, 'highlights', j], h))
  return {
    title: String(title),
    ...(subtitle ? { subtitle } : {}),
    ...(period ? { period } : {}),
    ...(summary ? { summary } : {}),
    highlights,
    ...(entry.start ? { start: entry.start } : {}),
    ...(entry.end ? { end: entry.end } : {}),
    ...(area ? { area } : {}),
  }
}

type Item =
  | NonNullable<Portfolio['certifications']>[number]
  | NonNullable<Portfolio['publications']>[number]
  | NonNullable<Portfolio['talks']>[number]

/** A certification (name, issuer), publication (title, venue) or talk (title, event). */
function resumeItem(item: Item, at: [string, number], texts: Texts, dates: DateWords): ResumeItem {
  const [titleKey, title] = 'name' in item ? ['name', item.name] : ['title', item.title]
  const [subtitleKey, subtitle] =
    'issuer' in item ? ['issuer', item.issuer] : 'venue' in item ? ['venue', item.venue] : ['event', item.event]
  return {
    title: texts.own([...at, titleKey], title),
    subtitle: texts.own([...at, subtitleKey], subtitle),
    period: texts.own([...at, 'date'], formatDate(item.date, dates)),
    date: item.date,
    ...(item.url ? { url: item.url } : {}),
  }
}

/**
 * The publications: those of `publications`, then the posts resume.publications names (the rules
 * made sure each is a post that is built), each linked where it was first published, else at its
 * page on the site (under the site's base path). A post's title is located at its entry in
 * resume.publications, where the owner chose to print it.
 */
function publicationsOf(
  content: CheckedContent,
  texts: Texts,
  base: string,
  dates: DateWords,
): Pick<ResumeData, 'publications'> {
  const p = content.portfolio
  const items = (p.publications ?? []).map((item, i) => resumeItem(item, ['publications', i], texts, dates))
  const posts = new Map(content.posts.map(({ slug, post }) => [slug, post]))
  const venue = shortUrl(p.site.url)
  p.resume?.publications?.forEach((slug, i) => {
    const post = posts.get(slug)
    if (!post) return
    items.push({
      title: texts.own(['resume', 'publications', i], post.title),
      subtitle: venue,
      period: formatDate(post.published, dates),
      date: post.published,
      url: post.canonical ?? absoluteUrl(p.site.url, base, paths.post(slug)),
    })
  })
  return items.length > 0 ? { publications: items } : {}
}

/** resume.projects in their order, else the first projects of the content. */
function resumeProjects(content: CheckedContent, choices: ResumeChoices, texts: Texts): ResumeProject[] {
  const byId = new Map(content.projects.map((project) => [project.id, project]))
  const chosen = choices.projects ?? content.projects.slice(0, DEFAULT_PROJECT_COUNT).map((project) => project.id)
  return chosen.flatMap((id): ResumeProject[] => {
    const project = byId.get(id)
    if (!project) return []
    const file = `projects/${id}.yaml`
    const list = (key: 'tech' | 'achievements') =>
      (project[key] ?? []).map((value, i) => texts.take(file, [key, i], value))
    const live = project.liveUrl
    const source = project.githubUrl
    return [
      {
        title: texts.take(file, ['title'], project.title),
        description: texts.take(file, ['description'], project.description),
        tech: list('tech'),
        live: { label: shortUrl(live), url: live },
        ...(source ? { source: { label: shortUrl(source), url: source } } : {}),
        achievements: list('achievements'),
      },
    ]
  })
}
