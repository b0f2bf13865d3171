import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { diagnosticCodes } from '../../cli/diagnostics/codes.ts'
import { renderDocs, repositoryRoot } from '../../scripts/docs.ts'

/** docs/*.md are generated (npm run docs); these tests fail when a committed file no longer matches its source. */
describe('generated docs', async () => {
  const files = await renderDocs()

  for (const file of files) {
    it(`${file.path} is up to date (run "npm run docs" if this fails)`, () => {
      const committed = readFileSync(path.join(repositoryRoot, file.path), 'utf8')
      expect(committed === file.contents, `${file.path} is stale: run "npm run docs" and commit the result`).toBe(true)
    })
  }

  it('renders the same bytes every time', async () => {
    expect(await renderDocs()).toEqual(files)
  })

  it('documents every field with its path, type, required flag and an example from the content', () => {
    const content = files.find((f) => f.path === 'docs/content.md')!.contents
    expect(content).toContain('| `site.url` | URL | yes | The https origin the site is published at')
    expect(content).toMatch(
      /\| `sections\[\]\.endpoints\[\]\.method` \| one of `GET`, `POST`.* \| yes \| HTTP method, uppercase\. \| `[A-Z]+` \|/,
    )
    expect(content).toContain('| `githubUrl` | URL | no |')
    for (const kind of [
      'prose',
      'features',
      'tech-stack',
      'diagrams',
      'database',
      'endpoints',
      'test-cards',
      'call-to-action',
    ])
      expect(content).toContain(`#### \`${kind}\``)
  })

  it('lists every diagnostic code with its title', () => {
    const diagnostics = files.find((f) => f.path === 'docs/diagnostics.md')!.contents
    for (const [code, entry] of Object.entries(diagnosticCodes))
      expect(diagnostics).toContain(`| \`${code}\` | ${entry.title} |`)
  })
})
