import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { careerJsonLd } from '../../site/src/career-json-ld.ts'
import { CareerSection, type CareerContent } from '../../site/src/components/career-section.tsx'
import { formatDate, formatPeriod } from '../../site/src/period.ts'

const render = (content: CareerContent) => renderToStaticMarkup(createElement(CareerSection, { content }))
/** The visible text of some markup, tags dropped, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
const headings = (html: string) => [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1])

const FULL: CareerContent = {
  experience: [
    {
      role: 'Full-Stack Developer',
      organisation: 'Northwind',
      start: '2024-01',
      summary: 'Builds the booking platform.',
      highlights: ['Cut checkout time by half'],
    },
    { role: 'Operations Lead', organisation: 'Contoso', start: '2016', end: '2023-12' },
    { role: 'Freelance', duration: '2 years' },
  ],
  education: [
    { qualification: 'B.Com.', area: 'Finance', institution: 'University of Example', start: '2012', end: '2015' },
  ],
  certifications: [
    { name: 'Cloud Developer', issuer: 'Example Cloud', date: '2024-06', url: 'https://example.com/verify/1' },
    { name: 'Scrum Basics', issuer: 'Example Academy', date: '2023' },
  ],
  publications: [{ title: 'Signed webhooks', venue: 'Example Blog', date: '2024-08', url: 'https://example.com/w' }],
}

describe('the career on the home page', () => {
  it('renders nothing when the content has none of the lists', () => {
    expect(render({})).toBe('')
  })

  it('shows experience alone, as the shipped content has it: role, period (a duration) and highlights', () => {
    const html = render({
      experience: [{ role: 'Full-Stack Developer', duration: '1 year', highlights: ['Built logic-i'] }],
    })
    expect(headings(html)).toEqual(['Experience'])
    expect(text(html)).toBe('Experience Full-Stack Developer Built logic-i 1 year')
  })

  it('shows each list under its heading, in order, only when present, with organisations, periods and dates', () => {
    const html = render(FULL)
    expect(headings(html)).toEqual(['Experience', 'Education', 'Certifications', 'Publications'])
    const shown = text(html)
    for (const part of [
      'Full-Stack Developer Northwind Builds the booking platform. Cut checkout time by half Jan 2024 – Present',
      'Operations Lead Contoso 2016 – Dec 2023',
      'Freelance 2 years',
      'B.Com., Finance University of Example 2012 – 2015',
      'Cloud Developer (opens in a new tab) Example Cloud · Jun 2024',
      'Scrum Basics Example Academy · 2023',
      'Signed webhooks (opens in a new tab) Example Blog · Aug 2024',
    ])
      expect(shown).toContain(part)
    expect(shown).not.toContain('Talks')
  })

  it('links an entry with a url to it in a new tab, and only those', () => {
    const links = [...render(FULL).matchAll(/<a [^>]*>/g)].map((m) => m[0])
    expect(links).toEqual([
      '<a href="https://example.com/verify/1" target="_blank" rel="noopener noreferrer">',
      '<a href="https://example.com/w" target="_blank" rel="noopener noreferrer">',
    ])
  })

  it('gives machine-readable dates to certifications, publications and talks', () => {
    const html = render({ talks: [{ title: 'Payments', event: 'Example Meetup', date: '2024-10' }] })
    expect(html).toContain('<time dateTime="2024-10">Oct 2024</time>')
  })
})

describe('dates as people read them', () => {
  it('formats years, months, open ends and durations', () => {
    expect(formatDate('2019')).toBe('2019')
    expect(formatDate('2019-04')).toBe('Apr 2019')
    expect(formatDate('present')).toBe('Present')
    expect(formatPeriod({ start: '2019-04' })).toBe('Apr 2019 – Present')
    expect(formatPeriod({ start: '2017', end: '2020' })).toBe('2017 – 2020')
    expect(formatPeriod({ duration: '7+ years' })).toBe('7+ years')
    expect(formatPeriod({})).toBeUndefined()
    // In another language: its month names, and its word for "present".
    expect(formatPeriod({ start: '2019-04' }, { lang: 'fr', present: 'Aujourd’hui' })).toBe('avr. 2019 – Aujourd’hui')
    expect(formatDate('2019-04', { lang: 'hi', present: 'वर्तमान' })).toBe('अप्रैल 2019')
  })
})

describe('the Person in the structured data', () => {
  it('gains nothing when the content has no organisation, school or certification (the shipped content)', () => {
    expect(careerJsonLd({ experience: [{ role: 'Full-Stack Developer', duration: '1 year' }] })).toEqual({})
  })

  it('works for the organisations of ongoing entries, is alumnus of the schools and holds the certifications', () => {
    expect(careerJsonLd(FULL)).toEqual({
      worksFor: [{ '@type': 'Organization', name: 'Northwind' }],
      alumniOf: [{ '@type': 'EducationalOrganization', name: 'University of Example' }],
      hasCredential: [
        {
          '@type': 'EducationalOccupationalCredential',
          name: 'Cloud Developer',
          credentialCategory: 'certificate',
          recognizedBy: { '@type': 'Organization', name: 'Example Cloud' },
          dateCreated: '2024-06',
          url: 'https://example.com/verify/1',
        },
        {
          '@type': 'EducationalOccupationalCredential',
          name: 'Scrum Basics',
          credentialCategory: 'certificate',
          recognizedBy: { '@type': 'Organization', name: 'Example Academy' },
          dateCreated: '2023',
        },
      ],
    })
  })

  it('counts an entry ending "present" as ongoing, and names an organisation once', () => {
    const data = careerJsonLd({
      experience: [
        { role: 'Lead', organisation: 'Acme', start: '2022', end: 'present' },
        { role: 'Developer', organisation: 'Acme', start: '2020' },
      ],
    })
    expect(data.worksFor).toEqual([{ '@type': 'Organization', name: 'Acme' }])
  })
})
