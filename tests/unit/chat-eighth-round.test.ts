import { beforeAll, describe, expect, it } from 'vitest'
import { answerRate, openShippedChat, type Fact, type ShippedChat } from '../helpers/chat-harness.ts'

/**
 * Issue 48, part 1, eighth round. The set below was written before the round's changes, in new
 * words, and committed before the chat was run on it; its misses were then the round's development
 * set, so it is not a measure of the change. Classes: the sixth and seventh rounds' (general, the
 * owner, lists inside prose, processes, numbers in a sentence, a table's rows or the cards, who does
 * what, links, rules asked in the visitor's words). Facts from portfolio.yaml and projects/*.yaml.
 */
const EIGHTH_BEFORE: Record<string, [string, Fact][]> = {
  general: [
    ['What does Aarav use for styling the front end?', { says: ['Tailwind CSS'] }],
    ['Has he done any load testing?', { says: [/k6|500 concurrent/] }],
    ['Which ORM does he use with MySQL?', { says: ['Sequelize'] }],
    ['Does Aarav write TypeScript?', { says: ['TypeScript'] }],
    ['What is Shop++?', { says: [/pet/i] }],
    ['Which cache does logic-i rely on?', { says: ['Redis'] }],
    ['Where do his SSL certificates come from?', { says: ["Let's Encrypt"] }],
    ['Under what license is his code published?', { says: ['MIT'] }],
    ['Which web server sits in front of his apps?', { says: ['Nginx'] }],
  ],
  owner: [
    ['Which part of the world does Aarav live in?', { says: ['India'] }],
    ['Is Aarav willing to move for the right job?', { says: [/relocat/] }],
    ['Could Aarav join a fully distributed team?', { says: [/remote/] }],
    ['How much professional experience does Aarav have in total?', { says: [/7\+/, /1 year/] }],
    ['What industry did Aarav come from?', { says: [/business operations/i] }],
    ['What did Aarav do in his operations job?', { says: [/inventory|vendors/] }],
    ['How do I get in touch with Aarav by mail?', { says: ['hello@aaravsharma.dev'] }],
    ['Is Aarav free for a technical interview?', { says: [/interviews/] }],
    ['Is Aarav more of a front-end or a back-end engineer?', { says: [/full-stack/i] }],
    ['Where is his CV as a PDF?', { says: [/resume/i] }],
  ],
  lists: [
    [
      'How can businesses narrow down warehouse results on logic-i?',
      { says: ['location', 'size', 'facilities', 'price'] },
    ],
    ['What statuses can a TodoApp Pro task be in?', { says: ['pending', 'in_progress', 'completed'] }],
    [
      'What states can a listing be in on the Warehouse Listing Platform?',
      { says: ['pending', 'approved', 'rejected'] },
    ],
    ['What infrastructure does AuthStack run on?', { says: ['Nginx', 'PM2', 'Ubuntu'] }],
    ["Which data structures power TodoApp Pro's search?", { says: [/trie/i, /n-gram/i] }],
    ['What are logic-i admins in charge of?', { says: [/review listings|approve/, /verif/] }],
    ['What payment options does Warehouse Booking accept?', { says: [/UPI/] }],
    ['What does Shop++ keep about each product?', { says: ['stock', /specifications/] }],
    ['What does a Warehouse Booking confirmation e-mail contain?', { says: [/booking details/] }],
  ],
  processes: [
    ['What happens after a partner submits a new warehouse on logic-i?', { says: [/review|approv/] }],
    ['What happens when a TodoApp Pro user finishes tasks every day?', { says: [/streak/] }],
    ['What does AuthStack say when someone logs in with an unknown e-mail?', { says: [/same message|enumeration/] }],
    ['How does a logic-i booking get its booking number?', { says: [/verif/] }],
    ['What happens to a Warehouse Booking booking once the webhook is accepted?', { says: [/confirmed/, /e-mail/] }],
    ['What does a TodoApp Pro server restart do to its in-memory structures?', { says: [/rebuil/] }],
    ['How are new AuthStack accounts verified?', { says: [/emailVerified|registration/] }],
    ['What happens when I change the priority of a task in TodoApp Pro?', { says: [/heap/] }],
    ['What happens when I mistype a word in the TodoApp Pro search?', { says: [/n-gram|typos/] }],
    ['How does a Shop++ guest pay for an order?', { says: [/shipping address|Razorpay/] }],
  ],
  numbers: [
    ['How many salt rounds does AuthStack use?', { says: [/\b12\b/] }],
    ['How many bookings does logic-i handle each day?', { says: ['100+'] }],
    ["By how much did logic-i's response time improve?", { says: ['40%'] }],
    ["How much faster is AuthStack's login?", { says: ['35%'] }],
    ['How many warehouses are in the Warehouse Booking demo?', { says: ['40+'] }],
    ['How many dog products does the pet store have?', { says: ['25+'] }],
    ['Which port does the AuthStack API listen on?', { says: ['8004'] }],
    ['How long can an image URL be on the listing platform?', { says: ['500'] }],
    ['How many endpoints does AuthStack have?', { says: [/seven|\b7\b/i] }],
    ['How big a catalogue is Shop++ search designed for?', { says: ['1000+'] }],
    ["What's the booking fee on logic-i?", { says: [/1,000 rupee/] }],
  ],
  rows: [
    ['Which card numbers can I use to test a payment?', { says: ['4111 1111 1111 1111', '5267 3181 8797 5449'] }],
    ['Which endpoint lists the listings waiting for an admin?', { says: ['/api/admin/warehouses/pending'] }],
    ['What columns are in the logic-i payments table?', { says: ['razorpayPaymentId', 'currency'] }],
    ['Which endpoint returns my Shop++ order history?', { says: ['/api/orders/my-orders'] }],
    ['What fields does a TodoApp Pro task have?', { says: ['priority', 'dependencies'] }],
    [
      'How do I check on Warehouse Booking if a warehouse is free?',
      { says: ['/api/warehouses/{id}/check-availability'] },
    ],
    ['Which endpoint posts a product review on Shop++?', { says: ['/api/products/{id}/reviews'] }],
    ['What is stored for each warehouse on Warehouse Booking?', { says: ['pricePerMonth', 'amenities'] }],
    ['How are TodoApp Pro users and tasks related?', { says: [/one-to-many/] }],
    ["Which endpoint changes a task's priority?", { says: ['/api/tasks/{id}/priority'] }],
  ],
  who: [
    ['Which projects use Redis?', { says: ['logic-i'] }],
    ['Which apps store their data in MongoDB?', { says: ['Shop++', 'TodoApp Pro'] }],
    ['Which project was built for pet owners?', { says: ['Shop++'] }],
    ['Who approves bookings on Warehouse Booking?', { says: [/admins/i] }],
    ['Which projects use Chart.js?', { says: ['TodoApp Pro'] }],
    ['Which project has passwordless login?', { says: ['AuthStack'] }],
    ['Who is AuthStack aimed at?', { says: [/developers/i, /recruiters/i] }],
    ['Which projects are written in TypeScript?', { says: ['logic-i', 'TodoApp Pro'] }],
    ['Can guests check out on Shop++?', { says: [/without register|without an account|without logging/] }],
  ],
  links: [
    ['Where can I try logic-i online?', { says: ['logic-i.aaravsharma.dev'] }],
    ['Where is the source of the listing platform?', { says: ['github.com/aarav-sharma-dev/warehouse-listing'] }],
    ["What's the address of the TodoApp Pro demo?", { says: ['todoapppro.aaravsharma.dev'] }],
    ['Is the Shop++ code public?', { says: ['github.com/aarav-sharma-dev/shopplusplus'] }],
    ['How can I contribute to AuthStack?', { says: [/fork|pull request/] }],
    [
      'Where should I report a Warehouse Booking bug?',
      { says: ['github.com/aarav-sharma-dev/warehouse-booking/issues'] },
    ],
    ['Does Aarav have a LinkedIn page?', { says: ['linkedin.com/in/aarav-sharma-dev'] }],
    ['Where is Warehouse Booking running?', { says: ['warehouse-booking.aaravsharma.dev'] }],
  ],
  rules: [
    [
      'How does Warehouse Booking stop two companies renting the same space on the same dates?',
      { says: [/double bookings|existing bookings/] },
    ],
    ["Can a TodoApp Pro user see another person's tasks?", { says: [/never read|userId|isolation/] }],
    ["Can the public see listings that haven't been approved yet?", { says: [/approved/] }],
    ['Can a shopper change the price of an order from the browser?', { says: [/recalculat|never decides/] }],
    [
      'Does Warehouse Booking ship its Razorpay secret to the frontend?',
      { says: [/environment variables|never reach/] },
    ],
    ['Can someone inject database queries through the Shop++ search?', { says: [/NoSQL injection|query operators/] }],
    ['How does AuthStack stop someone guessing one-time codes?', { says: [/3 per 15 minutes|rate/] }],
    ['What if Razorpay sends the same webhook twice?', { says: [/idempotent|twice/] }],
    ['Where does AuthStack keep tokens in the browser?', { says: [/local storage/] }],
    ['Could a partner on logic-i approve their own listing?', { says: [/only admins/] }],
  ],
}

/**
 * Eighth round, written after the round's changes (commits "chat: a question about the owner that his
 * passages state only in part…" and "chat: a question asking for a place to go…") and committed before
 * the chat was run on it; not used to change it. New words, the first set's classes; facts from the
 * content.
 */
const EIGHTH_ROUND: Record<string, [string, Fact][]> = {
  general: [
    ['Has Aarav used Redux?', { says: ['Redux'] }],
    ['What does Aarav use to hash passwords?', { says: ['bcrypt'] }],
    ['Which library validates request bodies in his APIs?', { says: ['Joi'] }],
    ['What is TodoApp Pro?', { says: [/task manager/i] }],
    ['Which tool did he use for load tests?', { says: ['k6'] }],
    ['What does Aarav use for Google login?', { says: ['Passport'] }],
    ['Which build tool do his front ends use?', { says: ['Vite'] }],
  ],
  owner: [
    ['What country does Aarav live in?', { says: ['India'] }],
    ['Would Aarav relocate to Europe?', { says: [/relocat/] }],
    ['Can Aarav work for an employer in a different country?', { says: [/remote|relocat/] }],
    ['How many years has Aarav been coding?', { says: [/1 year/] }],
    ['What kind of work did Aarav do for seven years?', { says: [/business operations/i] }],
    ['What is the quickest way to reach Aarav?', { says: ['hello@aaravsharma.dev'] }],
    ['Is Aarav open to interviews right now?', { says: [/interviews/] }],
  ],
  lists: [
    ['What can Shop++ shoppers filter products by?', { says: ['category', 'price', 'rating'] }],
    ['What does the Warehouse Booking catalogue show for each warehouse?', { says: [/location/, /amenities/] }],
    ['What does TodoApp Pro keep on each user?', { says: [/preferences/, /streak/i] }],
    ['What does the logic-i booking form ask for?', { says: [/dates/, /requirements/] }],
    ['What are the three login options of AuthStack?', { says: [/password/i, /OTP|one-time/i, /Google/] }],
    ['What tools does the Shop++ admin console offer?', { says: [/products/, /orders/] }],
    ['Which infrastructure does TodoApp Pro use?', { says: ['Nginx', 'PM2'] }],
  ],
  processes: [
    ['What does a partner get when an admin says no to a logic-i listing?', { says: [/feedback/] }],
    ['How does Shop++ make sure a review is genuine?', { says: [/paid order|verified/] }],
    ['What happens when an AuthStack user asks for a fourth code within 15 minutes?', { says: [/refused|rate/] }],
    ['How does TodoApp Pro suggest task titles while I type?', { says: [/trie/] }],
    ['How does Warehouse Booking create the Razorpay order?', { says: [/paise/] }],
    ['What does logic-i save if a user closes the payment window?', { says: [/inquiry/] }],
    ["How does an owner's new listing become public on the listing platform?", { says: [/approv/] }],
  ],
  numbers: [
    ['How many categories does Shop++ have?', { says: [/six|\b6\b/i] }],
    ['How many digits are in an AuthStack one-time code?', { says: [/6-digit|6 digits/] }],
    ['How many salt rounds does the listing platform use?', { says: [/\b10\b/] }],
    ['How many listings are on the Warehouse Listing Platform?', { says: ['200+'] }],
    ['How many pet accessories does the Shop++ demo have?', { says: ['30+'] }],
    ["What port does logic-i's API use?", { says: ['8010'] }],
    ['How many health products are in the Shop++ demo?', { says: ['20+'] }],
  ],
  rows: [
    ['What test card can I pay with on Shop++?', { says: ['4111 1111 1111 1111'] }],
    ['Which endpoint approves a listing on the listing platform?', { says: ['/api/admin/warehouses/{id}/approve'] }],
    ['What fields does a Shop++ order have?', { says: ['totalAmount', 'shippingAddress'] }],
    ['Which endpoint sends an AuthStack one-time code?', { says: ['/api/auth/send-otp'] }],
    ['What columns are in the listing platform images table?', { says: ['imageUrl', 'isPrimary'] }],
    ['Which endpoint does Razorpay call on Warehouse Booking?', { says: ['/api/payments/webhook'] }],
    ['How are logic-i bookings and payments linked?', { says: [/one-to-one/] }],
  ],
  who: [
    ['Which projects use Razorpay?', { says: ['logic-i', 'Warehouse Booking', 'Shop++'] }],
    ['Which projects use Passport.js?', { says: ['AuthStack', 'Shop++', 'TodoApp Pro', 'Warehouse Listing Platform'] }],
    ['Who can see pending listings on the listing platform?', { says: [/isAdmin|admins/i] }],
    ['Which project is for developers learning secure login?', { says: ['AuthStack'] }],
    ['Who are the Shop++ customers?', { says: [/pet owners/i] }],
    ['Which project uses Redux Toolkit?', { says: ['Shop++'] }],
  ],
  links: [
    ['Where can I see the Shop++ store live?', { says: ['shopplusplus.aaravsharma.dev'] }],
    ['Where is the logic-i source code?', { says: ['github.com/aarav-sharma-dev/logic-i'] }],
    ['How do I open the AuthStack demo?', { says: ['authstack.aaravsharma.dev'] }],
    ['Where can I raise a TodoApp Pro issue?', { says: ['github.com/aarav-sharma-dev/todoapppro/issues'] }],
    ["What's Aarav's GitHub username?", { says: ['aarav-sharma-dev'] }],
    ['Is there a link to the listing platform demo?', { says: ['warehouse-listing.aaravsharma.dev'] }],
  ],
  rules: [
    ['Does logic-i let a user upload any file type?', { says: [/image types/] }],
    ['Can a shopper review a product they never bought?', { says: [/paid order|verified/] }],
    ['Can a TodoApp Pro task depend on itself in a loop?', { says: [/cycle/] }],
    ['Does AuthStack reveal whether an e-mail is registered?', { says: [/enumeration|same message/] }],
    ['Does the Warehouse Booking client send the amount to pay?', { says: [/never sends an amount|server/] }],
    ['Are logic-i passwords stored in plain text?', { says: ['bcrypt'] }],
    ['Can an upload on the listing platform choose its own file path?', { says: [/generated names/] }],
  ],
}

let chat: ShippedChat
beforeAll(async () => {
  chat = await openShippedChat()
}, 120_000)

describe('the eighth round of recruiter questions', () => {
  it("answers the round's first set, written before its changes and used to make them", async () => {
    const all = Object.values(EIGHTH_BEFORE).flat()
    expect(all.length).toBeGreaterThanOrEqual(80)
    for (const [name, set] of Object.entries(EIGHTH_BEFORE)) await answerRate(chat, `eighth before ${name}`, set)
    // Measured once before any change of the round (commit 22d38eb): 73.3% (63/86); general 5/9, owner
    // 6/10, lists 6/9, processes 8/10, numbers 11/11, rows 9/10, who 9/9, links 4/8, rules 5/10. Its
    // misses were then the round's development set: after the changes 87.2% (75/86); general 9/9, owner
    // 8/10, lists 8/9, processes 9/10, numbers 11/11, rows 9/10, who 9/9, links 7/8, rules 5/10. Not a
    // measure of the change. The floor keeps it from sliding back.
    expect(await answerRate(chat, 'eighth before', all)).toBeGreaterThanOrEqual(0.87)
  })

  it("answers the second set, written after the round's changes", async () => {
    const all = Object.values(EIGHTH_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const [name, set] of Object.entries(EIGHTH_ROUND)) await answerRate(chat, `eighth round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen, after the round's changes (commit
    // bcf9509): 75.4% (46/61); the same set on the chat at the round's start (commit 7035184, in a
    // temporary worktree, removed after): 75.4% (46/61). By class after (before): general 3/7 (4/7),
    // owner 4/7 (4/7), lists 4/7 (4/7), processes 6/7 (6/7), numbers 7/7 (7/7), rows 6/7 (6/7), who 5/6
    // (5/6), links 5/6 (4/6), rules 6/7 (6/7). Gained "where can I see the Shop++ store live" (the place
    // rule), lost "what does Aarav use for Google login" (a project's demo login, matching "Google" only
    // through related words, answered instead of his stack). That loss was then fixed (the project's
    // passage must state the word his lack as asked): 77.0% (47/61), so the set is no longer unseen.
    // The misses: a tool asked by its use in words no passage or concept holds ("hash passwords", "load
    // tests", "build tool"), owner facts in new words ("an employer in a different country", "been
    // coding", "for seven years"), a list asked by an actor's verb ("shoppers filter products by",
    // "admin console offer", "login options"), an audience as "customers", a relation as "linked", a
    // demo asked as "open", and a rule asked of the client. The floor keeps it from sliding back.
    expect(await answerRate(chat, 'eighth round', all)).toBeGreaterThanOrEqual(0.77)
  })
})
