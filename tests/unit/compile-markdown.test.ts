import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { Marked } from 'marked'
import { applyMarkdownPolicy, compileMarkdown, MARKDOWN_POLICY, TEXT_WITHOUT_EMAIL, textWithoutEmail } from '../../cli/compile/compile-markdown.ts'
import { markdownTools } from '../../cli/compile/markdown-tools.ts'
import { syntheticProject } from '../../scripts/bench/synthetic-content.ts'

const repo = path.resolve(import.meta.dirname, '../..')
/** The policy as sanitize-html alone applies it: what applyMarkdownPolicy must always give. */
const sanitizeOnly = (html: string) => markdownTools().sanitizeHtml(html, MARKDOWN_POLICY)

/** Every markdown field (section bodies and intros, about and contact) of a YAML text. */
function markdownOf(text: string): string[] {
  const data = load(text) as { sections?: Record<string, unknown>[]; about?: { body?: unknown }; contact?: { body?: unknown } }
  const fields = (data.sections ?? []).flatMap((section) => [section.body, section.intro])
  return [...fields, data.about?.body, data.contact?.body].filter((field): field is string => typeof field === 'string')
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** Markdown syntax and awkward text that cannot make a link or raw HTML… */
const PLAIN_PIECES = ['# ', '### ', '**', '__', '*', '_', '~~', '`', '``', '"', "'", '>', ' > ', '\n', '\n\n', '- ', '* ', '1. ', '3) ', '\n| a | b | c |\n|:-|:-:|-:|\n| 1 | "2" | it\'s |\n\n', '---\n', '===\n', '  \n', '\\', '\\*', 'word ', 'Ünïcödé ', '😀', '\t', '    indented\n', '```json\n{"a": 1}\n```\n', '\r\n']
/** …and pieces that can. */
const LINK_OR_HTML_PIECES = ['```\ncode <x> & "y"\n```\n', '<b>', '&amp;', '&', '&eacute;', '&nbsp;', '&#x3C;script&#x3E;', '[x](https://example.com)', '![i](https://example.com/i.png)', 'a@b.co', 'www.example.com', 'https://example.com', '- [ ] task', '<!-- c -->']

/** `count` texts of 1–30 pieces, reproducibly. */
function generatedMarkdown(count: number, pieces: readonly string[], seed: number): string[] {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 30) }, () => pieces[Math.floor(next() * pieces.length)]).join(''))
}

/** Every markdown text of the shipped content, the templates, the fixtures and 20 bench projects, and 3000 generated ones. */
function markdownCorpus(): string[] {
  return [
    ...[path.join(repo, 'projects'), path.join(repo, 'templates'), path.join(repo, 'tests/fixtures')].flatMap(yamlFiles).flatMap((file) => {
      try {
        return markdownOf(readFileSync(file, 'utf8'))
      } catch {
        return [] // fixtures that are not YAML on purpose
      }
    }),
    ...markdownOf(readFileSync(path.join(repo, 'portfolio.yaml'), 'utf8')),
    ...Array.from({ length: 20 }, (_, i) => markdownOf(syntheticProject(`p-${i}`, i, i === 0))).flat(),
    ...generatedMarkdown(2000, PLAIN_PIECES, 42),
    ...generatedMarkdown(1000, [...PLAIN_PIECES, ...LINK_OR_HTML_PIECES], 7),
  ]
}

describe('the markdown policy without sanitize-html where it cannot change anything', () => {
  it('gives exactly what sanitize-html gives, on every shipped, template, fixture and bench text and 3000 generated ones', () => {
    const corpus = markdownCorpus()
    let skipped = 0
    for (const markdown of corpus) {
      const expected = compileMarkdown(markdown, sanitizeOnly)
      expect(compileMarkdown(markdown), JSON.stringify(markdown)).toBe(expected)
      if (!/[<[@&]|:\/\/|www\./i.test(markdown)) skipped += 1
    }
    // Both kinds were compared, plenty of each.
    expect(corpus.length).toBeGreaterThan(3500)
    expect(skipped).toBeGreaterThan(1000)
    expect(corpus.length - skipped).toBeGreaterThan(1000)
  }, 120_000)

  it('still sanitises when the HTML holds anything else, even for markdown that could not have made it', () => {
    const html = '<p>plain</p>\n<script>alert(1)</script><p onclick="x()">t</p><img src="x" onerror="y"><a href="javascript:z">a</a>'
    const applied = applyMarkdownPolicy(html, 'plain')
    expect(applied).toBe(sanitizeOnly(html))
    expect(applied).not.toMatch(/script|onclick|onerror|javascript/)
    // A tag of the plain set with an attribute it never has is "anything else" too.
    expect(applyMarkdownPolicy('<p class="x" style="color:red">t</p>', 'plain')).toBe('<p>t</p>')
  })
})

describe("marked's text rule without its e-mail lookaheads, for markdown with no '@' or '&'", () => {
  it('is made from the rule of the marked installed', () => {
    expect(TEXT_WITHOUT_EMAIL).toBeInstanceOf(RegExp)
  })

  it('tokenises exactly as marked does, on every text of the corpus without "@" or "&"', () => {
    const plain = new Marked({ gfm: true })
    const fast = new Marked({ gfm: true, tokenizer: textWithoutEmail })
    const texts = markdownCorpus().filter((markdown) => !/[@&]/.test(markdown))
    expect(texts.length).toBeGreaterThan(2500)
    for (const markdown of texts) expect(fast.parse(markdown, { async: false }), JSON.stringify(markdown)).toBe(plain.parse(markdown, { async: false }))
  }, 60_000)

  it('is not used where an "@" or "&" is: addresses are still linked, references decoded', () => {
    expect(compileMarkdown('Write to jane@example.com today.')).toBe('<p>Write to <a href="mailto:jane@example.com">jane@example.com</a> today.</p>')
    expect(compileMarkdown('Caf&eacute; &#65;')).toBe('<p>Café A</p>')
  })
})
