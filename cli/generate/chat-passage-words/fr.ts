import { listIn } from './lists.ts'
import type { PassageWords } from './shape.ts'

const CARDINALITIES: Readonly<Record<string, string>> = {
  'one-to-one': 'un à un',
  'one-to-many': 'un à plusieurs',
  'many-to-many': 'plusieurs à plusieurs',
}
const RESETS: Readonly<Record<string, string>> = { nightly: 'chaque nuit', daily: 'chaque jour' }
/** French puts a no-break space before a colon or a semicolon. */
const COLON = '\u00a0:'
const SEMICOLON = '\u00a0; '

export const french: PassageWords = {
  lang: 'fr',
  about: 'À propos',
  techStack: 'Technologies',
  contact: 'Contact',
  resume: 'CV',
  who: 'Qui',
  location: 'Lieu',
  experience: 'Expérience',
  availability: 'Disponibilité',
  highlights: 'Points forts',
  education: 'Formation',
  contactEmail: 'E-mail de contact',
  resumeTitle: 'CV curriculum',
  writingPost: 'Article du blog',
  writing: 'Blog',
  tech: 'Technologies',
  achievements: 'Réalisations',
  metrics: 'Chiffres',
  demoLogin: 'Accès à la démo',
  linksTitle: 'Liens\u00a0: démo en ligne, site et dépôt du code source',
  builtForTitle: 'Pour qui (public)',
  testCards: 'Cartes de test',
  relations: 'Relations',
  unique: 'unique',
  basedIn: (name, place) => `${name} est basé·e à ${place}.`,
  yearsInOperations: (years) => `${years} ans dans les opérations`,
  yearsFullStack: (years) => `${years} ans de développement full-stack`,
  has: (name, what) => `${name} a ${listIn('fr', what, 'conjunction')}.`,
  roleExperience: (role) => `Expérience de ${role}`,
  at: (place) => `chez ${place}`,
  inArea: (area) => `en ${area}`,
  period: (start, end) => `(${start} à ${end || 'aujourd’hui'})`,
  email: (address) => `E-mail${COLON} ${address}`,
  resumeLink: (label) => `${label} (PDF)${COLON} le lien est en bas de chaque page.`,
  post: (title, date) => `${title} (un article, ${date})`,
  tags: (tags) => `Mots-clés${COLON} ${tags.join(', ')}.`,
  uses: (project, tech) => `${project} utilise ${tech.join(', ')}.`,
  builtFor: (project, groups) => `${project} est conçu pour${COLON} ${groups.join(SEMICOLON)}.`,
  demo: (email, password, reset) =>
    `Accès à la démo${COLON} ${email} avec le mot de passe ${password}${SEMICOLON}les données de la démo sont réinitialisées ${RESETS[reset] ?? reset}.`,
  links: (project, live, code) =>
    `Démo en ligne de ${project}${COLON} ${live}.${code ? ` Code source${COLON} ${code}.` : ''}`,
  stack: (group) => `Technologies ${group}`,
  endpoint: (method, path) => `Point d’accès ${method} ${path}`,
  testCardsList: (cards) => `Cartes de test${COLON} ${cards.join(SEMICOLON)}.`,
  table: (name) => `Table ${name}`,
  entity: (name, description, fields) => `${name}${COLON} ${description} Champs${COLON} ${fields.join(SEMICOLON)}.`,
  oneOf: (values) => `parmi ${listIn('fr', values, 'disjunction')}`,
  defaultValue: (value) => `par défaut ${value}`,
  relation: (from, to, cardinality) => `${from} vers ${to}${COLON} ${CARDINALITIES[cardinality] ?? cardinality}`,
  auth: { public: 'publique', user: 'utilisateur connecté', admin: 'administrateur', signed: 'signée' },
  relationsList: (relations) => `Relations${COLON} ${relations.join(SEMICOLON)}.`,
}
