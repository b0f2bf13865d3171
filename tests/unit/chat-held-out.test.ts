import { beforeAll, describe, expect, it } from 'vitest'
import { answerRate, openShippedChat, type Fact, type ShippedChat } from '../helpers/chat-harness.ts'

/**
 * Issue 48's held-out set, second round: recruiter questions written after the chat's second change
 * (commit "Chat: passages of who a project is built for…") and not used while making it, so the rate
 * measures the change on questions it was not made for. The classes of chat-dev.test.ts (a list, a
 * process, a number, a table's rows, who does what, words the content does not use) plus general
 * recruiter questions (stack, experience, availability, contact, a project's features). Facts from
 * projects/*.yaml and portfolio.yaml. The issue's target: at least 95%.
 */

const GENERAL: [string, Fact][] = [
  ['What languages and frameworks does Aarav work with?', { says: ['React', 'Node.js'] }],
  ['How long has he been a developer?', { says: [/1 year/] }],
  ['Is Aarav open to relocating?', { says: [/relocat/] }],
  ["What's the best way to contact him?", { says: ['hello@aaravsharma.dev'] }],
  ['Where is Aarav from?', { says: ['India'] }],
  ['Can I get a copy of his CV?', { says: [/resume/i] }],
  ['What did he do before programming?', { says: [/operations/] }],
  ['Which databases has he worked with?', { says: ['MySQL', 'MongoDB'] }],
  ['What is the password for the AuthStack demo?', { says: ['Demo@1234'] }],
  ['What features does TodoApp Pro have?', { says: [/autocomplete/i] }],
  ['Does he know TypeScript?', { says: ['TypeScript'] }],
  ['Does Aarav have a GitHub?', { says: ['github.com/aarav-sharma-dev'] }],
]

const LISTS: [string, Fact][] = [
  ['What can Shop++ admins do in the console?', { says: [/products/, /orders/, /review/] }],
  ['What are the access levels on Warehouse Booking?', { says: [/guests/i, /registered users/, /admins/i] }],
  ['What route groups does the listing platform API have?', { says: [/auth/, /warehouses/, /admin/] }],
  ['What does the TodoApp Pro dashboard show?', { says: [/productivity index/i, /streak/] }],
  ['What can a Shop++ review include?', { says: [/1 to 5/, /comment/, /photos/] }],
  ['What can advanced search in TodoApp Pro filter on?', { says: ['status', 'category', 'priority'] }],
  ["Which libraries does AuthStack's backend use?", { says: ['jsonwebtoken', 'express-rate-limit'] }],
  ["What is logic-i's frontend built with?", { says: ['React', 'Recharts'] }],
]

const PROCESSES: [string, Fact][] = [
  ['How does Google login work on AuthStack?', { says: [/Passport|state parameter/] }],
  ["If an admin turns down a partner's listing on logic-i, what then?", { says: [/feedback/, /resubmi/] }],
  ['How does a guest buy something in the pet store?', { says: [/shipping address/] }],
  ['What happens when I complete tasks several days in a row?', { says: [/streak/] }],
  ['How is the total for a Warehouse Booking rental calculated?', { says: [/monthly price/] }],
  ['What happens on the server when an OTP code is checked?', { says: [/session/] }],
  [
    'What is the order of steps in the warehouse booking payment?',
    { says: [/order creation/, /webhook confirmation/] },
  ],
  ['How does logic-i confirm a booking once it is paid?', { says: [/signature/] }],
]

const NUMBERS: [string, Fact][] = [
  ['How many seeded transactions are there across his demos?', { says: ['10K+'] }],
  ['How many cat products does the Shop++ demo have?', { says: ['20+'] }],
  ['Which local address does the logic-i API bind to?', { says: ['127.0.0.1:8010'] }],
  ['How many OTP requests can one address make in 15 minutes?', { says: [/\b3\b/] }],
  ['How many data structures and algorithms does TodoApp Pro rely on?', { says: ['19'] }],
  ['What uptime does logic-i achieve?', { says: ['99.9%'] }],
  ['How many REST endpoints has he documented?', { says: ['80+'] }],
  ['How many projects are in the portfolio?', { says: [/six|6 /i] }],
]

const ROWS: [string, Fact][] = [
  ['What are the fields of the AuthStack user_sessions table?', { says: ['refreshToken', 'ipAddress'] }],
  ['Which endpoint registers a new AuthStack account?', { says: ['/api/auth/register'] }],
  ['What endpoints does TodoApp Pro have for tasks?', { says: ['/api/tasks'] }],
  ['Show me the Shop++ Review schema', { says: ['rating', 'reply'] }],
  ['Which endpoint creates a logic-i booking?', { says: ['/api/public/bookings'] }],
  ["What's the Visa test card?", { says: ['4111 1111 1111 1111'] }],
  ["What are the columns of the listing platform's warehouses table?", { says: ['status', 'price'] }],
  ['How are bookings and payments related in Warehouse Booking?', { says: [/one-to-one/] }],
  ["Which endpoint gives admins logic-i's booking stats?", { says: ['/api/bookings/stats'] }],
]

const WHO: [string, Fact][] = [
  ['Who uses logic-i?', { says: [/users/i, /partners/i, /admins/i] }],
  ['What are partners responsible for on logic-i?', { says: [/list and manage/] }],
  ['Who can change a listing on the listing platform?', { says: [/owner/] }],
  ["What can a registered Warehouse Booking user do that a guest can't?", { says: [/own bookings|My Bookings/] }],
  ['Who receives the booking confirmation e-mail?', { says: [/customer/] }],
  ['Who can approve listings on logic-i?', { says: [/admins/i] }],
  ['What do retailers do on Shop++?', { says: [/stock/] }],
  ['Who is AuthStack for?', { says: [/developers/i, /recruiters/i] }],
]

const ABSENT: [string, Fact][] = [
  ['Is user data encrypted in transit on logic-i?', { says: [/TLS/] }],
  ['How does AuthStack stop people spamming the OTP endpoint?', { says: [/3 per 15|3 requests/] }],
  ['What format are ids in on logic-i?', { says: [/UUID/] }],
  ['Does the listing platform let you upload any kind of file?', { says: [/image types/] }],
  ['Can a customer change the amount they pay on Warehouse Booking?', { says: [/never sends an amount|computed/] }],
  ['What keeps the logic-i catalogue quick as it grows?', { says: ['Redis'] }],
  ['Does TodoApp Pro lose data when the server reboots?', { says: [/rebuil/] }],
  ['Where are the API keys kept in Warehouse Booking?', { says: [/environment variables/] }],
]

const HELD_OUT = {
  general: GENERAL,
  lists: LISTS,
  processes: PROCESSES,
  numbers: NUMBERS,
  rows: ROWS,
  who: WHO,
  absent: ABSENT,
}

/**
 * Third round: written after the concept lexicon (commit "chat: a lexicon of software and recruiting
 * concepts…") and before measuring it, in other words than every earlier set, facts from
 * projects/*.yaml and portfolio.yaml. Measured once; not used to change the chat.
 */
const THIRD_GENERAL: [string, Fact][] = [
  ['Which front-end tools does Aarav use?', { says: ['React'] }],
  ['How much operations experience does Aarav have?', { says: ['7+ years'] }],
  ['Is he available for remote work?', { says: [/remote/] }],
  ['Which country is Aarav based in?', { says: ['India'] }],
  ['How can I email Aarav?', { says: ['hello@aaravsharma.dev'] }],
  ['Where can I see his code?', { says: ['github.com/aarav-sharma-dev'] }],
  ['What is his flagship project?', { says: ['logic-i'] }],
  ['Does Aarav know MongoDB?', { says: ['MongoDB'] }],
  ['What is the demo login for Shop++?', { says: ['demo@shopplusplus.aaravsharma.dev'] }],
  ['Does he have experience with payment gateways?', { says: ['Razorpay'] }],
]

const THIRD_LISTS: [string, Fact][] = [
  ['What statuses can a TodoApp Pro task have?', { says: ['pending', 'in_progress', 'completed'] }],
  ["What do the shop's MongoDB indexes cover?", { says: ['category', 'price'] }],
  ['What does a Warehouse Booking confirmation e-mail contain?', { says: [/booking details/] }],
  ['Which login methods does the listing platform offer?', { says: [/password/, /Google/] }],
  ['Which payment methods does Warehouse Booking accept?', { says: ['UPI'] }],
  ['What infrastructure does logic-i run on?', { says: ['Nginx', 'PM2'] }],
  ['Which data structures power TodoApp Pro features?', { says: [/trie/i, /heap|priority queue/i] }],
  ['What can a TodoApp Pro user save as preferences?', { says: [/theme/] }],
  ['What gets restored when the Warehouse Booking demo resets?', { says: [/warehouses/, /demo account/, /bookings/] }],
]

const THIRD_PROCESSES: [string, Fact][] = [
  ['What happens when a TodoApp Pro dependency would create a loop?', { says: [/cycle/i] }],
  ['How does a Shop++ review become verified?', { says: [/paid order/] }],
  ['What happens after a listing platform owner creates a listing?', { says: ['pending'] }],
  ['How does TodoApp Pro decide which task to do next?', { says: [/priority/] }],
  ['How does a Warehouse Booking customer learn their booking is confirmed?', { says: [/e-mail/] }],
  ['What happens when payment fails or is abandoned on logic-i?', { says: [/inquiry/] }],
  ['How do Shop++ orders progress after they are placed?', { says: [/status/] }],
  [
    'How does an approved listing reach the public catalogue on the listing platform?',
    { says: [/approved/, /immediately|public/] },
  ],
  [
    'What does AuthStack do when someone asks for a fourth code within 15 minutes?',
    { says: [/fourth request|3 per 15/] },
  ],
]

const THIRD_NUMBERS: [string, Fact][] = [
  ['How many salt rounds does AuthStack use for bcrypt?', { says: ['12'] }],
  ['How long is an AuthStack access token valid?', { says: ['24h'] }],
  ['How many warehouses are in the Warehouse Booking demo?', { says: ['40+'] }],
  ['How many bookings a day does logic-i handle?', { says: ['100+'] }],
  ['What is the longest an admin takes to review a logic-i listing?', { says: ['24h'] }],
  ['What is the highest rating a Shop++ customer can give?', { says: [/\b5\b/] }],
  ['What port does the AuthStack backend listen on?', { says: ['8004'] }],
  ['How many login methods does AuthStack support?', { says: [/three|\b3\b/i] }],
  ['How many roles does logic-i have?', { says: [/three|\b3\b/i] }],
]

const THIRD_ROWS: [string, Fact][] = [
  ['Which endpoint sends an AuthStack one-time code?', { says: ['/api/auth/send-otp'] }],
  ['What fields does a TodoApp Pro task have?', { says: ['priority', 'dependencies'] }],
  ['Which endpoint receives Razorpay webhooks on Warehouse Booking?', { says: ['/api/payments/webhook'] }],
  ['Which Shop++ endpoint adds an item to the cart?', { says: ['/api/cart/add'] }],
  ['What does the AuthStack users table store?', { says: ['firstName'] }],
  ["Which endpoint lists a user's own bookings on Warehouse Booking?", { says: ['/api/bookings/my-bookings'] }],
  ['Give me a Visa card for testing the logic-i checkout', { says: ['4111 1111 1111 1111'] }],
  ['Which endpoint lists the public warehouses on logic-i?', { says: ['/api/public/warehouses'] }],
  [
    'Which endpoint shows pending listings to admins on the listing platform?',
    { says: ['/api/admin/warehouses/pending'] },
  ],
]

const THIRD_WHO: [string, Fact][] = [
  ['Who is Shop++ built for?', { says: [/pet owners/i] }],
  ['What can an admin do on the listing platform?', { says: [/approve|reject/] }],
  ["Who can see a user's tasks in TodoApp Pro?", { says: [/never read|userId/] }],
  ['What can guests do in the pet store?', { says: [/browse/, /check out|checkout/] }],
  ['Who is Warehouse Booking meant for?', { says: [/businesses/i] }],
  ['Who manages verification status on logic-i?', { says: [/admins/i] }],
  ['Who can reach the AuthStack admin area?', { says: [/middleware|role/] }],
  ['What can owners do with their listings on the listing platform?', { says: [/change or add images/] }],
]

const THIRD_ABSENT: [string, Fact][] = [
  ['Are passwords stored in plain text on the listing platform?', { says: ['bcrypt'] }],
  ['Is traffic to the pet store served over HTTPS?', { says: ['TLS'] }],
  ['What keeps Shop++ running if the process dies?', { says: ['PM2'] }],
  ["Can one TodoApp Pro user peek at another user's data?", { says: ['userId'] }],
  ['Does the listing platform hide unreviewed listings from the public?', { says: [/approved/] }],
  ['Does TodoApp Pro protect against malicious HTML in task titles?', { says: [/sanitiz/] }],
  ['Is the AuthStack login protected from brute-force attempts?', { says: [/3 per 15|rate/] }],
  ['How does the pet store know a payment is genuine?', { says: [/signature/] }],
  ['Which tool checked how logic-i copes under pressure?', { says: ['k6'] }],
  ['Is real money taken on the Warehouse Booking demo?', { says: [/test mode/] }],
]

const THIRD_ROUND = {
  general: THIRD_GENERAL,
  lists: THIRD_LISTS,
  processes: THIRD_PROCESSES,
  numbers: THIRD_NUMBERS,
  rows: THIRD_ROWS,
  who: THIRD_WHO,
  absent: THIRD_ABSENT,
}

/**
 * Fourth round: written after the audience passage, the role lists' headlines, short project names
 * and soft framing words (commits "chat: the audience passage is its own kind…" to "chat: an
 * audience answer stands alone…"), and before measuring them, in other words than every earlier
 * set; facts from projects/*.yaml and portfolio.yaml. Measured once; not used to change the chat.
 */
const FOURTH_GENERAL: [string, Fact][] = [
  ['What kind of developer is Aarav?', { says: ['Full-Stack'] }],
  ['Is Aarav looking for a new position at the moment?', { says: [/interviews|open to|available for/] }],
  ['Has Aarav worked with Linux servers?', { says: [/Linux|Ubuntu/] }],
  ['Which CSS framework does he style his apps with?', { says: ['Tailwind CSS'] }],
  ['Which state management library does Aarav know?', { says: ['Redux Toolkit'] }],
  ["What is Aarav's LinkedIn profile?", { says: ['linkedin.com/in/aarav-sharma-dev'] }],
  ['Where can I try TodoApp Pro live?', { says: ['todoapppro.aaravsharma.dev'] }],
  ['Which account do I use to log in to the TodoApp Pro demo?', { says: ['demo@todoapppro.aaravsharma.dev'] }],
  ['Which ORM does he pair with MySQL?', { says: ['Sequelize'] }],
  ['What is logic-i in a sentence?', { says: [/warehouse management/] }],
]

const FOURTH_LISTS: [string, Fact][] = [
  ['Which states can a listing be in on the listing platform?', { says: ['pending', 'approved', 'rejected'] }],
  [
    'What details does the Warehouse Booking catalogue give for each warehouse?',
    { says: ['location', /size/, /monthly price/, 'amenities'] },
  ],
  ['What do logic-i partners describe their warehouses with?', { says: [/facilities/, /galler/] }],
  ['Which DevOps tools does Aarav use?', { says: ['Nginx', 'PM2'] }],
  ['What types of one-time codes does AuthStack issue?', { says: ['login', 'registration'] }],
  ['Which user inputs does the pet store sanitize?', { says: [/comments/, /addresses/, /search queries/] }],
  ['What can shoppers filter products by in Shop++?', { says: ['category', 'price', 'rating'] }],
  ['What protects logic-i traffic and headers?', { says: ['TLS', 'Helmet', 'CORS'] }],
  ['What jobs does Nginx do for the listing platform?', { says: [/React build/, /images/] }],
]

const FOURTH_PROCESSES: [string, Fact][] = [
  ['What happens when a Shop++ customer writes a review?', { says: [/verified/] }],
  ['What happens as I type a task title in TodoApp Pro?', { says: [/trie/, /suggest/] }],
  ['How does signing in with Google end up on logic-i?', { says: [/same JWT session/] }],
  ['What happens to a logic-i booking once the payment is verified?', { says: [/booking number/] }],
  ['How are new versions of logic-i rolled out without downtime?', { says: [/PM2/, /reload/] }],
  ['How does the Shop++ server work out what an order costs?', { says: [/recalculat/] }],
  ['What is done to the logic-i demo every night?', { says: [/re-seeds|resets/] }],
  ['How does a task get its place in the TodoApp Pro queue?', { says: [/heap/] }],
  ['What does logic-i do with a booking before the payment begins?', { says: [/stored|inquiry/] }],
]

const FOURTH_NUMBERS: [string, Fact][] = [
  ['How long can an image URL be on the listing platform?', { says: ['500'] }],
  ['For how long does Nginx cache uploaded images on logic-i?', { says: ['30 days'] }],
  ['How much does it cost to book on logic-i?', { says: ['1,000'] }],
  ['How many pet accessories does the Shop++ demo stock?', { says: ['30+'] }],
  ['How many digits are in an AuthStack one-time code?', { says: [/\b6\b/] }],
  ["By what percentage did logic-i's response times improve?", { says: ['40%'] }],
  ['How many salt rounds does the listing platform hash passwords with?', { says: ['10'] }],
  ['How many simultaneous users was logic-i tested with?', { says: ['500'] }],
  ['How large a catalogue is Shop++ designed for?', { says: ['1000+'] }],
]

const FOURTH_ROWS: [string, Fact][] = [
  ["Which endpoint changes a task's priority in TodoApp Pro?", { says: ['/api/tasks/{id}/priority'] }],
  ['What is the endpoint for order history in Shop++?', { says: ['/api/orders/my-orders'] }],
  ['Which endpoint verifies a logic-i payment?', { says: ['/payments/verify'] }],
  ["What columns does the listing platform's images table have?", { says: ['imageUrl', 'isPrimary'] }],
  ['Which endpoint approves a booking in Warehouse Booking?', { says: ['/api/admin/bookings/{id}/approve'] }],
  ['How are listings and their images related on the listing platform?', { says: [/one-to-many/] }],
  ['Which endpoint gives TodoApp Pro title suggestions?', { says: ['/api/search/autocomplete'] }],
  ['What does the Shop++ Order collection hold?', { says: ['orderId', 'shippingAddress'] }],
  ['Which endpoint checks whether a warehouse is free on Warehouse Booking?', { says: ['check-availability'] }],
]

const FOURTH_WHO: [string, Fact][] = [
  ['Who is logic-i meant for?', { says: [/businesses/i, /partners/i] }],
  ["Who is the listing platform's audience?", { says: [/owners/i] }],
  ['What are admins responsible for on Warehouse Booking?', { says: [/approve/] }],
  ['What can a business do on the listing platform?', { says: [/browse/] }],
  ['Who decides whether a logic-i account is verified?', { says: [/admins/i] }],
  ['Who can reply to reviews on Shop++?', { says: [/admins|administrators/i] }],
  ['Who can edit a warehouse on logic-i?', { says: [/partners/i, /own/] }],
  ["Who can open the listing platform's admin dashboard?", { says: ['isAdmin'] }],
]

const FOURTH_ABSENT: [string, Fact][] = [
  ['Can the logic-i API be reached directly from the internet?', { says: [/127\.0\.0\.1|public interface/] }],
  ['Does logic-i clean user-written text before saving it?', { says: [/sanitiz/] }],
  ['Could someone upload a script disguised as a photo to logic-i?', { says: [/image types/] }],
  [
    'Can someone smuggle database operators through the Shop++ search box?',
    { says: [/query operators|NoSQL injection/] },
  ],
  ['Is the Warehouse Booking price taken from the browser?', { says: [/monthly price/] }],
  ['Which origins may call the logic-i API?', { says: ['CORS'] }],
  ['Can an AuthStack user be signed out of one device remotely?', { says: [/revoke/] }],
  ['Does TodoApp Pro keep anything in memory?', { says: [/LRU|in-memory/] }],
  ['Are AuthStack tokens exposed to injected scripts?', { says: [/XSS/] }],
]

const FOURTH_ROUND = {
  general: FOURTH_GENERAL,
  lists: FOURTH_LISTS,
  processes: FOURTH_PROCESSES,
  numbers: FOURTH_NUMBERS,
  rows: FOURTH_ROWS,
  who: FOURTH_WHO,
  absent: FOURTH_ABSENT,
}

/**
 * Fifth round: written after the visitor's-word weights, the whole tech stack, the named list kind
 * and the job-seeking concept (commits "chat: a visitor's own word no passage states…" to "chat: a
 * list of the kind a question names…"), and before measuring them, in other words than every earlier
 * set; facts from projects/*.yaml and portfolio.yaml. Adds the owner's own class. Measured once; not
 * used to change the chat.
 */
const FIFTH_GENERAL: [string, Fact][] = [
  ['Which project would you show a hiring manager first?', { says: ['logic-i'] }],
  ['Is the AuthStack code public?', { says: [/MIT|open source/] }],
  ['What are the demo credentials for logic-i?', { says: ['demo@logic-i.aaravsharma.dev'] }],
  ['Does Aarav use Redis anywhere?', { says: ['Redis'] }],
  ['Has he built anything that takes payments?', { says: ['Razorpay'] }],
  ['What is TodoApp Pro about?', { says: [/data structures/] }],
  ['Does he have experience with Google login?', { says: [/Google/] }],
  ['What does Shop++ sell?', { says: [/pet products/i] }],
]

const FIFTH_OWNER: [string, Fact][] = [
  ["What is Aarav's background before becoming a developer?", { says: [/business operations/] }],
  ['Which part of the world is Aarav in?', { says: ['India'] }],
  ['Would Aarav move abroad for a job?', { says: [/relocat/] }],
  ['How many years has he spent writing software professionally?', { says: [/1 year/] }],
  ['Can he work from home for a foreign company?', { says: [/remote/] }],
  ['How do I get hold of Aarav?', { says: ['hello@aaravsharma.dev'] }],
  ['Does Aarav know Express?', { says: ['Express'] }],
  ['What did Aarav handle in his operations job?', { says: [/vendors|inventory/] }],
  ['Is Aarav a frontend or backend developer?', { says: [/full-stack/i] }],
]

const FIFTH_LISTS: [string, Fact][] = [
  ['What categories of products does Shop++ have?', { says: ['Cats', 'Dogs', 'Fish'] }],
  [
    'What details does an owner enter when creating a listing on the listing platform?',
    { says: ['location', /size/, 'price'] },
  ],
  ['What does the logic-i booking analytics show?', { says: ['volume', 'revenue'] }],
  ['What do TodoApp Pro daily analytics record?', { says: [/tasks created/, /average priority/] }],
  ['What security measures does AuthStack have?', { says: [/bcrypt/] }],
  ['What does AuthStack record for every session?', { says: [/IP address/, /user agent/] }],
  ['Which sign-in options does TodoApp Pro support?', { says: [/Google/, /password/] }],
  ['What runs on the Shop++ server?', { says: ['Nginx', 'PM2'] }],
  ['What can logic-i users filter warehouses by?', { says: ['location', 'facilities', 'price'] }],
]

const FIFTH_PROCESSES: [string, Fact][] = [
  ['What happens to a logic-i booking if the customer closes the payment window?', { says: [/inquiry/] }],
  [
    'How does Warehouse Booking stop two customers booking the same dates?',
    { says: [/double bookings|existing bookings/] },
  ],
  ['What happens after Razorpay captures a Warehouse Booking payment?', { says: [/webhook/] }],
  ['How does TodoApp Pro find tasks when I misspell a word?', { says: [/n-gram/] }],
  ['What does an admin do with new listings on the listing platform?', { says: [/approve/, /reject/] }],
  ['What does AuthStack do when someone signs in with Google for the first time?', { says: [/creates or links/] }],
  ['How is a Shop++ order paid for?', { says: ['Razorpay'] }],
  ['How does TodoApp Pro come back after a crash?', { says: ['PM2'] }],
  ["What does TodoApp Pro do when I change a task's priority?", { says: [/heap/] }],
]

const FIFTH_NUMBERS: [string, Fact][] = [
  ['How many dog products are in the Shop++ demo?', { says: ['25+'] }],
  ['How many listings does the warehouse listing platform have?', { says: ['200+'] }],
  ['How much faster did AuthStack make logins?', { says: ['35%'] }],
  ['For how many days are Shop++ images cached?', { says: ['30 days'] }],
  ['How long do TodoApp Pro logins stay valid?', { says: ['24h'] }],
  ['How many characters long are Warehouse Booking ids?', { says: ['36'] }],
  ['What currency are Warehouse Booking payments in?', { says: ['INR'] }],
  ['How many categories does the pet store have?', { says: [/six|\b6\b/i] }],
  ['How much does a test transaction cost on the Warehouse Booking demo?', { says: [/1 rupee/] }],
]

const FIFTH_ROWS: [string, Fact][] = [
  ['Which endpoint adds something to a Shop++ wishlist?', { says: ['/api/wishlist/add'] }],
  ['What fields does the logic-i inquiries table hold?', { says: ['message', 'source'] }],
  ['Which endpoint verifies a one-time code on AuthStack?', { says: ['/api/auth/verify-otp'] }],
  ['What is stored in the TodoApp Pro Analytics collection?', { says: ['productivityIndex'] }],
  ['How are logic-i warehouses and their facilities related?', { says: [/one-to-many/] }],
  ['Which endpoint reports the health of AuthStack?', { says: ['/api/health'] }],
  [
    'Which endpoint lets an admin approve a listing on the listing platform?',
    { says: ['/api/admin/warehouses/{id}/approve'] },
  ],
  ['What does the Warehouse Booking payments table store?', { says: ['razorpayOrderId'] }],
  ['Which endpoint does advanced search in TodoApp Pro?', { says: ['/api/search/advanced'] }],
  ['What columns does the logic-i users table have?', { says: ['role', 'isVerified'] }],
]

const FIFTH_WHO: [string, Fact][] = [
  ['Who is allowed to approve bookings on Warehouse Booking?', { says: [/admins/i] }],
  ['What are guests allowed to do on Warehouse Booking?', { says: [/browse/, /book/] }],
  ["Who can edit a listing's photos on the listing platform?", { says: [/owner/] }],
  ['Who answers reviews in the pet store?', { says: [/admin/i] }],
  ['Who follows up on a saved inquiry on logic-i?', { says: [/partner/] }],
  ['Who sees booking statistics on logic-i?', { says: [/admin/i] }],
  ['Who gets to see pending listings on the listing platform?', { says: [/isAdmin|admins/i] }],
  ['Who is TodoApp Pro aimed at?', { says: [/students/i] }],
  ["What is an admin's job on logic-i?", { says: [/approv/] }],
]

const FIFTH_ABSENT: [string, Fact][] = [
  [
    'Can a hacker tell from the login error whether an AuthStack account exists?',
    { says: [/enumeration|same message/] },
  ],
  ['Does Warehouse Booking make sure a payment notification really came from Razorpay?', { says: [/signature/] }],
  ['Can someone book a logic-i warehouse with nonsense dates?', { says: [/malformed dates|Joi/] }],
  [
    'Could an uploader pick where their file is saved on the listing platform?',
    { says: [/generated names|file path/] },
  ],
  ['Does the pet shop trust the price the browser sends?', { says: [/recalculat|never decides/] }],
  ['Can the same Razorpay event confirm a Warehouse Booking twice?', { says: [/idempotent|twice/] }],
  ['Is the TodoApp Pro graph protected from infinite loops?', { says: [/cycle detection/i] }],
  ['Are Warehouse Booking database changes versioned?', { says: [/migrations/] }],
  ['Does the listing platform store money values exactly?', { says: ['DECIMAL(10,2)'] }],
  ['Who issues the TLS certificates for logic-i?', { says: ["Let's Encrypt"] }],
]

const FIFTH_ROUND = {
  general: FIFTH_GENERAL,
  owner: FIFTH_OWNER,
  lists: FIFTH_LISTS,
  processes: FIFTH_PROCESSES,
  numbers: FIFTH_NUMBERS,
  rows: FIFTH_ROWS,
  who: FIFTH_WHO,
  absent: FIFTH_ABSENT,
}

/**
 * Sixth round: written after the lexicon's phrases, the typo rule for words the lexicon knows, the
 * lexicon's new concepts and the tech lists' hyphenated names (commits "chat: the lexicon's phrases…"
 * to "chat: a tech list naming the word only inside a hyphenated name…"), and not used while making
 * them. The classes of the fifth round; new questions in new words, with facts from the content.
 */
const SIXTH_ROUND: Record<string, [string, Fact][]> = {
  general: [
    ['Which CSS framework does Aarav use?', { says: ['Tailwind'] }],
    ['Is the Shop++ source code on GitHub?', { says: ['github.com/aarav-sharma-dev/shopplusplus'] }],
    ['Which project is his flagship?', { says: ['logic-i'] }],
    ['What license is TodoApp Pro released under?', { says: ['MIT'] }],
    ['Does Aarav do load testing?', { says: [/k6|500 concurrent/] }],
    ['What does the Warehouse Listing Platform do?', { says: [/list/, /approv/] }],
    ['Has Aarav worked with Redis?', { says: ['Redis'] }],
    ['Where can I see TodoApp Pro running?', { says: ['todoapppro.aaravsharma.dev'] }],
  ],
  owner: [
    ['Which country does Aarav live in?', { says: ['India'] }],
    ['Is he willing to relocate to Europe?', { says: [/relocat/] }],
    ['Can Aarav work remotely?', { says: [/remote/] }],
    ['How can a recruiter reach Aarav?', { says: ['hello@aaravsharma.dev'] }],
    ['What was his job before he became a developer?', { says: [/business operations/i] }],
    ['How much full-stack experience does Aarav have?', { says: [/1 year/] }],
    ['Is Aarav on LinkedIn?', { says: ['linkedin.com/in/aarav-sharma-dev'] }],
    ['What kind of roles is he looking for?', { says: [/software-engineer/] }],
    ['Is he free to interview?', { says: [/interviews/] }],
  ],
  lists: [
    ['What databases does his tech stack list?', { says: ['MySQL', 'MongoDB', 'Redis'] }],
    ['What tables does the Warehouse Listing Platform database have?', { says: [/users/, /warehouses/, /images/] }],
    ['Which product categories does Shop++ have?', { says: [/Cats/, /Dogs/, /Fish/] }],
    ['What sign-in options does TodoApp Pro give users?', { says: [/Google/, /password|e-mail/i] }],
    ['What are the possible statuses of a TodoApp Pro task?', { says: ['pending', 'in_progress', 'completed'] }],
    ['Which DevOps tools does Aarav use?', { says: ['Nginx', 'PM2'] }],
    ['What does the daily analytics in TodoApp Pro record?', { says: [/tasks created/, /completed/] }],
    ['What payment methods does the Warehouse Booking checkout accept?', { says: [/Cards/, /UPI/] }],
  ],
  processes: [
    ['What happens when a new listing is created on the listing platform?', { says: [/pending/] }],
    ['How does Warehouse Booking check that a warehouse is free?', { says: [/existing bookings|requested dates/] }],
    ['What happens if a user abandons a payment on logic-i?', { says: [/inquir/] }],
    ['How does a TodoApp Pro task dependency get added?', { says: [/cycle/i] }],
    ["How does AuthStack's passwordless login work?", { says: [/6-digit|one-time|OTP/] }],
    ['What happens in Warehouse Booking when Razorpay sends the same webhook twice?', { says: [/idempotent/] }],
    ['How does TodoApp Pro rebuild its data after a restart?', { says: [/MongoDB/] }],
    ['How are Shop++ order totals worked out?', { says: [/recalculat|current product prices/] }],
    ['How does the autocomplete in TodoApp Pro work?', { says: [/trie/] }],
  ],
  numbers: [
    ['How many warehouses are in the Warehouse Booking demo?', { says: ['40+'] }],
    ['How big is the logic-i booking fee?', { says: ['1,000'] }],
    ['How many concurrent users was logic-i tested with?', { says: ['500'] }],
    ['How long can a logic-i listing wait for review?', { says: ['24h'] }],
    ['How many endpoints does AuthStack have?', { says: [/seven|\b7\b/] }],
    ['How long are Shop++ JWTs valid?', { says: ['24h'] }],
    ['How many digits does an AuthStack one-time code have?', { says: [/\b6\b/] }],
    ['How many bookings does logic-i handle a day?', { says: ['100+'] }],
    ['By how much did logic-i cut response times?', { says: ['40%'] }],
  ],
  rows: [
    ['Which endpoint creates a listing on the Warehouse Listing Platform?', { says: ['POST /api/warehouses'] }],
    ['What fields does the AuthStack users table have?', { says: [/firstName/, /email/] }],
    ['Which endpoint changes a TodoApp Pro task priority?', { says: ['PUT /api/tasks/{id}/priority'] }],
    ['What columns does the Warehouse Booking bookings table have?', { says: [/userId/, /warehouseId/] }],
    [
      'Which route does an admin call to approve a listing on the listing platform?',
      { says: ['/api/admin/warehouses/{id}/approve'] },
    ],
    ['Which endpoint returns a Shop++ customer order history?', { says: ['/api/orders/my-orders'] }],
    ['What is stored in the TodoApp Pro User collection?', { says: [/preferences/, /streakDays/] }],
    ['How are users and sessions related in AuthStack?', { says: [/one-to-many/] }],
    ['Which endpoint checks availability on Warehouse Booking?', { says: ['/api/warehouses/{id}/check-availability'] }],
  ],
  who: [
    ['Who approves bookings on Warehouse Booking?', { says: [/admin/i] }],
    ['Who can approve listings on logic-i?', { says: [/admins/i] }],
    ['Who is TodoApp Pro for?', { says: [/students/i] }],
    ['Who can see pending listings on the listing platform?', { says: [/isAdmin|admin/i] }],
    ['What can a partner do on logic-i?', { says: [/list|manage/] }],
    ['Who can check out on Shop++?', { says: [/guest/i] }],
    ['What can registered users do in Warehouse Booking that guests cannot?', { says: [/own bookings|My Bookings/] }],
    ['Who is AuthStack meant for?', { says: [/developers/i] }],
  ],
  absent: [
    ['Can a hacker guess AuthStack account e-mails from login errors?', { says: [/enumeration/] }],
    ['Are passwords stored in readable form in AuthStack?', { says: [/bcrypt|never stored/] }],
    ['Does logic-i survive a server reboot?', { says: [/PM2/] }],
    [
      'Can a shopper fake the price of an order in Shop++?',
      { says: [/recalculat|current product prices|never decides/] },
    ],
    ['Is the TodoApp Pro traffic encrypted?', { says: [/Let's Encrypt|TLS/] }],
    ['Does the listing platform keep photos in the database?', { says: [/disk/] }],
    ['Can two tasks in TodoApp Pro wait on each other forever?', { says: [/cycle/i] }],
    ['Does logic-i remember searches to speed them up?', { says: [/Redis|cache/] }],
    ['Could a visitor flood AuthStack with code requests?', { says: [/3 per 15|rate/] }],
  ],
}

/**
 * Seventh round, the set written before the round's changes (its misses were their development set,
 * so it is no longer unseen): recruiter questions in new words, with the classes of the sixth round
 * plus links (a project's live demo or repository, the owner's profiles); facts from the content.
 */
const SEVENTH_BEFORE: Record<string, [string, Fact][]> = {
  general: [
    ['Has Aarav used Vite?', { says: ['Vite'] }],
    ['What does he use to draw charts?', { says: [/Recharts|Chart\.js/] }],
    ['Is Aarav comfortable with SQL databases?', { says: ['MySQL'] }],
    ['What is AuthStack?', { says: [/authentication/i] }],
    ['What problem does Warehouse Booking solve?', { says: [/availability|payment/] }],
    ['What does he use to send e-mails from his apps?', { says: ['Nodemailer'] }],
    ['Which process manager does he deploy with?', { says: ['PM2'] }],
    ['Are his projects open source?', { says: [/MIT|open source/] }],
    ['How does he handle file uploads?', { says: ['Multer'] }],
  ],
  owner: [
    ['Where is Aarav located?', { says: ['India'] }],
    ["What is Aarav's current job title?", { says: [/Full-Stack Developer/i] }],
    ['How many years did Aarav spend in business operations?', { says: ['7+'] }],
    ['Is Aarav open to working for a company abroad?', { says: [/relocat|global/] }],
    ['What was Aarav doing for work before he learned to code?', { says: [/business operations/i] }],
    ['Is he currently job hunting?', { says: [/available for|open to/] }],
    ['Does Aarav accept remote positions?', { says: [/remote/] }],
    ["What's Aarav's e-mail address?", { says: ['hello@aaravsharma.dev'] }],
    ['What kind of jobs is Aarav applying for?', { says: [/software-engineer/] }],
    ['Can I schedule an interview with Aarav?', { says: [/interviews/] }],
  ],
  lists: [
    ['What kinds of pets does Shop++ sell products for?', { says: ['Cats', 'Dogs', 'Fish'] }],
    ['What are the sign-in methods of AuthStack?', { says: [/password/i, /OTP|one-time/i, /Google/] }],
    ['What does the logic-i analytics table track?', { says: ['views', 'revenue'] }],
    ["What does AuthStack's health check report on?", { says: [/database/, /mail server/] }],
    ['Which frontend libraries are in the Warehouse Booking stack?', { says: ['React', 'Tailwind CSS', 'Vite'] }],
    ['What does the TodoApp Pro dashboard endpoint return?', { says: [/productivity index/i, /streak/] }],
    ['Which backend libraries does Shop++ use?', { says: ['Express', 'Joi'] }],
    ['What are the achievements of the Warehouse Listing Platform?', { says: ['200+'] }],
  ],
  processes: [
    ['Walk me through a purchase on Shop++', { says: [/add to cart|cart/, /receipt/] }],
    ['If a customer backs out at checkout on logic-i, is their booking lost?', { says: [/inquiry/] }],
    ['What does TodoApp Pro do if I create a circular dependency?', { says: [/cycle|refused/i] }],
    ['How does an AuthStack user confirm their e-mail address?', { says: [/registration|emailVerified/] }],
    ['How does Warehouse Booking know the money actually arrived?', { says: [/webhook/] }],
    ['What happens when a Razorpay webhook comes with a bad signature?', { says: [/400|Invalid signature/] }],
    ['How does a listing go live on the listing platform?', { says: [/approved|approves/] }],
    ['What happens on logic-i when an admin rejects a listing?', { says: [/feedback/, /resubmi/] }],
    ['How does TodoApp Pro handle a typo in my search?', { says: [/n-gram/] }],
    ['What does TodoApp Pro do when it starts up?', { says: [/rebuild/] }],
  ],
  numbers: [
    ['How much is a test transaction in the demos?', { says: [/1 rupee/] }],
    ['How many fish products are in the Shop++ demo?', { says: ['15+'] }],
    ['What is the maximum length of a warehouse name on logic-i?', { says: ['255'] }],
    ['How long does the listing platform cache images?', { says: [/30 day/] }],
    ['What is the highest priority a TodoApp Pro task can have?', { says: [/\b5\b/] }],
    ['How reliable is logic-i in production?', { says: ['99.9%'] }],
    ['How many tables does AuthStack have?', { says: [/three|\b3\b/i] }],
    ['How long does a Warehouse Booking login last?', { says: ['24h'] }],
    ['In what unit does Warehouse Booking send amounts to Razorpay?', { says: [/paise/] }],
  ],
  rows: [
    ['Which endpoint does TodoApp Pro use for advanced search?', { says: ['/api/search/advanced'] }],
    ['Which fields does a logic-i booking record have?', { says: ['bookingNumber', 'contactEmail'] }],
    ["What's the Mastercard test number?", { says: ['5267 3181 8797 5449'] }],
    ['Which endpoint adds something to the Shop++ wishlist?', { says: ['/api/wishlist/add'] }],
    ['Which endpoint reports the health of AuthStack?', { says: ['/api/health'] }],
    ['What does the logic-i inquiries table hold?', { says: ['source', 'message'] }],
    ['What fields are on a TodoApp Pro analytics document?', { says: ['productivityIndex', 'timeSpent'] }],
    ['Which endpoint updates the quantity in a Shop++ cart?', { says: ['/api/cart/update/{itemId}'] }],
    ['How are Shop++ products and reviews related?', { says: [/one-to-many/] }],
  ],
  who: [
    ['Which projects use MongoDB?', { says: ['Shop++', 'TodoApp Pro'] }],
    ['Which of his projects take payments with Razorpay?', { says: ['logic-i', 'Warehouse Booking', 'Shop++'] }],
    ['Who moderates listings on the Warehouse Listing Platform?', { says: [/admins/i] }],
    ['Who are the users of Warehouse Booking?', { says: [/businesses/i, /admins/i] }],
    ['Who gets to see booking analytics on logic-i?', { says: [/admins/i, /partners/i] }],
    ['Which project uses a trie?', { says: ['TodoApp Pro'] }],
    ['Which project is built with Redux?', { says: ['Shop++'] }],
    ['Who can sign in with Google on the listing platform?', { says: [/owners/i, /businesses/i] }],
  ],
  links: [
    ["What's the live URL of logic-i?", { says: ['logic-i.aaravsharma.dev'] }],
    ['Where is the AuthStack repo?', { says: ['github.com/aarav-sharma-dev/authstack'] }],
    ['Can I look at the Warehouse Booking code?', { says: ['github.com/aarav-sharma-dev/warehouse-booking'] }],
    ['Link to the Shop++ demo please', { says: ['shopplusplus.aaravsharma.dev'] }],
    ['Where is the listing platform hosted?', { says: ['warehouse-listing.aaravsharma.dev'] }],
    ["Where can I find Aarav's GitHub profile?", { says: ['github.com/aarav-sharma-dev'] }],
    ["Send me Aarav's LinkedIn", { says: ['linkedin.com/in/aarav-sharma-dev'] }],
    ['Where do I report a bug in TodoApp Pro?', { says: ['github.com/aarav-sharma-dev/todoapppro/issues'] }],
  ],
  absent: [
    ['Can a customer tamper with the booking fee on logic-i?', { says: [/set on the server|never decides/] }],
    ['Could someone forge a payment confirmation on Warehouse Booking?', { says: [/signature/] }],
    ['Can another partner edit my warehouse on logic-i?', { says: [/own warehouses/] }],
    ['Can a shopper post a fake review on Shop++?', { says: [/paid order|verified/] }],
    ['Does TodoApp Pro trust the user id the browser sends?', { says: [/never from the request body|token/] }],
    ['Is the AuthStack backend reachable from outside the server?', { says: [/127\.0\.0\.1/] }],
    ['What happens to the photos when a listing is deleted on the listing platform?', { says: [/cascad/i] }],
    ['Can someone send garbage data to the AuthStack API?', { says: [/Joi|validat/] }],
  ],
}

/**
 * Seventh round, written after the round's changes (commits "chat: a project's live demo and code as a
 * passage…" to "chat: what an actor can do, before who the actor is…") and not used while making them,
 * in other words than every earlier set; facts from the content.
 */
const SEVENTH_ROUND: Record<string, [string, Fact][]> = {
  general: [
    ['What front-end framework does Aarav build with?', { says: ['React'] }],
    ['Does he have any Express.js experience?', { says: ['Express'] }],
    ['Which server OS does he deploy on?', { says: [/Ubuntu/] }],
    ['Which tool does Aarav use to test APIs?', { says: ['Postman'] }],
    ['Is there a project about authentication?', { says: ['AuthStack'] }],
    ['What is Warehouse Booking?', { says: [/rental/] }],
    ['Which charting library does TodoApp Pro use?', { says: ['Chart.js'] }],
    ['Does Aarav know Mongoose?', { says: ['Mongoose'] }],
    ['What is special about TodoApp Pro?', { says: [/data structures/] }],
  ],
  owner: [
    ['In which country does Aarav work?', { says: ['India'] }],
    ['Would he consider moving to another country?', { says: [/relocat/] }],
    ['Can Aarav work remotely for a team in another time zone?', { says: [/remote/] }],
    ['Which e-mail address should I use to contact Aarav?', { says: ['hello@aaravsharma.dev'] }],
    ['How many years did Aarav work before switching to software?', { says: ['7+'] }],
    ["What is Aarav's current position?", { says: [/Full-Stack Developer/i] }],
    ['Is Aarav actively looking for a job?', { says: [/interviews|open to|available for/] }],
    ['What type of role does Aarav want next?', { says: [/software-engineer/] }],
    ['Did Aarav work in another field before tech?', { says: [/business operations/i] }],
    ['Is there a PDF resume I can download?', { says: [/resume/i] }],
  ],
  lists: [
    ['What ways of paying does Warehouse Booking support?', { says: [/UPI/] }],
    ['What are the six Shop++ product categories?', { says: ['Cats', 'Dogs', 'Fish', 'Health', 'Supplies'] }],
    ['Which frontend tools appear in the logic-i stack?', { says: ['React', 'Vite', 'Recharts'] }],
    ['What is AuthStack hosted on?', { says: ['Nginx'] }],
    ['List the data structures TodoApp Pro uses', { says: [/heap/i, /trie/i] }],
    ['Which roles exist on logic-i?', { says: [/Users?\b/, /Partners?\b/, /Admins?\b/] }],
    ['Which libraries does Aarav use for security?', { says: ['bcrypt', 'Helmet'] }],
    ['Which databases does logic-i use?', { says: ['MySQL', 'Redis'] }],
  ],
  processes: [
    ['What happens when a partner fixes a rejected listing on logic-i?', { says: [/resubmit/] }],
    ['How is a payment verified on logic-i?', { says: [/signature/] }],
    ['What occurs when an AuthStack user asks for a one-time code?', { says: [/6-digit/] }],
    ["What does Warehouse Booking do if the webhook signature doesn't match?", { says: [/400|Invalid signature/] }],
    ['After a Shop++ order is paid, what does the customer get?', { says: [/receipt|confirmation/] }],
    ['How does TodoApp Pro keep the most urgent task on top?', { says: [/heap/] }],
    ['How does the listing approval work on the Warehouse Listing Platform?', { says: [/approv/] }],
    ['What happens when a logic-i payment goes through?', { says: [/booking number/] }],
    ['How does AuthStack sign someone in with Google?', { says: [/Passport/] }],
    ['How are TodoApp Pro tasks ordered when some depend on others?', { says: [/topological/] }],
  ],
  numbers: [
    ['How many products are in the Shop++ Supplies category?', { says: ['25+'] }],
    ['What scale does the Warehouse Listing Platform run at?', { says: ['200+'] }],
    ["What's the bcrypt cost on the listing platform?", { says: [/\b10\b/] }],
    ["What's the maximum length of a location on Warehouse Booking?", { says: ['255'] }],
    ['How long does an AuthStack session token live?', { says: ['24h'] }],
    ['How many steps does the Warehouse Booking payment flow have?', { says: [/six/] }],
    ["What uptime do Aarav's live demos have?", { says: ['99.9%'] }],
    ['How many project case studies are on the site?', { says: [/six|\b6\b/i] }],
    ['How long is the logic-i listing review window?', { says: ['24h'] }],
    ["How high can a TodoApp Pro task's priority go?", { says: [/\b5\b/] }],
  ],
  rows: [
    ['Which endpoint searches products in Shop++?', { says: ['/api/products/search'] }],
    ['Which endpoint starts Google sign-in on the listing platform?', { says: ['/api/auth/google'] }],
    ['What fields does the logic-i warehouses table have?', { says: ['pricePerMonth', 'rejectionFeedback'] }],
    ['What does the Warehouse Booking payments table store?', { says: ['razorpayOrderId'] }],
    ['Which endpoint returns the TodoApp Pro dashboard data?', { says: ['/api/analytics/dashboard'] }],
    ['What are the fields of a Shop++ product?', { says: ['category', 'stock'] }],
    ['Which endpoint verifies an AuthStack one-time code?', { says: ['/api/auth/verify-otp'] }],
    ['How are logic-i warehouses and their images related?', { says: [/one-to-many/] }],
    ['What columns does the AuthStack otps table have?', { says: ['expiresAt', 'used'] }],
  ],
  who: [
    [
      'Which projects are built with MySQL?',
      { says: ['logic-i', 'AuthStack', 'Warehouse Booking', 'Warehouse Listing Platform'] },
    ],
    ["Which of Aarav's apps use Google OAuth?", { says: ['AuthStack', 'TodoApp Pro', 'Shop++'] }],
    ['Which project uses Multer?', { says: ['Warehouse Listing Platform', 'logic-i'] }],
    ["Who approves a partner's warehouse on logic-i?", { says: [/admins?/i] }],
    ['Which users does the Warehouse Listing Platform serve?', { says: [/owners/i, /businesses/i] }],
    ['What are registered users allowed to do on Shop++?', { says: [/wishlist/] }],
    ['What can users do on logic-i?', { says: [/search warehouses/] }],
    ['Which project has a payment webhook?', { says: ['Warehouse Booking'] }],
    ['Which project is meant for computer science students?', { says: ['TodoApp Pro'] }],
  ],
  links: [
    ["What's the GitHub repo for logic-i?", { says: ['github.com/aarav-sharma-dev/logic-i'] }],
    ['Give me the TodoApp Pro source code link', { says: ['github.com/aarav-sharma-dev/todoapppro'] }],
    ['Is there a live version of AuthStack?', { says: ['authstack.aaravsharma.dev'] }],
    ['What URL is Warehouse Booking deployed at?', { says: ['warehouse-booking.aaravsharma.dev'] }],
    ['Where can I open the listing platform demo?', { says: ['warehouse-listing.aaravsharma.dev'] }],
    ["Share Aarav's LinkedIn profile link", { says: ['linkedin.com/in/aarav-sharma-dev'] }],
    ['Where do I file an issue for Shop++?', { says: ['github.com/aarav-sharma-dev/shopplusplus/issues'] }],
    ["Link me to Aarav's GitHub account", { says: ['github.com/aarav-sharma-dev'] }],
  ],
  absent: [
    [
      'Can a Warehouse Booking user book dates that overlap an existing booking?',
      { says: [/double bookings|existing bookings/] },
    ],
    ['Could someone pretend to be Razorpay and confirm a logic-i booking?', { says: [/signature/] }],
    ['Are TodoApp Pro passwords stored safely?', { says: ['bcrypt'] }],
    ["Can a listing owner edit someone else's listing?", { says: [/userId/] }],
    ['Can one AuthStack code be used twice?', { says: [/single use|used once/] }],
    ['Does logic-i block unknown fields in requests?', { says: [/unknown fields|Joi/] }],
    ['What stops Shop++ from selling out-of-stock items?', { says: [/stock/] }],
    ['Can a listing platform user upload a PDF instead of a photo?', { says: [/image types/] }],
    ['Is the logic-i database reachable from the internet?', { says: [/private network/] }],
  ],
}

let chat: ShippedChat
beforeAll(async () => {
  chat = await openShippedChat()
}, 120_000)

describe('the assistant on questions written after its change', () => {
  it('answers the held-out questions with the fact asked for', async () => {
    const all = Object.values(HELD_OUT).flat()
    expect(all.length).toBeGreaterThanOrEqual(55)
    for (const [name, set] of Object.entries(HELD_OUT)) await answerRate(chat, `held-out ${name}`, set)
    // The issue's target (95%) is NOT met. Measured unseen: 68.9% (42/61) after the change (70.5%
    // with a sequence-diagram reader that hand-parsed Mermaid, removed: no library exports that
    // parser); the same set on the chat before it: 65.6% (40/61). By class after: general 9/12,
    // lists 6/8, processes 5/8, numbers 6/8, rows 8/9, who 6/8, absent words 2/8. After the concept
    // lexicon (third round below): 73.8% (45/61), absent words 5/8 (this set's totals were watched
    // while making that change, so it is no longer unseen). After the audience and role passages
    // (fourth round below; this set seen while making them): 77.0% (47/61). After the fifth round's
    // changes (its misses were their dev set): 85.2% (52/61). After the sixth round's changes (seen
    // while making them; two checks read case-insensitively or accept "available for"): 91.8% (56/61).
    // After the seventh round's (seen while making them): 93.4% (57/61).
    // The floor keeps it from sliding back; it is not a target.
    expect(await answerRate(chat, 'held-out', all)).toBeGreaterThanOrEqual(0.93)
  })

  it('answers the third round, written after the concept lexicon', async () => {
    const all = Object.values(THIRD_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const [name, set] of Object.entries(THIRD_ROUND)) await answerRate(chat, `third round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen: 73.4% (47/64) after the concept
    // lexicon; the same set on the chat before it: 70.3% (45/64). By class after: general 9/10, lists
    // 6/9, processes 5/9, numbers 8/9, rows 8/9, who 4/8, absent words 7/10. The misses are mostly
    // who-does-what (an audience or a role's rights answered by a neighbouring passage) and processes
    // and lists put in words no passage heads. After the audience and role passages (fourth round
    // below), with this set seen while making them: 84.4% (54/64), who 5/8, processes 8/9. After the
    // fifth round's changes (seen while making them): 87.5% (56/64); after the sixth round's, the same;
    // after the seventh round's (seen while making them): 89.1% (57/64).
    // The floor keeps it from sliding back; it is not a target.
    expect(await answerRate(chat, 'third round', all)).toBeGreaterThanOrEqual(0.89)
  })

  it('answers the fourth round, written after the audience and role passages', async () => {
    const all = Object.values(FOURTH_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const [name, set] of Object.entries(FOURTH_ROUND)) await answerRate(chat, `fourth round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen: 73.0% (46/63) after the change;
    // the same set on the chat before it (commit 9e13742): 71.4% (45/63). By class after: general
    // 5/10, lists 7/9, processes 8/9, numbers 9/9, rows 9/9, who 6/8, absent words 2/9. The change
    // gained "what are admins responsible for" and a list asked of "the listing platform", and lost
    // "what can a business do" (now the role list, which says "search", not "browse"). The misses
    // are mostly words no passage and no concept holds ("smuggle database operators", "which
    // origins", "signed out of one device", "state management", "CSS framework") and owner facts
    // asked in a new way. After the fifth round's changes (seen while making them): 76.2% (48/63),
    // general 7/10. After the sixth round's (seen while making them): 84.1% (53/63), absent words 6/9.
    // After the seventh round's (seen while making them): 87.3% (55/63).
    // The floor keeps it from sliding back; it is not a target.
    expect(await answerRate(chat, 'fourth round', all)).toBeGreaterThanOrEqual(0.87)
  })

  it("answers the fifth round, written after the visitor's-word weights and the named list kind", async () => {
    const all = Object.values(FIFTH_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const [name, set] of Object.entries(FIFTH_ROUND)) await answerRate(chat, `fifth round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen: 64.4% (47/73) after the change; the
    // same set on the chat at the branch's start (commit 227ae42): 61.6% (45/73). By class after:
    // general 3/8, owner 3/9, lists 8/9, processes 4/9, numbers 8/9, rows 10/10, who 6/9, absent words
    // 5/10. The change gained two lists ("what details does an owner enter when creating a listing",
    // "what runs on the Shop++ server"); no question answered before was lost. The misses: the owner asked in words no passage holds
    // ("move abroad", "work from home", "get hold of", "frontend or backend"), a word shared with
    // another sense ("answers reviews" finds the login that "answers success"; "Express" finds
    // express-rate-limit), and processes asked by their event in the visitor's words ("misspell",
    // "captures", "for the first time"). After the sixth round's changes (this set was their dev
    // set): 80.8% (59/73), owner 8/9, processes 5/9. After the seventh round's (seen while making
    // them): 83.6% (61/73), processes 6/9. The floor keeps it from sliding back; it is not a target.
    expect(await answerRate(chat, 'fifth round', all)).toBeGreaterThanOrEqual(0.83)
  })

  it("answers the sixth round, written after the lexicon's phrases", async () => {
    const all = Object.values(SIXTH_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(60)
    for (const [name, set] of Object.entries(SIXTH_ROUND)) await answerRate(chat, `sixth round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen: 85.5% (59/69) after the change; the
    // same set on the chat at the branch's start (commit 82f305a): 84.1% (58/69). By class after:
    // general 5/8, owner 6/9, lists 8/8, processes 8/9, numbers 9/9, rows 8/9, who 8/8, absent words
    // 7/9. The change gained "How can a recruiter reach Aarav?" and lost none. The misses: a word with
    // a second sense again ("has he WORKED with Redis" finds his operations years, "FREE to
    // interview" finds free text, "ROLES is he looking for" finds role-based access), a live demo or
    // source link asked for in words no passage heads ("see it running", "source code on GitHub"), a
    // past job put as "before he became a developer", and a rule asked in the visitor's words
    // ("fake the price", "keep photos in the database", "order totals worked out"), and a collection's
    // fields answered by a feature storing one of them ("the User collection": the streaks). After the
    // seventh round's changes (this set's misses were among the classes they were made for): 94.2%
    // (65/69), general 7/8, owner 8/9, processes 9/9, absent words 8/9. The floor keeps it from
    // sliding back; it is not a target.
    expect(await answerRate(chat, 'sixth round', all)).toBeGreaterThanOrEqual(0.94)
  })

  it("answers the seventh round's first set, written before its changes and used to make them", async () => {
    const all = Object.values(SEVENTH_BEFORE).flat()
    expect(all.length).toBeGreaterThanOrEqual(75)
    for (const [name, set] of Object.entries(SEVENTH_BEFORE)) await answerRate(chat, `seventh before ${name}`, set)
    // Measured once before any change of the round (commit 875238d): 69.6% (55/79); general 8/9,
    // owner 6/10, lists 8/8, processes 5/10, numbers 6/9, rows 9/9, who 7/8, links 1/8, absent words
    // 5/8. Its misses were then the round's development set: after the changes 89.9% (71/79); general
    // 8/9, owner 10/10, lists 8/8, processes 8/10, numbers 9/9, rows 9/9, who 8/8, links 7/8, absent
    // words 4/8 (one check, "rebuild", is narrower than the reply's "rebuilt on start"; "trust the user
    // id the browser sends" had been answered through a typo of "sends"). Not a measure of the change.
    expect(await answerRate(chat, 'seventh before', all)).toBeGreaterThanOrEqual(0.89)
  })

  it('answers the seventh round, written after its changes', async () => {
    const all = Object.values(SEVENTH_ROUND).flat()
    expect(all.length).toBeGreaterThanOrEqual(75)
    for (const [name, set] of Object.entries(SEVENTH_ROUND)) await answerRate(chat, `seventh round ${name}`, set)
    // The issue's target (95%) is NOT met. Measured once, unseen: 73.2% (60/82) after the change; the
    // same set on the chat at the round's start (commit 875238d, in a temporary worktree, removed
    // after): 67.1% (55/82). By class after (before): general 6/9 (7/9), owner 6/10 (5/10), lists 6/8
    // (6/8), processes 9/10 (9/10), numbers 7/10 (6/10), rows 9/9 (9/9), who 8/9 (8/9), links 5/8
    // (2/8), absent words 4/9 (3/9). Gained six (a repository and a live demo asked for, "is he
    // actively looking for a job", a length limit, a stock check), lost one ("which tool does Aarav use
    // to test APIs": the owner's passages now answer first, with his experience, not the tech stack
    // naming Postman). The misses: a link asked as "deployed at", "open the demo", "file an issue"; an
    // owner fact in words neither the owner's passages nor the lexicon hold ("another time zone",
    // "another field before tech", "current position" read as a job sought); a rule whose subject the
    // question names in other words ("the database reachable", "a PDF instead of a photo", "pretend to
    // be Razorpay"); a list or number answered by the passage that names the subject rather than the one
    // stating it ("which databases does logic-i use": the schema's intro, MySQL only; "ways of paying":
    // the test cards). After the eighth round's changes (chat-eighth-round.test.ts; this set's totals
    // were watched while making them): 79.3% (65/82), links 7/8 ("deployed at", "file an issue"), owner
    // 7/10 ("another time zone"). The floor keeps it from sliding back; it is not a target.
    expect(await answerRate(chat, 'seventh round', all)).toBeGreaterThanOrEqual(0.79)
  })
})
