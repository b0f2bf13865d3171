import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { recordsAt, sectionsOf } from './unchecked-data.ts'

/**
 * A database section's relations name its entities: the site draws them as lines between the
 * entities' boxes, so a relation to a name that is not an entity would draw a box with no table.
 */
export function checkDatabase(parsed: ParsedDocument, project: unknown): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const [section, s] of sectionsOf(project)) {
    if (section.kind !== 'database' || !Array.isArray(section.entities) || !Array.isArray(section.relations)) continue
    const names = recordsAt(section, ['entities']).flatMap(([entity]) =>
      typeof entity.name === 'string' ? [entity.name] : [],
    )
    for (const [relation, r] of recordsAt(section, ['relations'])) {
      for (const end of ['from', 'to'] as const) {
        const name = relation[end]
        if (typeof name !== 'string' || names.includes(name)) continue
        const at = locatePointer(parsed, encodePointer(['sections', s, 'relations', r, end]))
        const hint = didYouMean(name, names) ?? `Name one of the section's entities: ${names.join(', ')}.`
        out.push(
          createDiagnostic(
            'UNKNOWN_ENTITY',
            at,
            `sections[${s}].relations[${r}].${end}: "${name}" is not an entity of this section`,
            hint,
          ),
        )
      }
    }
  }
  return out
}
