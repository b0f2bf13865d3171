import type { CheckedContent } from '../content/check-content.ts'
import { encodePointer, isRecord } from '../diagnostics/json-pointer.ts'
import { formatDate, formatPeriod } from '../../site/src/period.ts'

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

/** Everything the template prints, as plain JSON (it goes to Typst through sys.inputs). */
export interface ResumeData {
  language: string
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
export const DEFAULT_PROJECT_COUNT = 6

export function readChoices(portfolio: Record<string, unknown>): ResumeChoices {
  const resume = isRecord(portfolio.resume) ? portfolio.resume : {}
  return {
    ...(typeof resume.file === 'string' ? { file: resume.file } : {}),
    summary: resume.summary !== false,
    claims: resume.claims !== false,
    skills: resume.skills !== false,
    ...(Array.isArray(resume.projects) ? { projects: resume.projects.map(String) } : {}),
    pageSize: resume.pageSize === 'Letter' ? 'Letter' : 'A4',
    ...(typeof resume.photo === 'string' ? { photo: resume.photo } : {}),
  }
}

/** "https://www.linkedin.com/in/jane/" → "linkedin.com/in/jane": what a reader types, printed. */
function shortUrl(url: string): string {
  return url.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')
}

/**
 * The resume's data from the checked content, and every text it prints with the place it comes from
 * (for the font's coverage check). Markdown fields are left out: a resume prints plain text.
 */
export function resumeData(content: CheckedContent, choices: ResumeChoices): { data: ResumeData; texts: TextSource[] } {
  const texts: TextSource[] = []
  const portfolioFile = 'portfolio.yaml'
  const take = <T extends string | undefined>(file: string, path: (string | number)[], value: T): T => {
    if (value !== undefined) texts.push({ file, pointer: encodePointer(path), text: value })
    return value
  }
  const p = content.portfolio as Record<string, Record<string, unknown>>
  const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
  const owner = p.owner ?? {}
  const links = p.links ?? {}
  const email = String(p.contact?.email ?? '')
  const site = String(p.site?.url ?? '')
  const name = take(portfolioFile, ['owner', 'name'], String(owner.name))

  const entries = (list: 'experience' | 'education'): ResumeEntry[] => {
    const raw = content.portfolio[list]
    if (!Array.isArray(raw)) return []
    return raw.filter(isRecord).map((entry, i) => {
      const at = (key: string, value: unknown) => take(portfolioFile, [list, i, key], str(value))
      const title = list === 'experience' ? at('role', entry.role) : at('qualification', entry.qualification)
      const subtitle =
        list === 'experience' ? at('organisation', entry.organisation) : at('institution', entry.institution)
      const area = at('area', entry.area)
      const period = at(typeof entry.start === 'string' ? 'start' : 'duration', formatPeriod(entry))
      const summary = at('summary', entry.summary)
      const highlights = (Array.isArray(entry.highlights) ? entry.highlights : []).map((h: unknown, j) =>
        take(portfolioFile, [list, i, 'highlights', j], String(h)),
      )
      const raw = {
        ...(str(entry.start) ? { start: str(entry.start) } : {}),
        ...(str(entry.end) ? { end: str(entry.end) } : {}),
        ...(area ? { area } : {}),
      }
      return {
        title: String(title),
        ...(subtitle ? { subtitle } : {}),
        ...(period ? { period } : {}),
        ...(summary ? { summary } : {}),
        highlights,
        ...raw,
      }
    })
  }

  const items = (list: 'certifications' | 'publications' | 'talks', subtitleKey: string, titleKey: string) => {
    const raw = content.portfolio[list]
    if (!Array.isArray(raw)) return {}
    const listed = raw.filter(isRecord).map((entry, i): ResumeItem => {
      const date = String(entry.date)
      const url = str(entry.url)
      return {
        title: String(take(portfolioFile, [list, i, titleKey], str(entry[titleKey]))),
        subtitle: String(take(portfolioFile, [list, i, subtitleKey], str(entry[subtitleKey]))),
        period: take(portfolioFile, [list, i, 'date'], formatDate(date)),
        date,
        ...(url ? { url } : {}),
      }
    })
    return { [list]: listed }
  }

  const byId = new Map(content.projects.map((project) => [String(project.id), project]))
  const chosen =
    choices.projects ?? content.projects.slice(0, DEFAULT_PROJECT_COUNT).map((project) => String(project.id))
  const projects = chosen.flatMap((id): ResumeProject[] => {
    const project = byId.get(id)
    if (!project) return []
    const file = `projects/${id}.yaml`
    const list = (key: string) =>
      Array.isArray(project[key])
        ? (project[key] as unknown[]).map((value, i) => take(file, [key, i], String(value)))
        : []
    const live = String(project.liveUrl)
    const source = str(project.githubUrl)
    return [
      {
        title: take(file, ['title'], String(project.title)),
        description: take(file, ['description'], String(project.description)),
        tech: list('tech'),
        live: { label: shortUrl(live), url: live },
        ...(source ? { source: { label: shortUrl(source), url: source } } : {}),
        achievements: list('achievements'),
      },
    ]
  })

  const groups = Array.isArray(p.techStack?.groups) ? (p.techStack.groups as unknown[]).filter(isRecord) : []
  const skills = choices.skills
    ? groups.map((group, i) => ({
        name: take(portfolioFile, ['techStack', 'groups', i, 'name'], String(group.name)),
        items: (Array.isArray(group.items) ? group.items : []).map((item: unknown, j) =>
          take(portfolioFile, ['techStack', 'groups', i, 'items', j], String(item)),
        ),
      }))
    : []
  const claims =
    choices.claims && Array.isArray(p.hero?.claims)
      ? (p.hero.claims as unknown[]).filter(isRecord).map((claim, i) => ({
          value: take(portfolioFile, ['hero', 'claims', i, 'value'], String(claim.value)),
          label: take(portfolioFile, ['hero', 'claims', i, 'label'], String(claim.label)),
        }))
      : []
  const summary = choices.summary ? take(portfolioFile, ['hero', 'tagline'], str(p.hero?.tagline)) : undefined
  const role = take(portfolioFile, ['owner', 'role'], String(owner.role))
  const location = take(portfolioFile, ['owner', 'location'], str(owner.location))
  const data: ResumeData = {
    language: str(p.site?.language) ?? 'en',
    paper: choices.pageSize === 'Letter' ? 'us-letter' : 'a4',
    name,
    role,
    ...(location ? { location } : {}),
    email: { label: email.replace(/^mailto:/, ''), url: email },
    links: [site, str(links.github), str(links.linkedin)]
      .filter((url): url is string => Boolean(url))
      .map((url) => ({ label: shortUrl(url), url })),
    ...(summary ? { summary } : {}),
    claims,
    experience: entries('experience'),
    projects,
    skills,
    education: entries('education'),
    ...items('certifications', 'issuer', 'name'),
    ...items('publications', 'venue', 'title'),
    ...items('talks', 'event', 'title'),
    subject: `Resume of ${name}, ${role}`,
    keywords: [role, ...skills.flatMap((group) => group.items)],
  }
  return { data, texts }
}
