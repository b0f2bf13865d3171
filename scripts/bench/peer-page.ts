import type { CaseStudy, Section } from './case-study.ts'

/**
 * The case study as one markdown page for the peer: the same prose, lists, tables and code blocks,
 * with the structured sections (features, stack, database, endpoints) written as the lists and
 * tables our site shows them as. A shipped diagram stays its Mermaid source in a code block: the
 * peer has no diagram renderer.
 */
export function peerPage(study: CaseStudy): string {
  const front = `---\ntitle: ${JSON.stringify(study.title)}\nlayout: page.liquid\n---\n`
  const head = [
    `# ${study.title}`,
    study.description,
    study.tech.map((t) => `\`${t}\``).join(' · '),
    study.achievements.map((a) => `- ${a}`).join('\n'),
  ]
  const sections = study.sections.map((s) =>
    [`## ${s.title}`, 'intro' in s ? s.intro : undefined, sectionMarkdown(s)].filter(Boolean).join('\n\n'),
  )
  return front + [...head, ...sections].join('\n\n') + '\n'
}

const tableOf = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')

function sectionMarkdown(section: Section): string {
  switch (section.kind) {
    case 'prose':
    case 'call-to-action':
      return section.body
    case 'features':
      return section.items.map((item) => `- **${item.title}.** ${item.description}`).join('\n')
    case 'tech-stack':
      return section.groups.map((group) => `- **${group.name}:** ${group.items.join(', ')}`).join('\n')
    case 'database':
      return section.entities
        .map((e) =>
          [
            `### ${e.name}`,
            e.description,
            tableOf(
              ['Field', 'Type', 'Constraints'],
              e.fields.map((f) => [`\`${f.name}\``, f.type, f.constraints ?? '']),
            ),
          ]
            .filter(Boolean)
            .join('\n\n'),
        )
        .join('\n\n')
    case 'endpoints': {
      const rows = tableOf(
        ['Method', 'Path', 'Summary', 'Auth'],
        section.endpoints.map((e) => [e.method, `\`${e.path}\``, e.summary, e.auth ?? '']),
      )
      const examples = section.endpoints.flatMap((e) =>
        [e.request, e.response]
          .filter((body) => body !== undefined)
          .map((body) => `\`${e.method} ${e.path}\`\n\n\`\`\`json\n${body.trimEnd()}\n\`\`\``),
      )
      return [rows, ...examples].join('\n\n')
    }
    case 'diagrams':
      return section.diagrams
        .map((d) =>
          [`### ${d.title}`, `\`\`\`mermaid\n${d.mermaid.trimEnd()}\n\`\`\``, d.caption].filter(Boolean).join('\n\n'),
        )
        .join('\n\n')
    case 'test-cards':
      return tableOf(
        ['Network', 'Number', 'Outcome'],
        section.cards.map((c) => [c.network, c.number, c.outcome]),
      )
  }
}

/** The peer's home page: every case study's title and description, linked. */
export function peerIndex(studies: readonly CaseStudy[]): string {
  return `---\ntitle: Projects\nlayout: page.liquid\n---\n# Projects\n\n${studies.map((s) => `- [${s.title}](/${s.id}/): ${s.description.replace(/\s+/g, ' ').trim()}`).join('\n')}\n`
}
