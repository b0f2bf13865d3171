import type { RenderedProject } from '../generated/types.ts'
import { CaseStudySection } from './case-study-section.tsx'
import { ProjectHeader } from './project-header.tsx'
import { TableOfContents } from './table-of-contents.tsx'

/** A whole case study. Loaded as its own chunk together with the project's data. */
export function CaseStudy({ project }: { project: RenderedProject }) {
  return (
    <article className="project-page">
      <ProjectHeader project={project} />
      <div className="container project-layout">
        <TableOfContents sections={project.sections} />
        <div className="project-sections">
          {project.sections.map((section) => (
            <CaseStudySection key={section.id} section={section} project={project} />
          ))}
        </div>
      </div>
    </article>
  )
}
