import { TagList } from './tag-list.tsx'

interface StackGroup {
  name: string
  items: readonly string[]
}

/** Technologies grouped by area: the home page's tech stack and a case study's. */
export function StackGroups({ groups }: { groups: readonly StackGroup[] }) {
  return (
    <ul className="stack-groups">
      {groups.map((group) => (
        <li key={group.name} className="card stack-group">
          <h3 className="stack-group__name">{group.name}</h3>
          <TagList items={group.items} tech />
        </li>
      ))}
    </ul>
  )
}
