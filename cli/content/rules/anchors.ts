import { sectionTitleId } from '../../../site/src/paths.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { sectionsOf } from './unchecked-data.ts'

/**
 * A case-study section gives the page two ids: its own (the anchor links target) and its heading's,
 * computed by the site's `sectionTitleId`. A section whose id is another section's heading id puts
 * the same id on the page twice: "#api-title" then lands on whichever comes first, and the other
 * section's aria-labelledby names the wrong element. Markdown headings inside prose get no id (the
 * renderer writes none and the sanitiser keeps none), so they cannot collide.
 */
export function checkAnchors(parsed: ParsedDocument, project: unknown): Diagnostic[] {
  const sections = sectionsOf(project)
  const headingOf = new Map<string, { index: number; sectionId: string }>()
  for (const [section, index] of sections)
    if (typeof section.id === 'string') headingOf.set(sectionTitleId(section.id), { index, sectionId: section.id })
  const out: Diagnostic[] = []
  sections.forEach(([section, index]) => {
    if (typeof section.id !== 'string') return
    const owner = headingOf.get(section.id)
    if (!owner || owner.index === index) return
    const there = locatePointer(parsed, encodePointer(['sections', owner.index, 'id'])).start
    out.push(
      createDiagnostic(
        'SECTION_ANCHOR_COLLISION',
        locatePointer(parsed, encodePointer(['sections', index, 'id'])),
        `section id "${section.id}" is also the id of the heading of section "${owner.sectionId}" (${there.line}:${there.column}): the page would have two elements with id "${section.id}"`,
        `Rename this section, e.g. "${section.id.replace(/-title$/, '')}-details", or rename section "${owner.sectionId}".`,
      ),
    )
  })
  return out
}
