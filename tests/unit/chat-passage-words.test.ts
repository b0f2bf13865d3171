import { chatPortfolio, chatProject } from '../helpers/chat-content.ts'
import { describe, expect, it } from 'vitest'
import type { PostSummary } from '../../cli/content/content-types.ts'
import { chatOverviewJson, projectChat } from '../../cli/generate/chat-index.ts'
import { loadChatLanguage } from '../../cli/generate/chat-language.ts'
import {
  portfolioPassages,
  postPassages,
  projectParts,
  type ChatPortfolio,
  type ChatProject,
} from '../../cli/generate/chat-passages.ts'
import { englishPassageWords, passageWordsFor } from '../../cli/generate/chat-passage-words.ts'

/**
 * A translated language's passages are glued with that language's words: the chat on a French page
 * answers "Amira est basée à Lyon", not "Amira is based in Lyon". The content below is all French
 * and uses every part of a passage that has glue (career dates, education, posts' tags, a project's
 * tech, audience and demo, a database's enum, unique and default, relations, endpoints' auth, test cards).
 */

const portfolio: ChatPortfolio = chatPortfolio({
  owner: {
    name: 'Amira Haddad',
    role: 'Développeuse full-stack',
    location: 'Lyon, France',
    yearsInOperations: '6',
    yearsFullStack: '3',
  },
  about: { title: 'À propos', body: 'Je crée des applications web pour les ateliers.' },
  techStack: { title: 'Technologies', groups: [{ name: 'Serveur', items: ['Node.js', 'PostgreSQL'] }] },
  contact: { title: 'Contact', body: 'Écrivez-moi.', email: 'mailto:amira@example.com' },
  links: { github: 'https://github.com/amira', linkedin: 'https://www.linkedin.com/in/amira' },
  availability: { text: 'Disponible dès juin' },
  resume: { label: 'Télécharger le CV' },
  experience: [
    { role: 'Développeuse full-stack', organisation: 'Atelier Numérique', start: '2022-03' },
    { role: 'Responsable des opérations', organisation: 'Logistique Rhône', start: '2016-01', end: '2022-02' },
  ],
  education: [{ qualification: 'Licence', area: 'informatique', institution: 'Université Lyon 1' }],
})

const project: ChatProject = chatProject({
  id: 'ledger',
  title: 'Ledger',
  description: 'La comptabilité des petits ateliers, de la facture au bilan annuel.',
  tech: ['Node.js', 'PostgreSQL', 'React'],
  achievements: ['Des factures en moins d’une minute'],
  audience: ['Artisans', 'Comptables'],
  demo: { email: 'demo@ledger.example.com', password: 'Demo@1234', reset: 'nightly' },
  sections: [
    {
      id: 'database',
      title: 'Base de données',
      kind: 'database',
      entities: [
        {
          name: 'invoices',
          description: 'Les factures.',
          fields: [
            { name: 'id', type: 'UUID', constraints: 'primary key' },
            { name: 'number', type: 'TEXT', constraints: 'unique' },
            { name: 'status', type: 'TEXT', constraints: 'enum: draft, sent, paid; default draft' },
          ],
        },
        { name: 'lines', description: 'Les lignes d’une facture.', fields: [{ name: 'amount', type: 'DECIMAL' }] },
      ],
      relations: [{ from: 'invoices', to: 'lines', cardinality: 'one-to-many', note: 'Une facture a ses lignes' }],
    },
    {
      id: 'api',
      title: 'API',
      kind: 'endpoints',
      endpoints: [{ method: 'GET', path: '/invoices/{id}', summary: 'Lire une facture.', auth: 'user' }],
    },
    {
      id: 'test-cards',
      title: 'Cartes de test',
      kind: 'test-cards',
      cards: [{ network: 'Visa', number: '4242 4242 4242 4242', outcome: 'Paiement accepté' }],
    },
  ],
})

const post: PostSummary = {
  slug: 'factures',
  title: 'Relancer une facture sans froisser le client',
  summary: 'Trois relances, espacées, et un ton qui reste cordial.',
  published: '2026-03-14',
  tags: ['facturation', 'relation client'],
  projects: [],
  words: 400,
  readingMinutes: 2,
}

/**
 * The words English glues passages with: none may be in a French passage (title or text). "unique"
 * and "Relations" are French words too: their French forms are checked below.
 */
const ENGLISH_GLUE = [
  /\bis based in\b/,
  /\byears in business operations\b/,
  /\byears of full-stack\b/,
  /\bhas \d/,
  /\bexperience\b/,
  /\bpresent\b/,
  /\bTags:/,
  /\ba post\b/,
  /\bWriting\b/,
  /\buses\b/,
  /\bbuilt for\b/i,
  /\bDemo login\b/,
  /\bwith the password\b/,
  /\bresets\b/,
  /\bnightly\b/,
  /\bFields:/,
  /\bone of\b/,
  /\bdefault\b/,
  /\bRelations:/,
  /\bone-to-many\b/,
  /\btable\b/,
  /\bendpoint\b/,
  /\(user\)/,
  /\bTest cards\b/,
  /\bthe link is in the footer\b/,
  /\bE-mail:/,
  /\bWho\b|\bLocation\b|\bAvailability\b|\bAchievements\b|\bMetrics\b|\bEducation\b/,
  /\bat (Atelier|Logistique|Université)/,
  / to \d{4}/,
]

describe('the words a passage is glued with, per language', () => {
  it('glues a French project’s and owner’s passages in French, with no English word between the content', () => {
    const words = passageWordsFor('fr')
    const passages = [
      ...portfolioPassages(portfolio, words),
      ...postPassages([post], words),
      ...projectParts(project, words).passages,
    ]
    const written = passages.flatMap((passage) => [passage.title, passage.text, passage.source])
    for (const glue of ENGLISH_GLUE)
      expect(
        written.filter((line) => glue.test(line)),
        String(glue),
      ).toEqual([])
    const all = written.join('\n')
    expect(all).toContain('Amira Haddad est basé·e à Lyon, France.')
    expect(all).toContain('Amira Haddad a 6 ans dans les opérations et 3 ans de développement full-stack.')
    expect(all).toContain('Responsable des opérations chez Logistique Rhône (2016-01 à 2022-02).')
    expect(all).toContain('Développeuse full-stack chez Atelier Numérique (2022-03 à aujourd’hui).')
    expect(all).toContain('Relancer une facture sans froisser le client (un article, mars 2026)')
    expect(all).toContain('Mots-clés\u00a0: facturation, relation client.')
    expect(all).toContain('status (parmi draft, sent ou paid, par défaut draft)')
    expect(all).toContain('number (unique)')
    expect(all).toContain('invoices vers lines\u00a0: un à plusieurs (Une facture a ses lignes)')
    expect(all).toContain('GET /invoices/{id}: Lire une facture. (utilisateur connecté)')
    expect(all).toContain('réinitialisées chaque nuit.')
  })

  it('writes the chat files of a French site with French glue (the language carries its words)', async () => {
    const language = await loadChatLanguage('fr', 'en')
    expect(language.words).toEqual(passageWordsFor('fr'))
    const chat = projectChat(project, language)
    const text = [chat.json, chatOverviewJson(portfolio, [chat.summary], [post], language)].join('\n')
    expect(text).toContain('Ledger utilise Node.js, PostgreSQL, React.')
    expect(text).not.toMatch(/\buses\b|\bis based in\b|Demo login/)
  })

  it('has a table for every shipped language, pt-BR’s for pt, and English for a language without one', () => {
    for (const tag of ['en', 'es', 'fr', 'de', 'pt-BR', 'hi', 'ar']) expect(passageWordsFor(tag).lang).toBe(tag)
    expect(passageWordsFor('pt').basedIn('Ana', 'Recife')).toBe('Ana mora em Recife.')
    expect(passageWordsFor('fr-CA').lang).toBe('fr-CA')
    expect(passageWordsFor('it')).toBe(englishPassageWords)
    expect(passageWordsFor('de').oneOf(['a', 'b', 'c'])).toBe('einer von a, b oder c')
  })
})
