import type { SitePortfolio } from './generated/types.ts'
import type { Json, JsonLd } from './json-ld.ts'

/**
 * What the career lists add to the home page's schema.org Person, where the content has it: the
 * organisations of the ongoing experience entries (worksFor), the institutions of education
 * (alumniOf) and the certifications (hasCredential). Nothing when the content has none of them.
 */
export function careerJsonLd(content: Pick<SitePortfolio, 'experience' | 'education' | 'certifications'>): JsonLd {
  const { experience = [], education = [], certifications = [] } = content
  const ongoing = experience.filter((entry) => entry.start && (entry.end === undefined || entry.end === 'present'))
  const organisations = (names: (string | undefined)[], type: string): Json[] =>
    [...new Set(names.filter((name): name is string => Boolean(name)))].map((name) => ({ '@type': type, name }))
  const worksFor = organisations(
    ongoing.map((entry) => entry.organisation),
    'Organization',
  )
  const alumniOf = organisations(
    education.map((entry) => entry.institution),
    'EducationalOrganization',
  )
  const hasCredential = certifications.map(
    (c): Json => ({
      '@type': 'EducationalOccupationalCredential',
      name: c.name,
      credentialCategory: 'certificate',
      recognizedBy: { '@type': 'Organization', name: c.issuer },
      dateCreated: c.date,
      ...(c.url ? { url: c.url } : {}),
    }),
  )
  return {
    ...(worksFor.length > 0 ? { worksFor } : {}),
    ...(alumniOf.length > 0 ? { alumniOf } : {}),
    ...(hasCredential.length > 0 ? { hasCredential } : {}),
  }
}
