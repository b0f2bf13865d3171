/**
 * The chat assistant's answers, computed on the visitor's device from the content alone. Pure: no
 * React, no DOM, no clock, so it is unit-tested directly.
 *
 * Order of precedence:
 *   1. a quick question, by its exact text or by one of its keywords;
 *   2. the best-matching project (title, id, tech, description);
 *   3. a tech-stack group (by group name or by one of its items);
 *   4. contact details (email, GitHub, LinkedIn, resume);
 *   5. the fallback.
 */

export interface ChatKnowledge {
  quickQuestions: readonly { question: string; answer: string; keywords?: readonly string[] }[]
  fallback: string
  projects: readonly { id: string; title: string; description: string; tech: readonly string[] }[]
  techGroups: readonly { name: string; items: readonly string[] }[]
  contact: { email: string; github: string; linkedin: string; resumeUrl: string }
}

/** Words too common to say anything about which project is meant. */
const stopWords = new Set(
  ('a an and are as at be built by can could did do does for from has have how i in is it me my of on or ' +
    'please show tell than that the their them this to was what when where which who why with you your about ' +
    'project projects app application using use used uses build')
    .split(' '),
)

/** Lowercase tokens; keeps `+`, `#` and inner dots so `C++`, `C#` and `Node.js` survive. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9+#.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean)
}

/** True when the words of `phrase` appear consecutively in `tokens`. */
function containsPhrase(tokens: readonly string[], phrase: string): boolean {
  const words = tokenize(phrase)
  if (words.length === 0 || words.length > tokens.length) return false
  for (let start = 0; start + words.length <= tokens.length; start += 1) {
    if (words.every((word, offset) => tokens[start + offset] === word)) return true
  }
  return false
}

function matchQuickQuestion(tokens: readonly string[], knowledge: ChatKnowledge): string | null {
  const normalized = tokens.join(' ')
  const exact = knowledge.quickQuestions.find((item) => tokenize(item.question).join(' ') === normalized)
  if (exact) return exact.answer
  let best: { answer: string; score: number } | null = null
  for (const item of knowledge.quickQuestions) {
    // Longer keywords are more specific; the first quick question wins a tie.
    const score = Math.max(0, ...(item.keywords ?? []).filter((k) => containsPhrase(tokens, k)).map((k) => k.length))
    if (score > 0 && (!best || score > best.score)) best = { answer: item.answer, score }
  }
  return best ? best.answer : null
}

function matchProject(tokens: readonly string[], knowledge: ChatKnowledge): string | null {
  const meaningful = tokens.filter((token) => !stopWords.has(token))
  let best: { project: ChatKnowledge['projects'][number]; score: number; tech: string[] } | null = null
  for (const project of knowledge.projects) {
    let score = 0
    if (containsPhrase(tokens, project.title) || containsPhrase(tokens, project.id.replace(/-/g, ' ')) || tokens.includes(project.id)) score += 10
    const titleWords = tokenize(project.title).filter((word) => !stopWords.has(word))
    score += 3 * meaningful.filter((token) => titleWords.includes(token)).length
    const tech = project.tech.filter((item) => containsPhrase(tokens, item))
    score += 2 * tech.length
    const descriptionWords = new Set(tokenize(project.description).filter((word) => word.length > 3 && !stopWords.has(word)))
    score += meaningful.filter((token) => descriptionWords.has(token)).length
    if (score > (best?.score ?? 0)) best = { project, score, tech }
  }
  if (!best || best.score < 2) return null
  const { project, tech } = best
  const lead = best.score < 10 && tech.length > 0 ? `${tech.join(', ')} ${tech.length > 1 ? 'are' : 'is'} used in ${project.title}. ` : ''
  return `${lead}${project.title}: ${project.description} Read the case study at /projects/${project.id}.`
}

function matchTechGroup(tokens: readonly string[], knowledge: ChatKnowledge): string | null {
  for (const group of knowledge.techGroups) {
    if (containsPhrase(tokens, group.name)) return `${group.name}: ${group.items.join(', ')}.`
  }
  for (const group of knowledge.techGroups) {
    const item = group.items.find((candidate) => containsPhrase(tokens, candidate))
    if (item) return `Yes, ${item} is part of the ${group.name} stack: ${group.items.join(', ')}.`
  }
  return null
}

const contactTopics: readonly { words: readonly string[]; answer: (contact: ChatKnowledge['contact']) => string }[] = [
  { words: ['resume', 'cv', 'curriculum'], answer: (c) => `You can download the resume here: ${c.resumeUrl}` },
  { words: ['linkedin'], answer: (c) => `LinkedIn: ${c.linkedin}` },
  { words: ['github', 'source', 'repo', 'repository', 'code'], answer: (c) => `The code is on GitHub: ${c.github}` },
  {
    words: ['email', 'mail', 'contact', 'reach', 'hire', 'touch', 'message', 'talk'],
    answer: (c) => `Email ${c.email.replace(/^mailto:/, '')}, or connect on LinkedIn: ${c.linkedin}`,
  },
]

function matchContact(tokens: readonly string[], knowledge: ChatKnowledge): string | null {
  const topic = contactTopics.find((candidate) => candidate.words.some((word) => tokens.includes(word)))
  return topic ? topic.answer(knowledge.contact) : null
}

/** The assistant's reply to one visitor message. */
export function replyTo(message: string, knowledge: ChatKnowledge): string {
  const tokens = tokenize(message)
  if (tokens.length === 0) return knowledge.fallback
  return (
    matchQuickQuestion(tokens, knowledge) ??
    matchProject(tokens, knowledge) ??
    matchTechGroup(tokens, knowledge) ??
    matchContact(tokens, knowledge) ??
    knowledge.fallback
  )
}
