import { chatPortfolio } from '../helpers/chat-content.ts'
import { describe, expect, it } from 'vitest'
import { chatOverviewJson, chatPosts } from '../../cli/generate/chat-index.ts'
import { CHAT_POSTS, postPassages, type ChatPortfolio } from '../../cli/generate/chat-passages.ts'
import type { PostSummary, RenderedPost } from '../../cli/content/content-types.ts'
import { openChatLibrary } from '../../site/src/chat/chat-search.ts'
import { smallTalkReplies } from '../../site/src/chat/knowledge.ts'
import { replyText, replyTo, type ChatKnowledge } from '../../site/src/chat/reply.ts'

const portfolio: ChatPortfolio = chatPortfolio({
  owner: { name: 'Jane Doe', role: 'Developer', location: 'Lisbon', yearsInOperations: '3', yearsFullStack: '2' },
  about: { title: 'About', body: 'I build **web apps** for shops.' },
  techStack: { title: 'Tech Stack', groups: [{ name: 'DevOps', items: ['Nginx', 'Docker'] }] },
  contact: { title: 'Contact', body: 'Write to me.', email: 'mailto:jane@example.com' },
  links: { github: 'https://github.com/jane', linkedin: 'https://linkedin.com/in/jane' },
})

const summary = (slug: string, published: string, extra: Partial<PostSummary> = {}): PostSummary => ({
  slug,
  title: slug,
  summary: 'A post.',
  published,
  tags: [],
  projects: [],
  words: 400,
  readingMinutes: 2,
  ...extra,
})

const webhooks = summary('verifying-webhooks', '2026-03-14', {
  title: 'Verifying Razorpay webhooks in Express',
  summary: 'Why the raw body matters when you check a payment signature, and how to compare it in constant time.',
  tags: ['Node.js', 'payments'],
})
const rotation = summary('token-rotation', '2026-02-01', {
  title: 'Rotating refresh tokens without logging everyone out',
  summary: 'A family of refresh tokens, reuse detection and a grace period for requests in flight.',
  tags: ['security'],
})
const outline: RenderedPost['outline'] = [{ id: 'constant-time', text: 'Compare in constant time', level: 2 }]

function chatWith(posts: readonly PostSummary[]) {
  const overview = JSON.parse(chatOverviewJson(portfolio, [], chatPosts(posts, [{ ...webhooks, outline, parts: [] }])))
  const library = openChatLibrary(overview, async () => {
    throw new Error('no project files')
  })
  const knowledge: ChatKnowledge = {
    quickQuestions: [],
    smallTalk: smallTalkReplies({ thanks: 'My pleasure.' }, 'Jane Doe', 'jane@example.com', 'Hi!'),
    fallback: 'I do not know that yet.',
    search: null,
  }
  return async (question: string) => replyTo(question, { ...knowledge, search: await library.searchFor(question) })
}

describe('the chat on posts', () => {
  it('answers "has she written about X" with the post and a link to it', async () => {
    const ask = chatWith([webhooks, rotation])
    const payments = await ask('Has she written about payments?')
    expect(replyText(payments)).toContain('Verifying Razorpay webhooks in Express')
    expect(payments.paragraphs.at(-1)).toContainEqual({
      kind: 'link',
      text: 'Writing · Verifying Razorpay webhooks in Express',
      href: '/writing/verifying-webhooks',
    })
    expect(replyText(await ask('Any blog articles on refresh tokens?'))).toContain('Rotating refresh tokens')
    // A heading of the post's text finds it too.
    expect(replyText(await ask('Did she write about constant time comparison?'))).toContain('Verifying Razorpay')
  })

  it('leaves out drafts and posts published elsewhere, and keeps the newest CHAT_POSTS', () => {
    const external = summary('elsewhere', '2026-04-01', { external: { url: 'https://dev.to/jane/x', feed: 'dev.to' } })
    const draft = summary('unfinished', '2026-04-02', { draft: true })
    expect(postPassages([draft, external, webhooks]).map((p) => p.url)).toEqual(['/writing/verifying-webhooks'])
    const many = Array.from({ length: CHAT_POSTS + 5 }, (_, i) => summary(`p-${i}`, '2026-01-01'))
    expect(postPassages(many)).toHaveLength(CHAT_POSTS)
  })
})
