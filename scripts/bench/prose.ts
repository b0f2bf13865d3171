import { readFileSync } from 'node:fs'
import type { Random } from './random.ts'

/**
 * The 2,319 distinct words of the shipped case studies, portfolio.yaml, README.md and the design
 * notes as they stood when the bench was written, most frequent first (frozen in words.txt so the
 * bench's text does not change when the shipped content does).
 */
export const WORDS: readonly string[] = readFileSync(new URL('words.txt', import.meta.url), 'utf8')
  .split(/\s+/)
  .filter(Boolean)
const CONTENT_WORDS = WORDS.filter((w) => w.length >= 4)

export const TECH = [
  'React',
  'Node.js',
  'TypeScript',
  'Express',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Redis',
  'Nginx',
  'Docker',
  'Kubernetes',
  'Terraform',
  'GitHub Actions',
  'Vite',
  'Prisma',
  'Sequelize',
  'Stripe',
  'Razorpay',
  'AWS',
  'S3',
  'CloudFront',
  'Ubuntu',
  'PM2',
  'Grafana',
  'Prometheus',
  'Kafka',
  'RabbitMQ',
  'Elasticsearch',
  'GraphQL',
  'OAuth 2.0',
  'JWT',
  'Playwright',
  'Vitest',
  'Tailwind CSS',
  'Sentry',
  'OpenTelemetry',
  "Let's Encrypt",
  'Cloudflare',
  'Socket.IO',
  'Zod',
]
const NUMBERS = [
  '12',
  '3',
  '24h',
  '99.9%',
  '35%',
  '500',
  '1,024',
  '2.5x',
  '15 minutes',
  '200 ms',
  '10K+',
  '4',
  '80+',
  '7',
  '0.4 s',
  '64 KiB',
  '30 days',
  '1.2 GB',
]
const ORGS = ['acme-labs', 'northwind', 'blue-harbor', 'kite-systems', 'orbital-ops', 'granite-io']

/** Upper-cases the first letter, after any markup that opens the text (`**bold** start`). */
const capitalise = (text: string) =>
  text.replace(/^([*"(]*)(\p{Ll})/u, (_, markup: string, letter: string) => markup + letter.toUpperCase())

export function contentWord(random: Random): string {
  return random.skewed(CONTENT_WORDS)
}

export function titleWords(random: Random, count: number): string {
  return Array.from({ length: count }, () => capitalise(contentWord(random))).join(' ')
}

/** An identifier, command or request line, as case studies quote them in backticks. */
export function inlineCode(random: Random): string {
  const [a, b] = [contentWord(random), contentWord(random)]
  switch (random.int(0, 6)) {
    case 0:
      return `${a}_${b}`
    case 1:
      return `${a}${capitalise(b)}()`
    case 2:
      return `${random.pick(['GET', 'POST', 'PATCH', 'DELETE'])} /api/${a}/{id}`
    case 3:
      return `npm run ${a}`
    case 4:
      return `--${a}-${b}`
    case 5:
      return `${a.toUpperCase()}_URL`
    default:
      return `127.0.0.1:${random.int(3000, 9000)}`
  }
}

/** A link: https (some with @ in the path or & in the query), mailto, or an anchor of this page. */
export function link(random: Random, text: string, anchors: readonly string[]): string {
  const [org, word] = [random.pick(ORGS), contentWord(random)]
  const targets = [
    `https://github.com/${org}/${word}/issues?q=is%3Aopen&label=${contentWord(random)}`,
    `https://www.npmjs.com/package/@${org}/${word}`,
    `mailto:${word}@${org}.example.com`,
    `https://docs.${org}.example.com/${word}/${contentWord(random)}#${contentWord(random)}`,
    `https://medium.com/@${org}/${word}-${contentWord(random)}-${random.int(100, 999)}`,
    `https://example.com/search?q=${word}&page=${random.int(2, 9)}&sort=recent`,
    `#${random.pick(anchors)}`,
    '/projects/p-0001#overview',
  ]
  return `[${text}](${random.pick(targets)})`
}

/** One sentence of 4 to 34 words with commas, now and then a parenthesis, a semicolon or a question. */
export function sentence(random: Random, anchors: readonly string[]): string {
  const length = random.int(4, 14) + random.int(0, 20)
  const words: string[] = []
  for (let i = 0; i < length; i++) {
    if (random.chance(0.04)) words.push(random.pick(TECH))
    else if (random.chance(0.03)) words.push(random.pick(NUMBERS))
    else {
      // Drawn again once when it repeats the word before: "the the" is rare in real prose.
      const word = random.skewed(WORDS)
      words.push(word === words.at(-1) ? random.skewed(WORDS) : word)
    }
    if (i < length - 1 && random.chance(0.07)) words[i] += random.chance(0.15) ? ';' : ','
  }
  const span = (min: number, max: number) => {
    const start = random.int(0, Math.max(0, words.length - max))
    return [start, Math.min(words.length, start + random.int(min, max))] as const
  }
  const wrap = (open: string, close: string, [start, end]: readonly [number, number]) => {
    const inner = words.slice(start, end).join(' ').replace(/[,;]$/, '')
    words.splice(start, end - start, `${open}${inner}${close}`)
  }
  if (random.chance(0.1)) wrap('**', '**', span(1, 3))
  if (random.chance(0.08)) wrap('*', '*', span(1, 2))
  if (random.chance(0.06)) wrap('(', ')', span(2, 5))
  if (random.chance(0.05)) wrap('"', '"', span(1, 3))
  if (random.chance(0.14)) words.splice(random.int(1, words.length), 0, `\`${inlineCode(random)}\``)
  if (random.chance(0.07)) {
    const [start, end] = span(1, 4)
    words.splice(
      start,
      end - start,
      link(
        random,
        words
          .slice(start, end)
          .join(' ')
          .replace(/[*"(),;]/g, '') || contentWord(random),
        anchors,
      ),
    )
  }
  if (random.chance(0.04)) words.splice(random.int(1, words.length), 0, '—')
  const text = words.join(' ').replace(/[,;]$/, '')
  return capitalise(text) + (random.chance(0.05) ? '?' : random.chance(0.02) ? '!' : '.')
}

/** A paragraph of 2 to 7 sentences, sometimes opening with a bold lead-in as the shipped case studies do. */
export function paragraph(random: Random, anchors: readonly string[]): string {
  const sentences = Array.from({ length: random.int(2, 7) }, () => sentence(random, anchors))
  return (
    (random.chance(0.25) ? `**${capitalise(contentWord(random))} ${contentWord(random)}.** ` : '') + sentences.join(' ')
  )
}

export function bulletList(random: Random, anchors: readonly string[]): string {
  return Array.from(
    { length: random.int(3, 7) },
    () => `- ${random.chance(0.4) ? `**${capitalise(contentWord(random))}.** ` : ''}${sentence(random, anchors)}`,
  ).join('\n')
}

export function orderedList(random: Random, anchors: readonly string[]): string {
  return Array.from({ length: random.int(3, 6) }, (_, i) => `${i + 1}. ${sentence(random, anchors)}`).join('\n')
}

/** A results table: a row per measure, before and after, with numbers, words and inline code. */
export function table(random: Random): string {
  const rows = Array.from({ length: random.int(3, 6) }, () => {
    const before = random.int(120, 2400)
    const after = Math.round(before * (0.2 + random.next() * 0.7))
    return `| ${capitalise(contentWord(random))} ${contentWord(random)} | ${before} ms | ${after} ms | ${random.chance(0.5) ? `\`${inlineCode(random)}\`` : `${contentWord(random)} ${contentWord(random)}`} |`
  })
  return ['| Measure | Before | After | Where |', '|---|---:|---:|---|', ...rows].join('\n')
}

/** Counts the words of markdown outside fenced code blocks. */
export function countWords(markdown: string): number {
  return markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length
}
