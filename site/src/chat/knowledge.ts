import { loadedProjectCards } from '../project-cards.ts'
import { portfolio } from '../generated/content.ts'
import { chatContent } from './chat-content.ts'
import type { ChatKnowledge } from './reply.ts'

/** What the assistant knows: the site's own content (the home page's data, no case studies). */
export function siteKnowledge(resumeUrl: string): ChatKnowledge {
  return {
    quickQuestions: chatContent.quickQuestions,
    fallback: chatContent.fallback,
    projects: loadedProjectCards(),
    techGroups: portfolio.techStack.groups,
    contact: {
      email: portfolio.contact.email,
      github: portfolio.links.github,
      linkedin: portfolio.links.linkedin,
      resumeUrl,
    },
  }
}
