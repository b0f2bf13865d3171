import { compileMarkdownText } from '../../cli/compile/compile-markdown.ts'
import type { SectionBlocks } from '../../cli/compile/compile-project.ts'
import type { ChatPortfolio, ChatProject } from '../../cli/generate/chat-passages.ts'

/**
 * Content written for a chat test, its markdown fields compiled as a build compiles them (HTML and
 * the chat's text blocks from one lexing), so a test reads passages the way the build makes them.
 */

export function chatPortfolio(portfolio: Omit<ChatPortfolio, 'blocks'>): ChatPortfolio {
  const about = compileMarkdownText(portfolio.about.body)
  const contact = compileMarkdownText(portfolio.contact.body)
  return {
    ...portfolio,
    about: { ...portfolio.about, body: about.html },
    contact: { ...portfolio.contact, body: contact.html },
    blocks: { about: about.blocks, contact: contact.blocks },
  }
}

export function chatProject(project: Omit<ChatProject, 'blocks'>): ChatProject {
  const blocks: SectionBlocks[] = []
  const sections = project.sections.map((section) => {
    const compiled: SectionBlocks = {}
    const fields: { intro?: string; body?: string } = {}
    if ('intro' in section && section.intro !== undefined) {
      const { html, blocks: intro } = compileMarkdownText(section.intro)
      fields.intro = html
      compiled.intro = intro
    }
    if ('body' in section && section.body !== undefined) {
      const { html, blocks: body } = compileMarkdownText(section.body)
      fields.body = html
      compiled.body = body
    }
    blocks.push(compiled)
    return { ...section, ...fields }
  })
  return { ...project, sections, blocks }
}
