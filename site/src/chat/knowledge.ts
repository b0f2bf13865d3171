import { portfolio } from '../generated/content.ts'
import type { ChatTexts } from './chat-content.ts'
import type { ChatSearch } from './chat-search.ts'
import { fillIn, type ChatWords } from './chat-words.ts'
import type { ChatKnowledge, SmallTalk } from './reply.ts'

/**
 * Replies to small talk: portfolio.yaml's chat.smallTalk, each with a default made from the content
 * (in `words`' language; English when not given).
 */
export function smallTalkReplies(
  written: Partial<SmallTalk> | undefined,
  name: string,
  email: string,
  greeting: string,
  words?: ChatWords,
): SmallTalk {
  const said = words?.smallTalk
  return {
    greeting: written?.greeting ?? greeting,
    thanks:
      written?.thanks ??
      (said
        ? fillIn(said.thanks, name, email)
        : `You're welcome! Ask me anything else about ${name}'s projects, or write to ${email}.`),
    identity:
      written?.identity ??
      (said
        ? fillIn(said.identity, name, email)
        : `I am the assistant of ${name}'s portfolio. I answer from what this site says, right here in your browser: no server and no AI service.`),
    abilities:
      written?.abilities ??
      (said
        ? fillIn(said.abilities, name, email)
        : `I can answer questions about ${name}'s projects and what their case studies say (features, architecture, database, security, deployment, API), the tech stack, experience, location and availability. Try one of these:`),
    goodbye:
      written?.goodbye ??
      (said ? fillIn(said.goodbye, name, email) : `Thanks for stopping by! You can reach ${name} at ${email}.`),
  }
}

/** What the assistant knows in a language: the chat's texts and words, and the search over the content once it is loaded. */
export function siteKnowledge(
  search: ChatSearch | null,
  lang: string,
  texts: ChatTexts,
  words: ChatWords,
): ChatKnowledge {
  const email = portfolio.contact.email.replace(/^mailto:/, '')
  return {
    lang,
    readMore: words.readMore,
    smallTalkPhrases: words.smallTalkPhrases,
    quickQuestions: texts.quickQuestions,
    smallTalk: smallTalkReplies(texts.smallTalk, portfolio.owner.name, email, texts.greeting, words),
    fallback: texts.fallback,
    search,
  }
}
