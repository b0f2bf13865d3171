import type { ResumeData, ResumeEntry } from './resume-data.ts'

/** The JSON Resume schema's own URL, named in every document so editors and themes validate it. */
const JSON_RESUME_SCHEMA = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json'

/** A JSON Resume period: ISO dates ("2019", "2019-04") when known; a duration has no field of its own. */
function dates(entry: { start?: string; end?: string }): { startDate?: string; endDate?: string } {
  return {
    ...(entry.start ? { startDate: entry.start } : {}),
    ...(entry.end && entry.end !== 'present' ? { endDate: entry.end } : {}),
  }
}

const NETWORKS: [RegExp, string][] = [
  [/github\.com/, 'GitHub'],
  [/gitlab\.com/, 'GitLab'],
  [/linkedin\.com/, 'LinkedIn'],
]

/** The profile's network as JSON Resume names it ("GitHub"), from its host; the host itself otherwise. */
function networkOf(url: string): string {
  return NETWORKS.find(([pattern]) => pattern.test(url))?.[1] ?? new URL(url).hostname
}

function usernameOf(url: string): string {
  return new URL(url).pathname.split('/').filter(Boolean).pop() ?? ''
}

/**
 * The content as a JSON Resume document (https://jsonresume.org/schema): basics with profiles, work
 * from experience, projects with highlights and keywords, skills from the tech stack groups,
 * certificates and publications when the content lists them (JSON Resume has no field for talks).
 */
export function jsonResume(data: ResumeData): Record<string, unknown> {
  const [site, ...profiles] = data.links
  const work = data.experience.map((entry: ResumeEntry) => ({
    ...(entry.subtitle ? { name: entry.subtitle } : {}),
    position: entry.title,
    ...dates(entry),
    // A duration ("7+ years") has no field of its own in JSON Resume.
    ...(entry.start === undefined && entry.period
      ? { summary: [entry.period, entry.summary].filter(Boolean).join(': ') }
      : entry.summary
        ? { summary: entry.summary }
        : {}),
    highlights: entry.highlights,
  }))
  return {
    $schema: JSON_RESUME_SCHEMA,
    basics: {
      name: data.name,
      label: data.role,
      email: data.email.label,
      ...(site ? { url: site.url } : {}),
      ...(data.summary ? { summary: data.summary } : {}),
      ...(data.location ? { location: { address: data.location } } : {}),
      profiles: profiles.map((profile) => ({
        network: networkOf(profile.url),
        username: usernameOf(profile.url),
        url: profile.url,
      })),
    },
    work,
    education: data.education.map((entry) => ({
      institution: entry.subtitle ?? '',
      studyType: entry.title,
      ...(entry.area ? { area: entry.area } : {}),
      ...dates(entry),
    })),
    // Only when the content lists them, so a resume without them keeps its bytes.
    ...(data.certifications
      ? {
          certificates: data.certifications.map((item) => ({
            name: item.title,
            date: item.date,
            issuer: item.subtitle,
            ...(item.url ? { url: item.url } : {}),
          })),
        }
      : {}),
    ...(data.publications
      ? {
          publications: data.publications.map((item) => ({
            name: item.title,
            publisher: item.subtitle,
            releaseDate: item.date,
            ...(item.url ? { url: item.url } : {}),
          })),
        }
      : {}),
    skills: data.skills.map((group) => ({ name: group.name, keywords: group.items })),
    projects: data.projects.map((project) => ({
      name: project.title,
      description: project.description,
      highlights: project.achievements,
      keywords: project.tech,
      url: project.live.url,
    })),
    meta: { language: data.language },
  }
}
