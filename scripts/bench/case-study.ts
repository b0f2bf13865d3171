import { bashBlock, jsonBlock, jsonExample, nginxBlock, sqlBlock, typescriptBlock } from './code-blocks.ts'
import {
  bulletList,
  contentWord,
  countWords,
  link,
  orderedList,
  paragraph,
  sentence,
  table,
  TECH,
  titleWords,
} from './prose.ts'
import type { Random } from './random.ts'

/** One case study in the shape of schema/project.schema.json (diagrams and test cards left out: see README-section.md). */
export interface CaseStudy {
  id: string
  title: string
  description: string
  icon: string
  featured: boolean
  tech: string[]
  liveUrl: string
  githubUrl: string
  achievements: string[]
  metrics?: Record<string, string | number>
  audience: string[]
  demo: { email: string; password: string; reset: 'nightly' | 'daily' }
  sections: Section[]
}

export type Section =
  | { id: string; title: string; kind: 'prose' | 'call-to-action'; body: string }
  | { id: string; title: string; kind: 'features'; intro?: string; items: { title: string; description: string }[] }
  | { id: string; title: string; kind: 'tech-stack'; intro?: string; groups: { name: string; items: string[] }[] }
  | {
      id: string
      title: string
      kind: 'database'
      intro?: string
      entities: { name: string; description?: string; fields: { name: string; type: string; constraints?: string }[] }[]
    }
  | {
      id: string
      title: string
      kind: 'endpoints'
      intro?: string
      endpoints: { method: string; path: string; summary: string; auth?: string; request?: string; response?: string }[]
    }
  // Only in the shipped case studies, which the peer builds too.
  | {
      id: string
      title: string
      kind: 'diagrams'
      intro?: string
      diagrams: { title: string; mermaid: string; caption?: string }[]
    }
  | {
      id: string
      title: string
      kind: 'test-cards'
      intro?: string
      cards: { network: string; number: string; outcome: string }[]
    }

const ICONS = ['warehouse', 'lock', 'calendar', 'map-pin', 'shopping-bag', 'check-square', 'code', 'server']
const ANCHORS = [
  'overview',
  'features',
  'problem',
  'tech-stack',
  'architecture',
  'implementation',
  'database',
  'performance',
  'deployment',
  'api',
  'security',
  'lessons',
  'contributing',
  'cta',
]

/** Prose sections, their paragraphs' share of the ~1,500 words (lists and tables bring the rest), and what each carries besides. */
const PROSE: { id: string; title: string; words: number; extra?: (random: Random, host: string) => string[] }[] = [
  { id: 'overview', title: 'Overview', words: 190 },
  { id: 'problem', title: 'The Problem', words: 120, extra: (r) => [bulletList(r, ANCHORS)] },
  { id: 'architecture', title: 'Architecture', words: 120, extra: (r) => [orderedList(r, ANCHORS)] },
  { id: 'implementation', title: 'Implementation', words: 170, extra: (r) => [typescriptBlock(r), jsonBlock(r)] },
  { id: 'performance', title: 'Performance', words: 130, extra: (r) => [table(r), sqlBlock(r)] },
  {
    id: 'deployment',
    title: 'Deployment',
    words: 150,
    extra: (r, host) => [nginxBlock(r, host), bashBlock(r, host.split('.')[0]!)],
  },
  { id: 'security', title: 'Security', words: 100, extra: (r) => [bulletList(r, ANCHORS)] },
  { id: 'lessons', title: 'Lessons Learned', words: 110 },
  { id: 'contributing', title: 'Contributing', words: 60 },
]

/** Paragraphs until the section has its words, the extras (list, table, code) placed after the first paragraph. */
function proseBody(random: Random, words: number, extras: string[]): string {
  const blocks = [paragraph(random, ANCHORS), ...extras]
  let count = blocks.reduce((sum, block) => sum + countWords(block), 0)
  // Stops half a paragraph short (about 45 words): on average the last one ends on the budget.
  while (count < words - 45) {
    blocks.push(paragraph(random, ANCHORS))
    count += countWords(blocks.at(-1)!)
  }
  return blocks.join('\n\n')
}

/** A sentence as plain text, for the fields that are not markdown (a line is at most 200 characters). */
const plain = (random: Random) =>
  sentence(random, ANCHORS)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, text.lastIndexOf(' ', max - 1)).replace(/[,;:(—-]+$/, '')}.`
const line = (random: Random) => clip(plain(random), 190)

/** Case study number `index` (1-based): the same index and random stream always give the same text. */
export function createCaseStudy(index: number, random: Random): CaseStudy {
  const id = `p-${String(index).padStart(4, '0')}`
  const host = `${id}.example.com`
  const tech = Array.from(new Set(Array.from({ length: random.int(4, 9) }, () => random.pick(TECH))))
  const prose = new Map(
    PROSE.map((p) => [
      p.id,
      {
        id: p.id,
        title: p.title,
        kind: 'prose' as const,
        body: proseBody(random, p.words, p.extra?.(random, host) ?? []),
      },
    ]),
  )
  const contributing = prose.get('contributing')!
  contributing.body += `\n\n${bulletList(random, ANCHORS)}\n\nQuestions go to ${link(random, 'the maintainers', ANCHORS)} or ${contentWord(random)}@${id}.example.com.`
  const resources = Array.from(new Set([contentWord(random), contentWord(random), contentWord(random)]))
  const sections: Section[] = [
    prose.get('overview')!,
    {
      id: 'features',
      title: 'Core Features',
      kind: 'features',
      items: Array.from({ length: random.int(5, 8) }, () => ({
        title: titleWords(random, random.int(1, 3)),
        description: `${plain(random)} ${plain(random)}`,
      })),
    },
    prose.get('problem')!,
    {
      id: 'tech-stack',
      title: 'Tech Stack',
      kind: 'tech-stack',
      groups: ['Frontend', 'Backend', 'Data', 'Infrastructure'].map((name) => ({
        name,
        items: Array.from(new Set(Array.from({ length: random.int(2, 5) }, () => random.pick(TECH)))),
      })),
    },
    prose.get('architecture')!,
    prose.get('implementation')!,
    {
      id: 'database',
      title: 'Database Schema',
      kind: 'database',
      entities: resources.map((name) => ({
        name: `${name}s`,
        description: line(random),
        fields: [
          { name: 'id', type: 'CHAR(36)', constraints: 'PRIMARY KEY' },
          ...Array.from({ length: random.int(3, 6) }, (_, f) => ({
            name: `${contentWord(random)}_${f}`,
            type: random.pick(['VARCHAR(255)', 'INT', 'DECIMAL(10,2)', 'BOOLEAN', 'TIMESTAMP', 'TEXT']),
            constraints: random.pick(['NOT NULL', 'UNIQUE, NOT NULL', 'nullable', 'DEFAULT 0']),
          })),
        ],
      })),
    },
    prose.get('performance')!,
    prose.get('deployment')!,
    {
      id: 'api',
      title: 'API',
      kind: 'endpoints',
      intro: paragraph(random, ANCHORS),
      endpoints: resources.flatMap((r, i) => [
        {
          method: 'GET',
          path: `/api/${r}s`,
          summary: line(random),
          auth: 'user',
          ...(i === 0 ? { response: jsonExample(random) } : {}),
        },
        {
          method: 'POST',
          path: `/api/${r}s`,
          summary: line(random),
          auth: 'admin',
          ...(i === 0 ? { request: jsonExample(random) } : {}),
        },
        { method: 'PATCH', path: `/api/${r}s/{id}`, summary: line(random), auth: 'admin' },
      ]),
    },
    prose.get('security')!,
    prose.get('lessons')!,
    contributing,
    {
      id: 'cta',
      title: 'Try It Yourself',
      kind: 'call-to-action',
      body: `${sentence(random, ANCHORS)} ${sentence(random, ANCHORS)}`,
    },
  ]
  const featured = index === 1
  return {
    id,
    title: `${titleWords(random, random.int(1, 2))} ${index}`,
    description: clip(`${plain(random)} ${plain(random)}`, 280),
    icon: random.pick(ICONS),
    featured,
    tech,
    liveUrl: `https://${host}`,
    githubUrl: `https://github.com/example/${id}`,
    achievements: Array.from({ length: random.int(2, 5) }, () => line(random)),
    ...(featured ? { metrics: { Uptime: '99.9%', Users: 500, 'p95 latency': '<200ms' } } : {}),
    audience: ['Developers', 'Recruiters'],
    demo: { email: `demo@${host}`, password: 'Demo@1234', reset: random.pick(['nightly', 'daily'] as const) },
    sections,
  }
}
