import { portfolio } from '../generated/content.ts'
import { chatContent } from './chat-content.ts'
import type { ChatSearch } from './chat-search.ts'
import type { ChatKnowledge, SmallTalk } from './reply.ts'

/** Replies to small talk: portfolio.yaml's chat.smallTalk, each with a default made from the content. */
export function smallTalkReplies(
  written: Partial<SmallTalk> | undefined,
  name: string,
  email: string,
  greeting: string,
): SmallTalk {
  return {
    greeting: written?.greeting ?? greeting,
    thanks: written?.thanks ?? `You're welcome! Ask me anything else about ${name}'s projects, or write to ${email}.`,
    identity:
      written?.identity ??
      `I am the assistant of ${name}'s portfolio. I answer from what this site says, right here in your browser: no server and no AI service.`,
    abilities:
      written?.abilities ??
      `I can answer questions about ${name}'s projects and what their case studies say (features, architecture, database, security, deployment, API), the tech stack, experience, location and availability. Try one of these:`,
    goodbye: written?.goodbye ?? `Thanks for stopping by! You can reach ${name} at ${email}.`,
  }
}

/** What the assistant knows: the chat's texts, and the search over the content once it is loaded. */
export function siteKnowledge(search: ChatSearch | null): ChatKnowledge {
  const email = portfolio.contact.email.replace(/^mailto:/, '')
  return {
    quickQuestions: chatContent.quickQuestions,
    smallTalk: smallTalkReplies(chatContent.smallTalk, portfolio.owner.name, email, chatContent.greeting),
    fallback: chatContent.fallback,
    search,
  }
}
