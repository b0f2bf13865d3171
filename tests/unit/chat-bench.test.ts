import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { chatFilesOf, projectChat } from '../../cli/generate/chat-index.ts'
import { projectTech } from '../../cli/generate/chat-passages.ts'
import type { CompiledContent } from '../../cli/compile/compile-content.ts'
import { generateContent, writeContent } from '../../scripts/bench/content.ts'
import { TECH } from '../../scripts/bench/prose.ts'
import { LOAD_ALL_PROJECTS, openChatLibrary, QUESTION_PROJECTS } from '../../site/src/chat/chat-search.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import { replyText, replyTo, type ChatKnowledge, type Reply } from '../../site/src/chat/reply.ts'
import { noStore } from '../../cli/cache/no-store.ts'

/**
 * The chat on the bench's generated projects (scripts/bench: random prose, titles, tech lists), more
 * than LOAD_ALL_PROJECTS so the browser loads only what a question needs: the rules must hold for a
 * portfolio they were not written for.
 */

const COUNT = 30
let root: string
let compiled: CompiledContent
let files: Map<string, string>

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'))
  writeContent(root, generateContent(COUNT))
  const result = await checkAndCompile(root, { store: noStore })
  if (!result.compiled) throw new Error('the bench content does not compile')
  compiled = result.compiled
  files = new Map(chatFilesOf(compiled).map((file) => [file.path, file.contents]))
}, 180_000)

afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A fresh library (as a visitor who just opened the chat) that records the project files it fetches. */
function visit() {
  const fetched: string[] = []
  const library = openChatLibrary(JSON.parse(files.get(chatData.overview.file)!), async (id) => {
    fetched.push(id)
    return JSON.parse(files.get(chatData.project.file(id))!)
  })
  const knowledge: ChatKnowledge = {
    quickQuestions: [],
    smallTalk: { greeting: 'Hi', thanks: 'Welcome', identity: 'Assistant', abilities: 'Ask', goodbye: 'Bye' },
    fallback: 'No answer.',
    search: null,
  }
  const ask = async (question: string): Promise<Reply> =>
    replyTo(question, { ...knowledge, search: await library.searchFor(question) })
  return { fetched, ask }
}

/** The reply's links into the site (the sections it read from); a web address its text states is the content's. */
const links = (reply: Reply) =>
  reply.paragraphs.flat().flatMap((part) => (part.kind === 'link' && part.href.startsWith('/') ? [part.href] : []))
const sample = () => [0, 7, 13, 22, 29].map((i) => compiled.projects[i]!)

describe('the chat on the bench projects', () => {
  it('loads no project when it opens, and for a question only the projects it names or may concern', async () => {
    expect(compiled.projects.length).toBeGreaterThan(LOAD_ALL_PROJECTS)
    const { fetched, ask } = visit()
    expect(fetched).toEqual([])
    const project = compiled.projects[7]!
    await ask(`How is ${String(project.title)} deployed?`)
    expect(fetched).toEqual([project.id])
    await ask('How are the passwords stored?')
    expect(fetched.length).toBeLessThanOrEqual(1 + QUESTION_PROJECTS)
  })

  it("answers a question that names a project from that project's passages only", async () => {
    const { ask } = visit()
    for (const project of sample()) {
      const id = String(project.id)
      const demo = await ask(`demo login for ${String(project.title)}`)
      expect(replyText(demo)).toContain(`demo@${id}.example.com`)
      for (const question of [`How is ${String(project.title)} deployed?`, `security of ${id}`]) {
        const reply = await ask(question)
        expect(links(reply).length, question).toBeGreaterThan(0)
        for (const href of links(reply)) expect(href, question).toMatch(new RegExp(`^/projects/${id}(#|$)`))
      }
    }
  })

  it('lists exactly the projects whose tech lists name a technology, in one plain sentence', async () => {
    const { ask } = visit()
    for (const tech of ['Kafka', 'Redis', 'Stripe', 'Terraform', 'GraphQL']) {
      expect(TECH).toContain(tech)
      const using = compiled.projects.filter((project) => projectTech(project).includes(tech))
      const reply = await ask(`Which projects use ${tech.toLowerCase()}?`)
      const said = replyText(reply)
      if (using.length === 0) {
        expect(said).toBe('No answer.')
        continue
      }
      expect(said.split('\n')[0]).toBe(
        using.length === 1 ? `One project uses ${tech}:` : `${using.length} projects use ${tech}:`,
      )
      expect(links(reply)).toEqual(using.slice(0, 10).map((project) => `/projects/${String(project.id)}`))
    }
  })

  it("rewrites only the edited project's file when its prose changes", () => {
    const project = compiled.projects[3]!
    const prose = project.sections.findIndex((s) => s.kind === 'prose')
    const edited = {
      ...project,
      sections: project.sections.map((section, i) =>
        i === prose && section.kind === 'prose'
          ? { ...section, body: `${section.body}<p>One more sentence.</p>` }
          : section,
      ),
      // What compiling the edited markdown adds beside its HTML: the chat reads these.
      blocks: project.blocks.map((blocks, i) =>
        i === prose
          ? { ...blocks, body: [...(blocks.body ?? []), { lead: '', text: 'One more sentence.', itemLeads: [] }] }
          : blocks,
      ),
    }
    const before = projectChat(project)
    const after = projectChat(edited)
    expect(after.json).not.toBe(before.json)
    expect(after.summary).toEqual(before.summary)
  })
})
