import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkAndCompile } from '../../cli/build/check-and-compile.ts'
import { chatFilesOf } from '../../cli/generate/chat-index.ts'
import { BUDGETS, kb } from '../../scripts/audit/budgets.ts'
import { openChatLibrary, type ChatLibrary } from '../../site/src/chat/chat-search.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import { smallTalkReplies } from '../../site/src/chat/knowledge.ts'
import { replyText, replyTo, type ChatKnowledge, type Reply } from '../../site/src/chat/reply.ts'
import { REPO_ROOT } from '../helpers/fixtures.ts'

/**
 * The assistant against the real index of the shipped content: questions in a recruiter's words
 * (paraphrases, typos, lower and upper case, facts deep inside a section, "which projects use",
 * small talk, quick-question keywords), each with what its answer must say. At least 90% must
 * hit; questions the content cannot answer must all get the fallback, never a passage.
 */

type Expect =
  | { says: (string | RegExp)[]; not?: string[] }
  | 'fallback'
  | 'greeting'
  | 'thanks'
  | 'identity'
  | 'abilities'
  | 'goodbye'

const QUESTIONS: [string, Expect][] = [
  // Facts deep inside a case study, in other words than the content's.
  ["What's the OTP rate limit?", { says: [/3 (requests )?per 15 minutes/, 'AuthStack'] }],
  ['how many otp requests can someone make', { says: [/3 (requests )?per 15 minutes/] }],
  ['How does the payment webhook signature check work?', { says: ['signature', 'Warehouse Booking'] }],
  ['How long is the JWT valid?', { says: ['24h'] }],
  ['how long do tokens last', { says: ['24h'] }],
  ['How are passwords stored?', { says: ['bcrypt'] }],
  ['how many salt rounds for bcrypt', { says: ['12 salt rounds'] }],
  ['What database does the pet shop use?', { says: ['MongoDB', 'Shop++'] }],
  ['How is AuthStack deployed?', { says: ['Nginx', 'PM2'] }],
  ['what port does the authstack api listen on', { says: ['8004'] }],
  ['How many concurrent users was logic-i load tested with?', { says: ['500 concurrent users'] }],
  ['whats the uptime of logic-i', { says: ['99.9%'] }],
  ['How does the listing approval work?', { says: [/approv/] }],
  ['demo login for authstack', { says: ['demo@authstack.aaravsharma.dev'] }],
  ['How much is the booking fee on logic-i?', { says: ['1,000 rupee'] }],
  ['What currency do payments use?', { says: ['INR'] }],
  ['How many data structures does the todo app use?', { says: ['19'] }],
  ['Does the task manager have search?', { says: ['n-gram search'] }],
  ['Can guests check out without an account in the pet store?', { says: ['Guests can', 'Shop++'] }],
  ['How are reviews rated?', { says: ['1 to 5'] }],
  ['What happens if a payment is cancelled in logic-i?', { says: [/inquir/] }],
  ["What's the max review time for listings?", { says: ['24h'] }],
  ['What does the health endpoint do?', { says: ['/api/health'] }],
  ['how are profile photos uploaded', { says: ['image types'] }],
  ['which project has a trie', { says: ['TodoApp Pro'] }],
  ['does he have payment integration experience', { says: ['Razorpay'] }],
  // Typos and case.
  ['wat is the otp rate limt', { says: [/3 (requests )?per 15 minutes/] }],
  ['razorpay webhok verification', { says: ['signature'] }],
  ['passwrd hashing', { says: ['bcrypt'] }],
  ['WHERE IS HE LOCATED', { says: ['India'] }],
  // The owner.
  ['Where is he based?', { says: ['India'] }],
  ['where does aarav live', { says: ['India'] }],
  ['Is he open to relocation?', { says: [/relocat/] }],
  ['tell me about authstack', { says: ['AuthStack', /authentication/i] }],
  // Which projects use …
  [
    'which projects use Redis',
    { says: ['One project uses Redis:', 'logic-i'], not: ['AuthStack', 'Shop++', 'TodoApp Pro', 'Warehouse'] },
  ],
  ['What projects use MongoDB?', { says: ['Shop++', 'TodoApp Pro'], not: ['logic-i', 'AuthStack', 'Warehouse'] }],
  [
    'which apps are built with razorpay',
    { says: ['logic-i', 'Warehouse Booking', 'Shop++'], not: ['AuthStack', 'TodoApp Pro'] },
  ],
  ['which projects use mongo', { says: ['Shop++', 'TodoApp Pro'], not: ['logic-i'] }],
  // Small talk.
  ['hello', 'greeting'],
  ['hi there!', 'greeting'],
  ['thanks!', 'thanks'],
  ['thank you so much', 'thanks'],
  ['who are you?', 'identity'],
  ['what can you do', 'abilities'],
  ['bye', 'goodbye'],
  // Quick-question keywords.
  ['Tell me about the flagship', { says: ['logic-i is the flagship'] }],
  ['How can I reach him?', { says: ['hello@aaravsharma.dev'] }],
  ['Is he available for hire?', { says: ['available for interviews'] }],
  ["where's the resume", { says: ['Download Resume'] }],
  ['What test card can I use?', { says: ['4111 1111 1111 1111'] }],
  // What the content cannot answer.
  ['What is the weather like today?', 'fallback'],
  ['Does he know Kubernetes?', 'fallback'],
  ["What's his salary expectation?", 'fallback'],
  ['Does he speak German?', 'fallback'],
  ['What is his favourite food?', 'fallback'],
  ['Which projects use Kotlin?', 'fallback'],
  ['Does he have a driving licence?', 'fallback'],
]

let knowledge: ChatKnowledge
let library: ChatLibrary
let overviewJson: string
/** Each question's reply, with the passages it needs loaded (as the chat loads them). */
const replies = new Map<string, Reply>()

beforeAll(async () => {
  const { compiled } = await checkAndCompile(REPO_ROOT)
  if (!compiled) throw new Error('the shipped content does not compile')
  const files = new Map(chatFilesOf(compiled).map((file) => [file.path, file.contents]))
  overviewJson = files.get(chatData.overview.file)!
  library = openChatLibrary(JSON.parse(overviewJson), async (id) => JSON.parse(files.get(chatData.project.file(id))!))
  const portfolio = compiled.portfolio as {
    owner: { name: string }
    contact: { email: string }
    chat: {
      greeting: string
      fallback: string
      quickQuestions: ChatKnowledge['quickQuestions']
      smallTalk?: Parameters<typeof smallTalkReplies>[0]
    }
  }
  const { chat } = portfolio
  knowledge = {
    quickQuestions: chat.quickQuestions,
    fallback: chat.fallback,
    smallTalk: smallTalkReplies(
      chat.smallTalk,
      portfolio.owner.name,
      portfolio.contact.email.replace(/^mailto:/, ''),
      chat.greeting,
    ),
    search: null,
  }
  for (const [question] of QUESTIONS)
    replies.set(question, replyTo(question, { ...knowledge, search: await library.searchFor(question) }))
}, 120_000)

function hits(reply: Reply, expected: Expect): boolean {
  const said = replyText(reply)
  if (expected === 'fallback') return said === knowledge.fallback && reply.suggestions.length > 0
  if (typeof expected === 'string') return said === knowledge.smallTalk[expected]
  return (
    expected.says.every((fact) => (typeof fact === 'string' ? said.includes(fact) : fact.test(said))) &&
    !(expected.not ?? []).some((word) => said.includes(word))
  )
}

describe('the assistant on the shipped content', () => {
  it(`answers at least 90% of ${QUESTIONS.length} recruiter questions with the fact asked for`, () => {
    const misses = QUESTIONS.filter(([question, expected]) => !hits(replies.get(question)!, expected))
    const rate = 1 - misses.length / QUESTIONS.length
    console.log(`chat hit rate: ${(rate * 100).toFixed(1)}% (${QUESTIONS.length - misses.length}/${QUESTIONS.length})`)
    for (const [question] of misses)
      console.log(`  missed: ${question}\n    -> ${replyText(replies.get(question)!).replace(/\n/g, ' | ')}`)
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40)
    expect(rate).toBeGreaterThanOrEqual(0.9)
  })

  it('gives the honest fallback, not a passage, to every question the content cannot answer', () => {
    const unanswerable = QUESTIONS.filter(([, expected]) => expected === 'fallback').map(([question]) => question)
    expect(unanswerable.filter((question) => !hits(replies.get(question)!, 'fallback'))).toEqual([])
  })

  it('links each passage answer to its section, and the overview fits the byte budget', () => {
    const reply = replies.get('How does the payment webhook signature check work?')!
    const links = reply.paragraphs.flat().filter((part) => part.kind === 'link')
    expect(links[0]).toEqual({
      kind: 'link',
      text: 'Warehouse Booking · Security Implementation',
      href: '/projects/warehouse-booking#security',
    })
    for (const link of links)
      expect(link).toMatchObject({ href: expect.stringMatching(/^\/projects\/warehouse-booking#/) })
    const gzip = gzipSync(overviewJson, { level: 9 }).length
    console.log(`chat overview: ${(overviewJson.length / 1000).toFixed(1)} kB, ${kb(gzip).toFixed(1)} kB gzip`)
    expect(kb(gzip)).toBeLessThanOrEqual(BUDGETS.chatIndexKb)
  })
})
