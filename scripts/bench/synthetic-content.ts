// The bench's first generator (a 20-word vocabulary, no punctuation). The bench now uses content.ts;
// this stays only because tests/integration/cli.test.ts (its 5 endpoints a project) and
// tests/unit/compile-markdown.test.ts import it: delete it with them or when they move to content.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const repo = path.resolve(import.meta.dirname, '../..')
const WORDS =
  'warehouse booking payment ledger tenant partner inventory dashboard latency cache queue webhook schema index replica deploy rollback audit session token'.split(
    ' ',
  )

/** Deterministic filler prose: same N, same bytes, so runs compare. */
function prose(seed: number, words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 7 + (i % 5)) % WORDS.length]!)
  const sentences: string[] = []
  for (let i = 0; i < out.length; i += 15) {
    const s = out.slice(i, i + 15).join(' ')
    sentences.push(s.charAt(0).toUpperCase() + s.slice(1) + '.')
  }
  return sentences.join(' ')
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(spaces) + l : l))
    .join('\n')

/**
 * One project shaped like the peers' benchmark page: ten prose sections of about 1,500 words in
 * all, a bullet list, an endpoints table and two code blocks (nginx and JSON).
 */
export function syntheticProject(id: string, index: number, featured: boolean): string {
  const sections: string[] = []
  for (let s = 0; s < 10; s++) {
    let body = `${prose(index + s, 140)}\n\n${prose(index + s + 1, 10)}`
    if (s === 1) body += `\n\n- ${prose(index, 8)}\n- ${prose(index + 1, 8)}\n- ${prose(index + 2, 8)}`
    if (s === 6)
      body +=
        '\n\n```nginx\nserver {\n  listen 443 ssl;\n  location /api/ {\n    proxy_pass http://127.0.0.1:8004;\n    proxy_set_header Host $host;\n  }\n}\n```'
    if (s === 7)
      body += '\n\n```json\n{ "success": true, "token": "eyJ...", "user": { "id": "u-1", "role": "admin" } }\n```'
    sections.push(
      `  - id: section-${s + 1}\n    title: Section ${s + 1}\n    kind: prose\n    body: |\n${indent(body, 6)}`,
    )
  }
  sections.push(
    `  - id: api\n    title: API\n    kind: endpoints\n    endpoints:\n${[
      'GET /api/items',
      'POST /api/items',
      'GET /api/items/{id}',
      'PUT /api/items/{id}',
      'DELETE /api/items/{id}',
    ]
      .map((e) => {
        const [m, p] = e.split(' ')
        return `      - method: ${m}\n        path: ${p}\n        summary: ${prose(index, 6)}`
      })
      .join('\n')}`,
  )
  return [
    '# yaml-language-server: $schema=../schema/project.schema.json',
    `id: ${id}`,
    `title: Project ${index}`,
    `description: ${prose(index, 20)}`,
    'icon: code',
    `featured: ${featured}`,
    'tech: [React, Node.js, MySQL]',
    `liveUrl: https://${id}.example.com`,
    `githubUrl: https://github.com/example/${id}`,
    'achievements:',
    `  - ${prose(index, 6)}`,
    ...(featured ? ['metrics:', '  Uptime: "99.9%"', '  Users: 500'] : []),
    'audience:',
    '  - Developers',
    'demo:',
    `  email: demo@${id}.example.com`,
    '  password: Demo@1234',
    '  reset: nightly',
    'sections:',
    ...sections,
    '',
  ].join('\n')
}

/** A content root with the shipped portfolio.yaml (the build makes its resume) and N synthetic projects. */
export function writeSyntheticContent(root: string, count: number): void {
  mkdirSync(path.join(root, 'projects'), { recursive: true })
  mkdirSync(path.join(root, 'public'), { recursive: true })
  const ids = Array.from({ length: count }, (_, i) => `p-${String(i + 1).padStart(4, '0')}`)
  ids.forEach((id, i) => writeFileSync(path.join(root, 'projects', `${id}.yaml`), syntheticProject(id, i + 1, i === 0)))
  const portfolio = readFileSync(path.join(repo, 'portfolio.yaml'), 'utf8').replace(
    /(\n  order:\n)((?:    - .*\n)+)/,
    (_, head: string) => head + ids.map((id) => `    - ${id}\n`).join(''),
  )
  writeFileSync(path.join(root, 'portfolio.yaml'), portfolio)
}
