import { chatPortfolio, chatProject } from '../helpers/chat-content.ts'
import { describe, expect, it } from 'vitest'
import { chatOverviewJson, projectChat } from '../../cli/generate/chat-index.ts'
import type { ChatPortfolio, ChatProject } from '../../cli/generate/chat-passages.ts'
import { openChatLibrary } from '../../site/src/chat/chat-search.ts'
import { smallTalkReplies } from '../../site/src/chat/knowledge.ts'
import { replyText, replyTo, tokenize, type ChatKnowledge } from '../../site/src/chat/reply.ts'

const portfolio: ChatPortfolio = chatPortfolio({
  owner: {
    name: 'Jane Doe',
    role: 'Developer',
    location: 'Lisbon, Portugal',
    yearsInOperations: '3',
    yearsFullStack: '2',
  },
  about: { title: 'About', body: 'I build **web apps** for shops.' },
  techStack: { title: 'Tech Stack', groups: [{ name: 'DevOps', items: ['Nginx', 'Docker'] }] },
  contact: { title: 'Contact', body: 'Write to me.', email: 'mailto:jane@example.com' },
  links: { github: 'https://github.com/jane', linkedin: 'https://linkedin.com/in/jane' },
})
const projects: ChatProject[] = (
  [
    {
      id: 'logic-i',
      title: 'logic-i',
      description: 'Enterprise warehouse management SaaS with bookings and payments.',
      tech: ['React', 'MySQL', 'Razorpay'],
      sections: [
        {
          id: 'security',
          title: 'Security Implementation',
          kind: 'prose',
          body: '- **Webhooks.** The Razorpay webhook signature is checked with HMAC-SHA256 before a booking is confirmed.\n- Names are *sanitised*: &lt;b&gt;bold&lt;/b&gt; stays text.',
        },
      ],
    },
    {
      id: 'authstack',
      title: 'AuthStack',
      description: 'Authentication system with email OTP and Google sign-in.',
      tech: ['Node.js', 'JWT', 'Redis'],
      sections: [
        {
          id: 'features',
          title: 'Core Features',
          kind: 'features',
          items: [
            { title: 'OTP rate limiting', description: 'Codes are limited to 3 requests per 15 minutes per address.' },
          ],
        },
        {
          id: 'deployment',
          title: 'Deployment Setup',
          kind: 'prose',
          body: 'Runs behind Nginx.\n\n```\nlisten 443 ssl;\n```',
        },
      ],
    },
  ] satisfies Omit<ChatProject, 'blocks'>[]
).map(chatProject)
const files = new Map(projects.map((project) => [project.id, projectChat(project)]))
const library = openChatLibrary(
  JSON.parse(
    chatOverviewJson(
      portfolio,
      [...files.values()].map((file) => file.summary),
    ),
  ),
  async (id) => JSON.parse(files.get(id)!.json),
)
const smallTalk = smallTalkReplies({ thanks: 'My pleasure.' }, 'Jane Doe', 'jane@example.com', 'Hi! Ask me anything.')
const knowledge: ChatKnowledge = {
  quickQuestions: [
    { question: 'What projects has Jane built?', answer: 'Six projects.', keywords: ['portfolio', 'work'] },
    { question: 'Is Jane available for interviews?', answer: 'Yes, available.', keywords: ['hiring', 'open to work'] },
    { question: 'How can I contact Jane?', answer: 'Write to jane@example.com.', keywords: ['email'] },
    { question: 'Where is the resume?', answer: 'In the footer.', keywords: ['cv'] },
  ],
  smallTalk,
  fallback: 'I do not know that yet.',
  search: null,
}
/** The reply with the passages the question needs loaded, as the chat gives it; `offline`: before any are. */
const ask = async (message: string, offline = false) =>
  replyTo(message, offline ? knowledge : { ...knowledge, search: await library.searchFor(message) })
const say = async (message: string, offline = false) => replyText(await ask(message, offline))

describe('replyTo', () => {
  it('answers a quick question asked with its exact text, ignoring case and punctuation', async () => {
    expect(await say('what projects has jane built')).toBe('Six projects.')
    expect(await say('Is Jane available for interviews?!')).toBe('Yes, available.')
  })

  it('answers a quick question by one of its keywords, including multi-word keywords', async () => {
    expect(await say('Are you hiring-ready?')).toBe('Yes, available.')
    expect(await say('Is she open to work right now')).toBe('Yes, available.')
    expect(await say('show me the portfolio')).toBe('Six projects.')
    expect(await say('what is her email')).toBe('Write to jane@example.com.')
  })

  it('lets a passage win over a keyword when it states more of the question', async () => {
    // "work" is a keyword of the first quick question; the passage holds webhook, signature and check.
    const reply = await ask('How does the webhook signature check work?')
    expect(replyText(reply)).toContain('HMAC-SHA256')
    expect(reply.paragraphs.at(-1)).toEqual([
      { kind: 'text', text: 'Read more: ' },
      { kind: 'link', text: 'logic-i · Security Implementation', href: '/projects/logic-i#security' },
    ])
  })

  it('answers a fact from inside a case study, with its project and a link to the section', async () => {
    const reply = await ask('what is the otp rate limit')
    expect(replyText(reply)).toContain(
      'AuthStack: OTP rate limiting: Codes are limited to 3 requests per 15 minutes per address.',
    )
    expect(reply.paragraphs.flat()).toContainEqual({
      kind: 'link',
      text: 'AuthStack · Core Features',
      href: '/projects/authstack#features',
    })
  })

  it('answers from the profile: location, tech stack, contact', async () => {
    expect(await say('Where is Jane based?')).toContain('Lisbon, Portugal')
    expect(await say('What is her DevOps stack?')).toContain('DevOps: Nginx, Docker.')
    expect(await say('github profile link')).toContain('https://github.com/jane')
  })

  it('lists the projects that use a technology, each linked', async () => {
    const reply = await ask('Which projects use Redis?')
    expect(reply.paragraphs[0]).toEqual([{ kind: 'text', text: 'One project uses Redis:' }])
    expect(reply.paragraphs.slice(1).flat()).toEqual([{ kind: 'link', text: 'AuthStack', href: '/projects/authstack' }])
    expect(replyText(await ask('what apps are built with react and razorpay'))).toBe(
      'One project uses React and Razorpay:\nlogic-i',
    )
  })

  it('answers small talk from the content, with defaults for what it leaves out', async () => {
    expect(await say('hello!')).toBe('Hi! Ask me anything.')
    expect(await say('thanks a lot')).toBe('My pleasure.')
    expect(await say('who are you?')).toContain("Jane Doe's portfolio")
    expect((await ask('what can you do')).suggestions).toEqual(
      knowledge.quickQuestions.slice(0, 3).map((q) => q.question),
    )
    expect(await say('bye')).toContain('jane@example.com')
    // A greeting with a question is a question.
    expect(await say('hi, where is Jane based?')).toContain('Lisbon')
  })

  it('uses the fallback, with quick questions to try, when nothing answers enough', async () => {
    for (const message of [
      'What is the weather like?',
      'Does she know Kubernetes?',
      'Which projects use Kotlin?',
      '   ',
    ]) {
      const reply = await ask(message)
      expect(replyText(reply), message).toBe('I do not know that yet.')
      expect(reply.suggestions).toHaveLength(3)
    }
  })

  it('still answers quick questions and small talk while the index is not loaded', async () => {
    expect(await say('open to work?', true)).toBe('Yes, available.')
    expect(await say('thanks', true)).toBe('My pleasure.')
    expect(await say('what is the otp rate limit', true)).toBe('I do not know that yet.')
  })

  it('gives content as text parts only: markup in the content stays text, code blocks are left out', async () => {
    const reply = await ask('are names sanitised')
    expect(replyText(reply)).toContain('<b>bold</b> stays text')
    expect(reply.paragraphs.flat().every((part) => part.kind === 'text' || part.kind === 'link')).toBe(true)
    expect(await say('listen 443 ssl')).toBe('I do not know that yet.')
  })
})

describe('tokenize', () => {
  it('keeps C++, C# and Node.js intact and drops sentence punctuation', () => {
    expect(tokenize('C++, C# and Node.js.')).toEqual(['c++', 'c#', 'and', 'node.js'])
  })
})
