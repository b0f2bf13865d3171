import { beforeAll, describe, expect, it } from 'vitest'
import { replyText } from '../../site/src/chat/reply.ts'
import { openShippedChat, states, type Fact, type ShippedChat } from '../helpers/chat-harness.ts'

/**
 * How the assistant reads the shape of a question (choose-passages.ts, chat-search.ts) over the
 * shipped content: whom a project serves, what a role does, a project called by a short name, what
 * a table holds. Each question here must be answered; they steered the change that made them so
 * (the held-out rounds in chat-held-out.test.ts did not).
 */

let chat: ShippedChat
beforeAll(async () => {
  chat = await openShippedChat()
}, 120_000)

async function expectAnswer(question: string, fact: Fact): Promise<string> {
  const reply = await chat.ask(question)
  const said = replyText(reply)
  expect(states(reply, fact), `${question}\n-> ${said}`).toBe(true)
  return said
}

describe('the assistant on whom a project serves', () => {
  it('answers "who is it for" with the audience, although the question holds only the project name', async () => {
    await expectAnswer('Who is Shop++ built for?', { says: [/pet owners/i, /retailers/i] })
    await expectAnswer('Who uses Warehouse Booking?', { says: [/businesses/i, /property owners/i] })
    await expectAnswer('What is the target audience of TodoApp Pro?', { says: [/students/i] })
  })

  it('shows the audience alone, not a passage that only matches the project name', async () => {
    const said = await expectAnswer('Who uses Warehouse Booking?', { says: [/built for/] })
    expect(said).not.toMatch(/webhook|Nginx/)
  })
})

describe('the assistant on what a role does', () => {
  it('answers from the list that leads with the role, not from the audience names', async () => {
    await expectAnswer('What are partners responsible for on logic-i?', { says: [/list and manage/] })
    await expectAnswer('What do admins do on logic-i?', { says: [/review listings/, /verify accounts/] })
  })

  it('does not take a compound the role begins ("admin-only dashboard") for the role acting', async () => {
    await expectAnswer('What can an admin do on the listing platform?', { says: [/approve|reject/] })
  })
})

describe('the assistant on a project called by a short name', () => {
  it('scopes "the listing platform" and "the pet store" to their project', async () => {
    await expectAnswer('Which sign-in options does the listing platform have?', {
      says: [/Google/],
      not: ['AuthStack', 'logic-i', 'Shop++'],
    })
    await expectAnswer('Who is the pet store meant for?', { says: [/pet owners/i], not: ['Warehouse', 'TodoApp'] })
  })
})

describe('the assistant on what a table holds', () => {
  it('answers "what does the table store" with its fields, the verb being how the question is put', async () => {
    await expectAnswer('What does the AuthStack users table store?', { says: ['firstName', 'emailVerified'] })
  })

  it('shows the rows a question asks about, not every row of the section', async () => {
    const said = await expectAnswer('Which admin endpoints does the listing platform have?', {
      says: ['/api/admin/warehouses/pending'],
    })
    expect(said).not.toContain('/api/auth/login')
  })

  it('shows the test cards themselves, not only the sentence that introduces them', async () => {
    await expectAnswer('Which test cards work on the pet store checkout?', {
      says: ['4111 1111 1111 1111', '5267 3181 8797 5449'],
    })
  })
})

describe('the assistant on where a project runs and where its code is', () => {
  it('answers with the live demo and the repository, each address a link', async () => {
    const reply = await chat.ask('Where is the Warehouse Booking live demo?')
    expect(replyText(reply)).toContain('https://warehouse-booking.aaravsharma.dev')
    expect(reply.paragraphs.flat()).toContainEqual({
      kind: 'link',
      text: 'https://github.com/aarav-sharma-dev/warehouse-booking',
      href: 'https://github.com/aarav-sharma-dev/warehouse-booking',
    })
  })

  it('shows the address of a link the prose names only by its words ("on GitHub")', async () => {
    await expectAnswer('How do I report a bug in AuthStack?', {
      says: ['https://github.com/aarav-sharma-dev/authstack/issues'],
    })
  })
})

describe('the assistant on a question that names the owner', () => {
  it("answers from the owner's passages first, not from a project's words", async () => {
    const said = await expectAnswer("What's Aarav's e-mail address?", { says: ['hello@aaravsharma.dev'] })
    expect(said).not.toMatch(/verification|one-time code/)
  })

  it('takes "he" for the owner, and "his apps" for his projects', async () => {
    await expectAnswer('Where is his code?', { says: ['https://github.com/aarav-sharma-dev'] })
    await expectAnswer('What does he use to send e-mails from his apps?', { says: ['Nodemailer'] })
  })

  it('takes "she" and "her" for the owner as it takes "he" and "his": the tool serves any owner', async () => {
    for (const [his, her] of [
      ['Where is his code?', 'Where is her code?'],
      ['Is he familiar with Google sign-in?', 'Is she familiar with Google sign-in?'],
    ] as const)
      expect(replyText(await chat.ask(her))).toBe(replyText(await chat.ask(his)))
    await expectAnswer('Where is her code?', { says: ['GitHub (https://github.com/aarav-sharma-dev)'] })
  })

  it("lets a passage win over a quick question's keyword that says nothing of the rest", async () => {
    const said = await expectAnswer('Is he familiar with Google sign-in?', { says: [/Google/] })
    expect(said).not.toContain('Demo data is auto-seeded')
  })

  it("answers from every passage what the owner's do not state", async () => {
    await expectAnswer('How does Aarav detect cycles between task dependencies?', { says: [/cycle detection/i] })
    await expectAnswer('Which project of Aarav uses a trie?', { says: ['TodoApp Pro'] })
  })
})

describe('the assistant on a word spelled as the content spells it', () => {
  it('does not read it as a typo of another word ("redis" is not "relied")', async () => {
    await expectAnswer('Does Aarav know redis?', { says: ['Redis'] })
    expect(replyText(await chat.ask('Any redis experience?'))).not.toMatch(/relied/)
  })
})

describe('the assistant on what a question asks beyond its words', () => {
  it('answers "how long" with a duration, not with any digits next to the words', async () => {
    const said = await expectAnswer('How long does a Warehouse Booking login last?', { says: ['24h'] })
    expect(said.split('\n')[0]).toContain('expire after 24h')
  })

  it('answers "who are the users of" with the audience', async () => {
    await expectAnswer('Who are the users of Warehouse Booking?', { says: [/businesses/i, /property owners/i] })
  })

  it('answers an event with the passage telling what follows it, not one that only names it', async () => {
    await expectAnswer('What happens after Razorpay captures a Warehouse Booking payment?', { says: [/webhook/] })
    await expectAnswer('What does TodoApp Pro do when it starts?', { says: [/rebuil/] })
  })
})
