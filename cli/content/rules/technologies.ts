import { techSlug } from '../../../site/src/technologies.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ProjectDocument } from './references.ts'

/**
 * Two spellings of one technology page (issue 48): every technology has the URL
 * /projects/tech/<slug>, and two different names with one slug (`React` and `react`, `Node.js` and
 * `Node-js`) would share it. Reported, not resolved: merging would pick one spelling for the other
 * project's card behind the owner's back, and numbering (`react-2`) would give a URL that changes
 * when the files change order. Almost always it is one technology spelled two ways, which the owner
 * fixes in one word. The first spelling met (in file order) is the reference; each other is located.
 */
export function checkTechSlugs(projects: readonly ProjectDocument[]): Diagnostic[] {
  const out: Diagnostic[] = []
  const first = new Map<string, { name: string; project: ProjectDocument; index: number }>()
  for (const project of projects) {
    const tech = project.data.tech
    if (!Array.isArray(tech)) continue
    tech.forEach((name: unknown, index) => {
      if (typeof name !== 'string') return
      const slug = techSlug(name)
      const seen = first.get(slug)
      if (!seen) return void first.set(slug, { name, project, index })
      if (seen.name === name) return
      const there = locatePointer(seen.project.parsed, encodePointer(['tech', seen.index])).start
      out.push(
        createDiagnostic(
          'TECH_SLUG_COLLISION',
          locatePointer(project.parsed, encodePointer(['tech', index])),
          `"${name}" and "${seen.name}" (${seen.project.path}:${there.line}:${there.column}) would share the page /projects/tech/${slug}`,
          seen.name.toLowerCase() === name.toLowerCase()
            ? `Spell it "${seen.name}" in every project: one technology has one page.`
            : `Spell one technology the same way in every project, or rename one of the two so their pages differ.`,
        ),
      )
    })
  }
  return out
}
