import type { ChatWords } from '../chat-words-shape.ts'

/** The chat's own words in English (the labels the widget, panel and composer show today). */
export const words: ChatWords = {
  yourMessage: 'Your message',
  placeholder: 'Ask about projects, skills…',
  send: 'Send',
  conversation: 'Conversation',
  you: 'You: ',
  assistant: 'Assistant: ',
  typing: 'Assistant is typing',
  suggestedQuestions: 'Suggested questions',
  youCouldAsk: 'You could ask',
  opensInNewTab: ' (opens in a new tab)',
  readMore: 'Read more: ',
  smallTalk: {
    thanks: "You're welcome! Ask me anything else about {name}'s projects, or write to {email}.",
    identity:
      "I am the assistant of {name}'s portfolio. I answer from what this site says, right here in your browser: no server and no AI service.",
    abilities:
      "I can answer questions about {name}'s projects and what their case studies say (features, architecture, database, security, deployment, API), the tech stack, experience, location and availability. Try one of these:",
    goodbye: 'Thanks for stopping by! You can reach {name} at {email}.',
  },
  // English small talk is recognised by reply.ts (with its filler words); these are for completeness.
  smallTalkPhrases: {
    greeting: ['hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening'],
    thanks: ['thanks', 'thank you'],
    goodbye: ['bye', 'goodbye', 'see you'],
    identity: ['who are you', 'are you a bot'],
    abilities: ['what can you do', 'help'],
  },
}
