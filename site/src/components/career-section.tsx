import type { SitePortfolio } from '../generated/types.ts'
import { useDateWords, useStrings } from '../i18n/language-context.ts'
import { formatDate, formatPeriod } from '../period.ts'
import { ExternalLink } from './external-link.tsx'

interface TimelineEntry {
  title: string
  place?: string
  period?: string
  summary?: string
  highlights: readonly string[]
}

interface ListedItem {
  title: string
  /** The issuer, venue or event. */
  by: string
  date: string
  url?: string
}

/** The lists of the content the career shows. */
export type CareerContent = Pick<
  SitePortfolio,
  'experience' | 'education' | 'certifications' | 'publications' | 'talks'
>

/**
 * The career inside the About section: experience and education as a timeline, then
 * certifications, publications and talks, each only when the content has it. Static markup: it
 * adds no state and no handler to the page.
 */
export function CareerSection({ content }: { content: CareerContent }) {
  const { experience = [], education = [], certifications = [], publications = [], talks = [] } = content
  const strings = useStrings()
  const words = useDateWords()
  const lists: { id: string; title: string; items: ListedItem[] }[] = [
    {
      id: 'certifications',
      title: strings.careerCertifications,
      items: certifications.map((c) => ({ title: c.name, by: c.issuer, date: c.date, url: c.url })),
    },
    {
      id: 'publications',
      title: strings.careerPublications,
      items: publications.map((p) => ({ title: p.title, by: p.venue, date: p.date, url: p.url })),
    },
    {
      id: 'talks',
      title: strings.careerTalks,
      items: talks.map((t) => ({ title: t.title, by: t.event, date: t.date, url: t.url })),
    },
  ].filter((list) => list.items.length > 0)
  if (experience.length === 0 && education.length === 0 && lists.length === 0) return null

  return (
    <div className="career">
      {experience.length > 0 ? (
        <Timeline
          id="experience"
          title={strings.careerExperience}
          entries={experience.map((e) => ({
            title: e.role,
            place: e.organisation,
            period: formatPeriod(e, words),
            summary: e.summary,
            highlights: e.highlights ?? [],
          }))}
        />
      ) : null}
      {education.length > 0 ? (
        <Timeline
          id="education"
          title={strings.careerEducation}
          entries={education.map((e) => ({
            title: e.area ? `${e.qualification}, ${e.area}` : e.qualification,
            place: e.institution,
            period: formatPeriod(e, words),
            highlights: [],
          }))}
        />
      ) : null}
      {lists.length > 0 ? (
        <div className="career__lists">
          {lists.map((list) => (
            <div key={list.id} className="career__group">
              <h3 id={`${list.id}-title`} className="career__heading">
                {list.title}
              </h3>
              <ul className="credentials" aria-labelledby={`${list.id}-title`}>
                {list.items.map((item) => (
                  <li key={`${item.title}/${item.date}`} className="credential">
                    <p className="credential__title">
                      {item.url ? <ExternalLink href={item.url}>{item.title}</ExternalLink> : item.title}
                    </p>
                    <p className="credential__meta">
                      {item.by}
                      <span aria-hidden="true"> · </span>
                      <time dateTime={item.date}>{formatDate(item.date, words)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  )
}

function Timeline({ id, title, entries }: { id: string; title: string; entries: TimelineEntry[] }) {
  return (
    <div className="career__group">
      <h3 id={`${id}-title`} className="career__heading">
        {title}
      </h3>
      <ol className="timeline" aria-labelledby={`${id}-title`}>
        {entries.map((entry, i) => (
          <li key={`${entry.title}/${i}`} className="timeline__entry">
            <div className="timeline__body">
              <h4 className="timeline__title">{entry.title}</h4>
              {entry.place ? <p className="timeline__place">{entry.place}</p> : null}
              {entry.summary ? <p className="timeline__summary">{entry.summary}</p> : null}
              {entry.highlights.length > 0 ? (
                <ul className="timeline__highlights">
                  {entry.highlights.map((highlight) => (
                    <li key={highlight}>{highlight}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            {entry.period ? <p className="timeline__period">{entry.period}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  )
}
