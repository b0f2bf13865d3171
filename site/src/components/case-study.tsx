import { Suspense } from 'react'
import { hasPosts } from '../generated/content.ts'
import type { RenderedProject } from '../generated/types.ts'
import { CaseStudySection } from './case-study-section.tsx'
import { ProjectHeader } from './project-header.tsx'
import { ProjectPosts } from './project-posts.tsx'
import { TableOfContents } from './table-of-contents.tsx'

/** A whole case study. Loaded as its own chunk together with the project's data. */
export function CaseStudy({ project }: { project: RenderedProject }) {
  return (
    <article className="project-page">
      <ProjectHeader project={project} />
      <div className="container project-layout">
        <TableOfContents entries={project.sections} />
        <div className="project-sections">
          {project.sections.map((section) => (
            <CaseStudySection key={section.id} section={section} project={project} />
          ))}
          {hasPosts ? (
            // The posts index is loaded with the case study (ProjectLink); should it still be on its
            // way, only this part waits for it.
            <Suspense fallback={null}>
              <ProjectPosts projectId={project.id} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </article>
  )
}
