import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUDGETS, kb } from '../../scripts/audit/budgets.ts'
import { replyText, type ChatKnowledge, type Reply } from '../../site/src/chat/reply.ts'
import { openShippedChat } from '../helpers/chat-harness.ts'

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
  // A list inside a passage: every item, not a summary or one default.
  [
    'Which product categories are there in the pet store?',
    { says: ['Cats', 'Dogs', 'Fish', 'Pet Accessories', 'Health', 'Supplies'] },
  ],
  ['What statuses can a task have?', { says: ['pending', 'in_progress', 'completed'] }],
  ['what states can a listing be in on the listing platform', { says: ['pending', 'approved', 'rejected'] }],
  ['What roles does logic-i have?', { says: [/user/i, /partner/i, /admin/i] }],
  ['What types of OTP codes are there?', { says: ['login', 'registration'] }],
  ['Which sign-in methods does AuthStack support?', { says: [/password/i, /OTP/, 'Google'] }],
  ['what payment methods can customers use in warehouse booking', { says: ['Cards', 'UPI'] }],
  // "What happens when / if …": the flow or rule the case study tells.
  ['What happens if the webhook signature does not match?', { says: ['400', 'Invalid signature'] }],
  ['What happens when a user abandons the payment in logic-i?', { says: [/inquir/] }],
  ['what happens if someone asks for a fourth OTP code', { says: [/refused|limit/], not: ['Shop++'] }],
  ['What happens when Razorpay retries a webhook?', { says: [/twice|idempotent/] }],
  ['What happens when an owner creates a new listing on the listing platform?', { says: ['pending'] }],
  ['What happens if a task dependency would create a cycle?', { says: [/cycle detection|refuses/] }],
  ['What happens when an admin rejects a listing in logic-i?', { says: [/feedback/, /resubmi/] }],
  // Yes/no questions and questions about a technology, answered from the stack or a section.
  ['Does he write TypeScript?', { says: ['TypeScript'] }],
  ['Which frontend framework does he use?', { says: ['React'] }],
  ['Does he have experience with payment gateways?', { says: ['Razorpay'] }],
  ['What databases does he know?', { says: ['MySQL', 'MongoDB'] }],
  ['Does he use Redis?', { says: ['Redis'] }],
  ['Has he done load testing?', { says: [/k6|500 concurrent users/] }],
  ['What CSS framework does he use?', { says: ['Tailwind CSS'] }],
  ['Which process manager does he deploy with?', { says: ['PM2'] }],
  ['Has he worked with Google OAuth?', { says: ['Google OAuth'] }],
  // "Which projects use X" for services: the projects built on it, in one plain sentence.
  [
    'Which projects take payments with Razorpay?',
    { says: ['3 projects use Razorpay:', 'logic-i', 'Warehouse Booking', 'Shop++'], not: ['AuthStack', 'TodoApp'] },
  ],
  ['which projects use razorpay', { says: ['3 projects use Razorpay:'], not: ['AuthStack', 'TodoApp', 'Listing'] }],
  [
    'Which apps send e-mails with Nodemailer?',
    {
      says: ['4 projects use Nodemailer:', 'AuthStack', 'logic-i', 'Shop++', 'Warehouse Booking'],
      not: ['TodoApp', 'Listing'],
    },
  ],
  ['Which projects use Chart.js?', { says: ['One project uses Chart.js:', 'TodoApp Pro'], not: ['logic-i', 'Shop++'] }],
  [
    'What projects use Multer for uploads?',
    { says: ['2 projects use Multer:', 'logic-i', 'Warehouse Listing'], not: ['AuthStack', 'Shop++', 'TodoApp'] },
  ],
  [
    'which of his projects are written in TypeScript',
    { says: ['2 projects use TypeScript:', 'logic-i', 'TodoApp Pro'], not: ['AuthStack', 'Shop++', 'Warehouse'] },
  ],
  ['Which projects use MySQL?', { says: ['4 projects use MySQL:'], not: ['Shop++', 'TodoApp'] }],
  // The detail asked for (a number, a duration, a code), not a cut before it.
  ['How long are uploaded images cached in logic-i?', { says: ['30 days'] }],
  ['What port does the logic-i API run on?', { says: ['8010'] }],
  ['How many listings does the listing platform have?', { says: ['200+'] }],
  ['How many warehouses are seeded in the booking demo?', { says: ['40+'] }],
  ['What does the webhook answer when validation throws an error?', { says: ['Webhook validation failed'] }],
  ['How many bookings per day does logic-i handle?', { says: ['100+'] }],
  ['How many dog products does the pet store have?', { says: ['25+'] }],
  ['In what unit is the Razorpay order amount?', { says: ['paise'] }],
  ['How many REST routes has he built?', { says: ['80+'] }],
  // A question about one project: that project's passage, not another's.
  [
    'How are sessions kept in the auth demo?',
    { says: ['AuthStack', /session/], not: ['logic-i', 'Shop++', 'Warehouse'] },
  ],
  [
    'How is the pet store deployed?',
    { says: ['Shop++', 'PM2'], not: ['AuthStack', 'logic-i', 'Warehouse', 'TodoApp'] },
  ],
  ['How are passwords stored in the pet shop?', { says: ['Shop++', 'bcrypt'], not: ['AuthStack', 'logic-i'] }],
  [
    'What database does the warehouse listing platform use?',
    { says: ['Warehouse Listing', 'MySQL'], not: ['Shop++', 'TodoApp'] },
  ],
  [
    'How does the booking app confirm payments?',
    { says: ['Warehouse Booking', 'webhook'], not: ['Shop++', 'AuthStack'] },
  ],
  ['What does the todo app use for charts?', { says: ['Chart.js'], not: ['logic-i', 'Recharts'] }],
  ['Is there a demo login for the task manager?', { says: ['demo@todoapppro.aaravsharma.dev'] }],
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
let overviewJson: string
/** Each question's reply, with the passages it needs loaded (as the chat loads them). */
const replies = new Map<string, Reply>()

beforeAll(async () => {
  const chat = await openShippedChat()
  knowledge = chat.knowledge
  overviewJson = chat.overviewJson
  for (const [question] of QUESTIONS) replies.set(question, await chat.ask(question))
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
    expect(QUESTIONS.length).toBeGreaterThan(90)
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
