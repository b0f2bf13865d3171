import { describe, expect, it } from 'vitest'
import { compileMarkdown, compileMarkdownText } from '../../cli/compile/compile-markdown.ts'
import { projectParts } from '../../cli/generate/chat-passages.ts'
import { chatProject } from '../helpers/chat-content.ts'

/**
 * The chat's passages of a case study's prose come from the markdown's tokens, lexed once by the
 * compile (cli/compile/text-blocks.ts): what a visitor reads in a section is what the chat answers with.
 */

const ROLES = `Three roles share the platform:

- **Users** book space and pay online
- **Partners** list and manage their warehouses;
- **Admins** approve listings

**Password hashing.** Passwords are hashed with bcrypt &amp; salted.
Each hash takes  
a quarter of a second.

| Plan | Price |
| --- | --- |
| **Pro** | 20 € |

\`\`\`
listen 443 ssl;
\`\`\`
`

const passagesOf = (body: string) =>
  projectParts(
    chatProject({
      id: 'depot',
      title: 'Depot',
      description: 'Warehouse bookings.',
      tech: [],
      sections: [{ id: 'roles', title: 'Roles', kind: 'prose', body }],
    }),
  ).passages.map(({ title, text }) => ({ title, text }))

describe('the passages of a case study section', () => {
  it('keep a short bold-led list with the sentence that introduces it, named by its items', () => {
    expect(passagesOf(ROLES)[1]).toEqual({
      title: 'Roles Users Partners Admins',
      text: 'Three roles share the platform: Users book space and pay online. Partners list and manage their warehouses. Admins approve listings.',
    })
  })

  it('title a paragraph by its bold lead, decode its character references and keep the words of a line break apart', () => {
    expect(passagesOf(ROLES)[2]).toEqual({
      title: 'Password hashing',
      text: 'Password hashing. Passwords are hashed with bcrypt & salted. Each hash takes a quarter of a second.',
    })
  })

  it('make each table row a passage and leave code blocks out', () => {
    const passages = passagesOf(ROLES)
    expect(passages.slice(3)).toEqual([
      { title: 'Roles', text: 'Plan · Price' },
      { title: 'Pro', text: 'Pro · 20 €' },
    ])
    expect(JSON.stringify(passages)).not.toContain('listen 443')
  })

  it('keep the items of a list no sentence introduces as passages of their own', () => {
    const intro = 'The platform was built over two years by a small team that shipped a release every week.'
    expect(passagesOf(`${intro}\n\n- **Users** book space\n- **Partners** list warehouses`).slice(1)).toEqual([
      { title: 'Roles', text: intro },
      { title: 'Users', text: 'Users book space' },
      { title: 'Partners', text: 'Partners list warehouses' },
    ])
  })
})

describe('the links of a passage', () => {
  it('follow a link to another site with its address, not one into the site or one showing its address', () => {
    const body =
      'Open an issue on [GitHub](https://github.com/jo/depot/issues), read the [API](#api) or [github.com/jo](https://github.com/jo/).'
    expect(passagesOf(body)[1]!.text).toBe(
      'Open an issue on GitHub (https://github.com/jo/depot/issues), read the API or github.com/jo.',
    )
  })
})

describe('compiling a markdown field for the chat', () => {
  it('gives the HTML compileMarkdown gives, with its text blocks beside it', () => {
    const { html, blocks } = compileMarkdownText(ROLES)
    expect(html).toBe(compileMarkdown(ROLES))
    expect(blocks.map((block) => block.lead)).toEqual(['', 'Password hashing', '', 'Pro'])
  })

  it('is what the chat reads, not the HTML: passages do not change with the HTML beside the blocks', () => {
    const project = chatProject({
      id: 'depot',
      title: 'Depot',
      description: 'Warehouse bookings.',
      tech: [],
      sections: [{ id: 'roles', title: 'Roles', kind: 'prose', body: ROLES }],
    })
    const withoutHtml = { ...project, sections: project.sections.map((section) => ({ ...section, body: '' })) }
    expect(projectParts(withoutHtml).passages).toEqual(projectParts(project).passages)
  })
})
