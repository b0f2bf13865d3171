import { markupKey } from '../deferred-markup.ts'
import { sectionTitleId } from '../paths.ts'
import type { RenderedProject, RenderedSection } from '../generated/types.ts'
import { useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { DatabaseSchema } from './database-schema.tsx'
import { DiagramFigure } from './diagram-figure.tsx'
import { EndpointTable } from './endpoint-table.tsx'
import { FeaturesList } from './features-list.tsx'
import { Gallery } from './gallery.tsx'
import { HtmlBlock } from './html-block.tsx'
import { ProjectLinks } from './project-links.tsx'
import { StackGroups } from './stack-groups.tsx'
import { TestCardList } from './test-card-list.tsx'

/** One case-study section: its anchor, its h2 and a body chosen by `kind`. */
export function CaseStudySection({ section, project }: { section: RenderedSection; project: RenderedProject }) {
  const titleId = sectionTitleId(section.id)
  const key = (field: string) => markupKey(project.id, `${section.id}/${field}`)
  return (
    <section id={section.id} className="case-section" data-kind={section.kind} tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      {'intro' in section && section.intro ? (
        <HtmlBlock html={section.intro} className="prose case-section__intro" markupKey={key('intro')} />
      ) : null}
      <SectionBody section={section} project={project} />
    </section>
  )
}

function SectionBody({ section, project }: { section: RenderedSection; project: RenderedProject }) {
  const strings = useStrings()
  const key = (field: string) => markupKey(project.id, `${section.id}/${field}`)
  switch (section.kind) {
    case 'prose':
      return <HtmlBlock html={section.body} markupKey={key('body')} />
    case 'features':
      return <FeaturesList items={section.items} />
    case 'tech-stack':
      return <StackGroups groups={section.groups} />
    case 'diagrams':
      return (
        <div className="diagrams">
          {section.diagrams.map((diagram, index) => (
            <DiagramFigure key={diagram.title} diagram={diagram} markupKey={key(`diagram-${index}`)} />
          ))}
        </div>
      )
    case 'database':
      return <DatabaseSchema section={section} diagramKey={key('er-diagram')} />
    case 'endpoints':
      return (
        <EndpointTable endpoints={section.endpoints} label={fill(strings.sectionTable, { title: section.title })} />
      )
    case 'test-cards':
      return <TestCardList cards={section.cards} />
    case 'gallery':
      return (
        <>
          {section.summary ? (
            <HtmlBlock html={section.summary} className="prose case-section__intro" markupKey={key('summary')} />
          ) : null}
          <Gallery images={project.media ?? []} />
        </>
      )
    case 'call-to-action':
      return (
        <div className="card cta">
          <HtmlBlock html={section.body} markupKey={key('body')} />
          <ProjectLinks project={project} />
        </div>
      )
  }
}
