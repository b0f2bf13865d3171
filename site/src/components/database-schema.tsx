import type { DatabaseSection, ErDiagram } from '../generated/types.ts'
import { useStrings } from '../i18n/language-context.ts'
import { fill, type TextKey } from '../i18n/strings.ts'
import { DiagramFigure } from './diagram-figure.tsx'
import { ScrollTable } from './scroll-table.tsx'

const cardinalityLabels: Record<NonNullable<DatabaseSection['relations']>[number]['cardinality'], TextKey> = {
  'one-to-one': 'oneToOne',
  'one-to-many': 'oneToMany',
  'many-to-many': 'manyToMany',
}

/** The entity-relationship diagram (drawn at build time from the same data), one table per entity (Field, Type, Constraints, Note), then the relations. */
export function DatabaseSchema({
  section,
  diagramKey,
}: {
  section: DatabaseSection & { diagram?: ErDiagram }
  diagramKey?: string
}) {
  const relations = section.relations ?? []
  const strings = useStrings()
  return (
    <>
      {section.diagram ? (
        <DiagramFigure
          diagram={section.diagram}
          markupKey={diagramKey}
          label={fill(strings.diagramOf, { diagram: section.diagram.title, section: section.title })}
        />
      ) : null}
      <div className="entities">
        {section.entities.map((entity) => (
          <div key={entity.name} className="card entity">
            <h3 className="entity__name">
              <code>{entity.name}</code>
            </h3>
            {entity.description ? <p className="entity__description">{entity.description}</p> : null}
            <ScrollTable label={fill(strings.entityFields, { entity: entity.name })}>
              <thead>
                <tr>
                  <th scope="col">{strings.fieldColumn}</th>
                  <th scope="col">{strings.typeColumn}</th>
                  <th scope="col">{strings.constraintsColumn}</th>
                  <th scope="col">{strings.noteColumn}</th>
                </tr>
              </thead>
              <tbody>
                {entity.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">
                      <code>{field.name}</code>
                    </th>
                    <td>
                      <code className="type">{field.type}</code>
                    </td>
                    <td>{field.constraints ?? '—'}</td>
                    <td>{field.note ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        ))}
      </div>
      {relations.length > 0 ? (
        <div className="relations">
          <h3>{strings.relations}</h3>
          <ul>
            {relations.map((relation) => (
              <li key={`${relation.from}-${relation.to}`}>
                <code>{relation.from}</code>
                <span className="relations__arrow" aria-hidden="true">
                  →
                </span>
                <code>{relation.to}</code>
                <span className="relations__kind">{strings[cardinalityLabels[relation.cardinality]]}</span>
                {relation.note ? <span className="relations__note">{relation.note}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  )
}
