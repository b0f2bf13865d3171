import { beforeAll, describe, expect, it } from 'vitest'
import { answerRate, openShippedChat, type Fact, type ShippedChat } from '../helpers/chat-harness.ts'

/**
 * Issue 48, second round: a development set of recruiter questions for the six classes the chat
 * still missed (a list inside prose, a process across sections, a number inside a sentence, an
 * answer held in a table or cards, who does what, words the content does not use), written before
 * the second change and used to make it. Facts from projects/*.yaml and portfolio.yaml, asked in
 * other words than the class sets (chat-classes.test.ts) and the answers table (chat-answers.test.ts).
 * The held-out set (chat-held-out.test.ts) was written after the change and measures it.
 */

const LISTS: [string, Fact][] = [
  ['Which algorithms are in the TodoApp Pro stack?', { says: ['Binary heap', 'LRU cache'] }],
  [
    'What does the booking catalogue show for each warehouse?',
    { says: ['location', 'square feet', 'monthly price', 'amenities'] },
  ],
  ['Which paths does Nginx forward to the logic-i API?', { says: ['/api', '/auth', '/payments'] }],
  ['What is reset in the pet store demo every night?', { says: ['catalogue', 'cart', 'order history'] }],
  ['What does Joi check in AuthStack?', { says: ['e-mail format', 'password rules', 'code length'] }],
  [
    'Which free-text fields get sanitized on logic-i?',
    { says: ['listing descriptions', 'inquiry messages', 'rejection feedback'] },
  ],
  ['What do admins see on the Warehouse Booking dashboard?', { says: ['bookings', 'payments', 'occupancy'] }],
  ['What are the ways to get in touch with Aarav?', { says: ['hello@aaravsharma.dev', /LinkedIn/i] }],
  [
    'What does Aarav pay attention to that a screenshot does not show?',
    { says: ['input validation', 'password hashing', 'webhook verification'] },
  ],
  ['Which hot paths are cached in logic-i?', { says: ['Redis'] }],
]

const PROCESSES: [string, Fact][] = [
  ['What happens to a listing once an admin approves it on the listing platform?', { says: [/public/] }],
  ['Describe the passwordless login flow in AuthStack', { says: [/6-digit/, /single use|expire/] }],
  ['What happens if I try to book dates that are already taken on Warehouse Booking?', { says: [/double booking/] }],
  ['What happens when a new user registers on AuthStack?', { says: ['emailVerified'] }],
  ['What happens after a successful payment on logic-i?', { says: [/booking number/] }],
  ['How are schema changes rolled out on logic-i?', { says: [/migrations/] }],
  ['How does the nightly demo reset work on logic-i?', { says: [/cron|10K\+/] }],
  ['How do I contribute to logic-i?', { says: [/fork/i, /pull request/] }],
  ['What happens when a Shop++ customer writes a review?', { says: [/verified/] }],
  [
    'What does a request go through in AuthStack before it reaches a controller?',
    { says: [/rate limiter/, /validation/] },
  ],
]

const NUMBERS: [string, Fact][] = [
  ['How many health products does the pet shop demo list?', { says: ['20+'] }],
  ['How many days are product images cached on Shop++?', { says: ['30 days'] }],
  ['When does a TodoApp Pro token expire?', { says: ['24h'] }],
  ['How many route groups does the listing platform API have?', { says: [/three|3 route/i] }],
  ['How many review steps does a logic-i listing need?', { says: [/two review steps|two-step/] }],
  ['How many years of full-stack work does Aarav have?', { says: [/1 year/] }],
  ['How long is the OTP rate-limit window?', { says: [/15 minute/] }],
  ['How many characters may a logic-i location have?', { says: ['255'] }],
  ['How many demo transactions does the logic-i reseed restore?', { says: ['10K+'] }],
  ['How many concurrent users did the k6 test simulate?', { says: ['500'] }],
]

const ROWS: [string, Fact][] = [
  ['What columns does the logic-i warehouses table have?', { says: ['pricePerMonth', 'rejectionFeedback'] }],
  ["What's in a TodoApp Pro analytics document?", { says: ['averagePriority', 'productivityIndex'] }],
  ['What fields does the AuthStack otps table hold?', { says: ['expiresAt', 'used'] }],
  ['List the fields of a Warehouse Booking booking', { says: ['startDate', 'totalAmount', 'paymentStatus'] }],
  [
    'Which endpoints does the listing platform expose?',
    { says: ['/api/warehouses/public', '/api/admin/warehouses/pending'] },
  ],
  ['Which API route checks whether a warehouse is free?', { says: ['/check-availability'] }],
  ['Which Shop++ endpoint returns my past orders?', { says: ['/api/orders/my-orders'] }],
  ['Which Mastercard number can I use on the pet store checkout?', { says: ['5267 3181 8797 5449'] }],
  [
    'What test cards work on Warehouse Booking?',
    { says: ['4111 1111 1111 1111', '5267 3181 8797 5449'], not: ['TodoApp', 'AuthStack', 'Listing'] },
  ],
  ['How are users and orders related in Shop++?', { says: [/one-to-many/] }],
]

const WHO: [string, Fact][] = [
  ['What do admins do on logic-i?', { says: [/review listings/, /verify accounts/] }],
  ['What can a guest do on Warehouse Booking?', { says: [/browse/, /book/] }],
  ['What can property owners do on the warehouse listing platform?', { says: [/list|create listings/] }],
  ['Who approves listings on the listing platform?', { says: [/admin/i, /approve/] }],
  ['What do registered Shop++ users get that guests do not?', { says: ['cart', 'wishlist', 'order history'] }],
  ['Who approves bookings on Warehouse Booking?', { says: [/admin/i, /approve/] }],
  ['What does a logic-i user do on the platform?', { says: [/search/, /inquiries/, /book/] }],
  ["What's a partner's role on logic-i?", { says: [/list and manage/] }],
  ['Who can see pending listings on the listing platform?', { says: ['isAdmin'] }],
  ['Who is TodoApp Pro meant for?', { says: [/students/i] }],
]

const ABSENT: [string, Fact][] = [
  ['How is money represented in the logic-i database?', { says: ['DECIMAL(10,2)'] }],
  ['Can attackers find out which e-mails are registered on AuthStack?', { says: [/same message/] }],
  ['Is the logic-i API scaled across CPU cores?', { says: ['cluster mode'] }],
  ['What secures HTTPS on his servers?', { says: [/Let's Encrypt/] }],
  ["How does TodoApp Pro stop one user seeing another's tasks?", { says: ['userId'] }],
  ['How are duplicate webhook deliveries handled?', { says: [/idempotent/] }],
  ['What stops a customer tampering with prices in the pet store?', { says: [/recalculat/] }],
  ['Does logic-i defend against cross-site scripting?', { says: ['XSS'] }],
  ['What happens if the Shop++ server crashes?', { says: [/restarts it on failure/] }],
  ['Where are listing photos kept on the listing platform?', { says: [/disk/] }],
]

export const DEV_SETS = { lists: LISTS, processes: PROCESSES, numbers: NUMBERS, rows: ROWS, who: WHO, absent: ABSENT }

let chat: ShippedChat
beforeAll(async () => {
  chat = await openShippedChat()
}, 120_000)

describe('the assistant on the second development set of issue 48', () => {
  it('answers the development set with the fact asked for', async () => {
    const all = Object.values(DEV_SETS).flat()
    expect(all.length).toBeGreaterThanOrEqual(55)
    for (const [name, set] of Object.entries(DEV_SETS)) await answerRate(chat, `dev ${name}`, set)
    // Before the change: 60.0% (36/60); after: 65.0% (39/60). Third change (a lexicon of software
    // and recruiting concepts, site/src/chat/concepts/): 76.7% (46/60), absent words 2/10 -> 7/10.
    // Most misses left are who-does-what questions answered by a neighbouring passage and lists
    // asked in words no passage heads. Fourth change (the audience passage, role lists' headlines,
    // short project names, soft framing words): 80.0% (48/60), who 8/10.
    expect(await answerRate(chat, 'dev', all)).toBeGreaterThanOrEqual(0.8)
  })
})
