import { describe, expect, it } from 'vitest'
import { chatFilesOf, chatOverviewJson, projectChat } from '../../cli/generate/chat-index.ts'
import { loadChatLanguage, type ChatLanguage } from '../../cli/generate/chat-language.ts'
import type { ChatPortfolio, ChatProject } from '../../cli/generate/chat-passages.ts'
import { chatPortfolio, chatProject } from '../helpers/chat-content.ts'
import { openChatLibrary } from '../../site/src/chat/chat-search.ts'
import { fillIn, loadChatWords } from '../../site/src/chat/chat-words.ts'
import { smallTalkReplies } from '../../site/src/chat/knowledge.ts'
import { chatDataFor } from '../../site/src/chat/index-path.ts'
import { replyText, replyTo, type ChatKnowledge, type Reply } from '../../site/src/chat/reply.ts'

/**
 * The chat in French, Arabic (right to left) and Hindi (Devanagari), built from small content in
 * each language as the CLI builds it and searched as the browser does: a question asked with other
 * inflections than the content's (so the language's stemmer is what matches them) gets its passage.
 */

interface Content {
  lang: string
  /** Markdown fields, compiled by chatPortfolio and chatProject. */
  portfolio: Omit<ChatPortfolio, 'blocks'>
  project: Omit<ChatProject, 'blocks'>
  fallback: string
}

const prose = (id: string, title: string, body: string) => ({
  id,
  title,
  kind: 'prose' as const,
  body,
})

const french: Content = {
  lang: 'fr',
  portfolio: {
    owner: {
      name: 'Jeanne Dupont',
      role: 'Développeuse',
      location: 'Lyon, France',
      yearsInOperations: '',
      yearsFullStack: '',
    },
    about: { title: 'À propos', body: 'Je conçois des applications web pour les commerçants.' },
    techStack: { title: 'Technologies', groups: [{ name: 'DevOps', items: ['Nginx', 'Docker'] }] },
    contact: { title: 'Contact', body: 'Écrivez-moi.', email: 'mailto:jeanne@example.com' },
    links: { github: 'https://github.com/jeanne', linkedin: '' },
  },
  project: {
    id: 'entrepot',
    title: 'Réservation d’entrepôts',
    description: 'Location d’entrepôts en ligne avec réservation et paiement.',
    tech: ['React', 'MySQL', 'Razorpay'],
    sections: [
      prose(
        'paiement',
        'Intégration du paiement',
        'Chaque paiement est vérifié côté serveur avant la confirmation de la réservation.',
      ),
      prose('securite', 'Sécurité', 'Les mots de passe sont hachés avec bcrypt.'),
      prose('deploiement', 'Déploiement', 'L’application est déployée derrière Nginx sur un serveur privé.'),
    ],
  },
  fallback: 'Je n’ai pas encore de réponse à cette question.',
}

const arabic: Content = {
  lang: 'ar',
  portfolio: {
    owner: {
      name: 'ليلى حسن',
      role: 'مطورة برمجيات',
      location: 'عمّان، الأردن',
      yearsInOperations: '',
      yearsFullStack: '',
    },
    about: { title: 'نبذة', body: 'أبني تطبيقات ويب للمتاجر.' },
    techStack: { title: 'التقنيات', groups: [{ name: 'DevOps', items: ['Nginx', 'Docker'] }] },
    contact: { title: 'تواصل', body: 'راسلني.', email: 'mailto:layla@example.com' },
    links: { github: '', linkedin: '' },
  },
  project: {
    id: 'warehouse',
    title: 'حجز المستودعات',
    description: 'منصة لتأجير المستودعات مع الحجز والدفع عبر الإنترنت.',
    tech: ['React', 'MySQL', 'Razorpay'],
    sections: [
      prose('payments', 'تكامل الدفع', 'تتم مراجعة جميع الدفعات على الخادم قبل تأكيد الحجز.'),
      prose('security', 'الأمان', 'كلمات المرور مشفرة باستخدام bcrypt.'),
      prose('deployment', 'النشر', 'ينشر التطبيق خلف Nginx على خادم خاص.'),
    ],
  },
  fallback: 'ليس لدي إجابة عن هذا السؤال بعد.',
}

const hindi: Content = {
  lang: 'hi',
  portfolio: {
    owner: { name: 'आरव शर्मा', role: 'डेवलपर', location: 'पुणे, भारत', yearsInOperations: '', yearsFullStack: '' },
    about: { title: 'परिचय', body: 'मैं दुकानों के लिए वेब ऐप्लिकेशन बनाता हूँ।' },
    techStack: { title: 'तकनीकें', groups: [{ name: 'DevOps', items: ['Nginx', 'Docker'] }] },
    contact: { title: 'संपर्क', body: 'मुझे लिखें।', email: 'mailto:aarav@example.com' },
    links: { github: '', linkedin: '' },
  },
  project: {
    id: 'godam',
    title: 'गोदाम बुकिंग',
    description: 'गोदाम किराये पर लेने का ऑनलाइन प्लेटफ़ॉर्म, बुकिंग और भुगतान के साथ।',
    tech: ['React', 'MySQL', 'Razorpay'],
    sections: [
      prose('payments', 'भुगतान', 'हर भुगतान की पुष्टि सर्वर पर बुकिंग से पहले की जाती है।'),
      prose('security', 'सुरक्षा', 'पासवर्ड bcrypt से सुरक्षित किए जाते हैं।'),
      prose('deployment', 'डिप्लॉयमेंट', 'ऐप्लिकेशन Nginx के पीछे एक निजी सर्वर पर तैनात है।'),
    ],
  },
  fallback: 'इस सवाल का जवाब अभी मेरे पास नहीं है।',
}

/** The chat of one language's content, as the build writes it (English the default) and the browser reads it. */
async function chatIn(content: Content) {
  const language: ChatLanguage = await loadChatLanguage(content.lang, 'en')
  const project = projectChat(chatProject(content.project), language)
  const overview = JSON.parse(chatOverviewJson(chatPortfolio(content.portfolio), [project.summary], [], language))
  const library = openChatLibrary(overview, async () => JSON.parse(project.json), language.analysis)
  const words = await loadChatWords(content.lang)
  const name = content.portfolio.owner.name
  const email = content.portfolio.contact.email.replace(/^mailto:/, '')
  const knowledge: ChatKnowledge = {
    lang: content.lang,
    readMore: words.readMore,
    quickQuestions: [],
    smallTalk: {
      greeting: '…',
      thanks: fillIn(words.smallTalk.thanks, name, email),
      identity: fillIn(words.smallTalk.identity, name, email),
      abilities: fillIn(words.smallTalk.abilities, name, email),
      goodbye: fillIn(words.smallTalk.goodbye, name, email),
    },
    smallTalkPhrases: words.smallTalkPhrases,
    fallback: content.fallback,
    search: null,
  }
  return {
    knowledge,
    ask: async (question: string): Promise<Reply> =>
      replyTo(question, { ...knowledge, search: await library.searchFor(question) }),
  }
}

const links = (reply: Reply) => reply.paragraphs.flat().flatMap((part) => (part.kind === 'link' ? [part.href] : []))

describe('the chat in French', () => {
  it('answers a question about payments with the payments passage, linked under /fr/', async () => {
    const chat = await chatIn(french)
    // "paiements", "vérifiés": the content says "paiement", "vérifié".
    const reply = await chat.ask('Comment les paiements sont-ils vérifiés ?')
    expect(replyText(reply)).toContain('Chaque paiement est vérifié côté serveur')
    expect(replyText(reply)).toContain('En savoir plus : ')
    expect(links(reply)).toEqual(['/fr/projects/entrepot#paiement'])
  })

  it('answers where the project is deployed, and falls back on what the content does not say', async () => {
    const chat = await chatIn(french)
    expect(replyText(await chat.ask('Où les applications sont-elles déployées ?'))).toContain('derrière Nginx')
    expect(replyText(await chat.ask('Quel est son plat préféré ?'))).toBe(french.fallback)
  })

  it('answers small talk in French', async () => {
    const chat = await chatIn(french)
    expect(replyText(await chat.ask('Merci beaucoup !'))).toBe(
      "Avec plaisir ! Posez-moi d'autres questions sur les projets de Jeanne Dupont, ou écrivez à jeanne@example.com.",
    )
    expect(replyText(await chat.ask('Bonjour'))).toBe('…')
  })
})

describe('the chat in Arabic (right to left)', () => {
  it('answers a question about payments with the payments passage', async () => {
    const chat = await chatIn(arabic)
    // "الدفعة" (a payment) and "بالحجز": the content says "الدفعات" (payments) and "الحجز".
    const reply = await chat.ask('كيف تتم مراجعة الدفعة قبل تأكيد الحجز؟')
    expect(replyText(reply)).toContain('تتم مراجعة جميع الدفعات على الخادم')
    expect(links(reply)).toEqual(['/ar/projects/warehouse#payments'])
  })

  it('answers how passwords are kept, not with the payments passage', async () => {
    const chat = await chatIn(arabic)
    const said = replyText(await chat.ask('هل كلمات المرور المشفرة آمنة؟'))
    expect(said).toContain('bcrypt')
    expect(said).not.toContain('الدفعات')
  })
})

describe('the chat in Hindi (Devanagari)', () => {
  it('answers a question about payments with the payments passage', async () => {
    const chat = await chatIn(hindi)
    // "भुगतानों" (payments, oblique plural): the content says "भुगतान".
    const reply = await chat.ask('भुगतानों की पुष्टि कैसे होती है?')
    expect(replyText(reply)).toContain('हर भुगतान की पुष्टि सर्वर पर')
    expect(links(reply)).toEqual(['/hi/projects/godam#payments'])
  })

  it('answers where the application is deployed', async () => {
    const chat = await chatIn(hindi)
    expect(replyText(await chat.ask('ऐप्लिकेशन कहाँ तैनात है?'))).toContain('Nginx के पीछे')
  })
})

describe('the chat data of each language', () => {
  it('is written at data/chat… for the default language and <tag>/data/chat… for another', async () => {
    expect(chatDataFor('en', 'en').overview.file).toBe('data/chat.json')
    expect(chatDataFor('en', 'en').project.file('a')).toBe('data/chat/a.json')
    expect(chatDataFor('pt-BR', 'en').overview.file).toBe('pt-BR/data/chat.json')
    expect(chatDataFor('pt-BR', 'en').project.url('/base/', 'a')).toBe('/base/pt-BR/data/chat/a.json')
    const language = await loadChatLanguage('fr', 'en')
    const content = { portfolio: chatPortfolio(french.portfolio), projects: [chatProject(french.project)], posts: [] }
    const files = chatFilesOf(content as unknown as Parameters<typeof chatFilesOf>[0], language)
    expect(files.map((file) => file.path)).toEqual(['fr/data/chat.json', 'fr/data/chat/entrepot.json'])
  })
})

describe('the chat words in English', () => {
  it('make the same small-talk replies as before there were tables', async () => {
    const words = await loadChatWords('en')
    const args = [undefined, 'Jane Doe', 'jane@example.com', 'Hi!'] as const
    expect(smallTalkReplies(...args, words)).toEqual(smallTalkReplies(...args))
  })
})
