import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { chatFilesOf } from '../../cli/generate/chat-index.ts'
import { openChatLibrary } from '../../site/src/chat/chat-search.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import { smallTalkReplies } from '../../site/src/chat/knowledge.ts'
import { replyText, replyTo, type ChatKnowledge, type Reply } from '../../site/src/chat/reply.ts'
import { REPO_ROOT } from './fixtures.ts'
import { openStore } from '../../cli/cache/store.ts'

/**
 * The assistant over the shipped content as a visitor meets it: the overview and the project
 * files the build writes, read by the browser's library, answered with the portfolio's own chat
 * texts. For the question-set tests (tests/unit/chat-*.test.ts).
 */

/** What an answer must say (each string or pattern), and must not (a project that does not hold the fact). */
export interface Fact {
  says: (string | RegExp)[]
  not?: string[]
}

export interface ShippedChat {
  knowledge: ChatKnowledge
  overviewJson: string
  /** The reply to a question, with the passages it needs loaded (as the chat loads them). */
  ask(question: string): Promise<Reply>
}

export async function openShippedChat(): Promise<ShippedChat> {
  const { compiled } = await checkAndCompile(REPO_ROOT, { store: openStore() })
  if (!compiled) throw new Error('the shipped content does not compile')
  const files = new Map(chatFilesOf(compiled).map((file) => [file.path, file.contents]))
  const overviewJson = files.get(chatData.overview.file)!
  const library = openChatLibrary(JSON.parse(overviewJson), async (id) =>
    JSON.parse(files.get(chatData.project.file(id))!),
  )
  const { portfolio } = compiled
  const { chat } = portfolio
  const knowledge: ChatKnowledge = {
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
  return {
    knowledge,
    overviewJson,
    ask: async (question) => replyTo(question, { ...knowledge, search: await library.searchFor(question) }),
  }
}

/** Whether a reply states every fact asked for and names none of the projects it must not. */
export function states(reply: Reply, fact: Fact): boolean {
  const said = replyText(reply)
  return (
    fact.says.every((part) => (typeof part === 'string' ? said.includes(part) : part.test(said))) &&
    !(fact.not ?? []).some((word) => said.includes(word))
  )
}

/** Each question's reply, and the share of a set answered with its fact; the misses are logged. */
export async function answerRate(
  chat: ShippedChat,
  name: string,
  set: readonly (readonly [string, Fact])[],
): Promise<number> {
  const misses: string[] = []
  for (const [question, fact] of set) {
    const reply = await chat.ask(question)
    if (!states(reply, fact)) misses.push(`  missed: ${question}\n    -> ${replyText(reply).replace(/\n/g, ' | ')}`)
  }
  const rate = 1 - misses.length / set.length
  console.log(
    `${name}: ${(rate * 100).toFixed(1)}% (${set.length - misses.length}/${set.length})\n${misses.join('\n')}`,
  )
  return rate
}
