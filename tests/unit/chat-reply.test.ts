import { describe, expect, it } from 'vitest'
import { replyTo, tokenize, type ChatKnowledge } from '../../site/src/chat/reply.ts'

const knowledge: ChatKnowledge = {
  quickQuestions: [
    { question: 'What projects has Jane built?', answer: 'Six projects.', keywords: ['portfolio'] },
    { question: 'Is Jane available for interviews?', answer: 'Yes, available.', keywords: ['hiring', 'open to work'] },
  ],
  fallback: 'I do not know that yet.',
  projects: [
    { id: 'logic-i', title: 'logic-i', description: 'Enterprise warehouse management SaaS with bookings and payments.', tech: ['React', 'MySQL', 'Razorpay'] },
    { id: 'authstack', title: 'AuthStack', description: 'Authentication system with email OTP and Google sign-in.', tech: ['Node.js', 'JWT'] },
  ],
  techGroups: [
    { name: 'Frontend', items: ['React', 'TypeScript'] },
    { name: 'DevOps', items: ['Nginx', 'Docker'] },
  ],
  contact: { email: 'mailto:jane@example.com', github: 'https://github.com/jane', linkedin: 'https://linkedin.com/in/jane', resumeUrl: '/resume.pdf' },
}

describe('replyTo', () => {
  it('answers a quick question asked with its exact text, ignoring case and punctuation', () => {
    expect(replyTo('what projects has jane built', knowledge)).toBe('Six projects.')
    expect(replyTo('Is Jane available for interviews?!', knowledge)).toBe('Yes, available.')
  })

  it('answers a quick question by one of its keywords, including multi-word keywords', () => {
    expect(replyTo('Are you hiring-ready?', knowledge)).toBe('Yes, available.')
    expect(replyTo('Is she open to work right now', knowledge)).toBe('Yes, available.')
    expect(replyTo('show me the portfolio', knowledge)).toBe('Six projects.')
  })

  it('names the best-matching project and its case-study path', () => {
    expect(replyTo('Tell me about AuthStack', knowledge)).toMatch(/^AuthStack: .*\/projects\/authstack\.$/)
    expect(replyTo('what is logic i', knowledge)).toContain('/projects/logic-i')
    expect(replyTo('anything with OTP and Google sign-in?', knowledge)).toContain('/projects/authstack')
  })

  it('says which project uses a technology when only the tech matched', () => {
    expect(replyTo('Have you used Razorpay?', knowledge)).toMatch(/^Razorpay is used in logic-i\. /)
  })

  it('falls back to the tech stack groups, then contact details', () => {
    expect(replyTo('What DevOps tools?', knowledge)).toBe('DevOps: Nginx, Docker.')
    expect(replyTo('Do you know TypeScript', knowledge)).toContain('TypeScript is part of the Frontend stack')
    expect(replyTo('How can I email you', knowledge)).toContain('jane@example.com')
    expect(replyTo('linkedin please', knowledge)).toContain('https://linkedin.com/in/jane')
    expect(replyTo('Where is the CV', knowledge)).toContain('/resume.pdf')
  })

  it('uses the fallback when nothing matches, and for blank input', () => {
    expect(replyTo('What is the weather like?', knowledge)).toBe('I do not know that yet.')
    expect(replyTo('   ', knowledge)).toBe('I do not know that yet.')
  })
})

describe('tokenize', () => {
  it('keeps C++, C# and Node.js intact and drops sentence punctuation', () => {
    expect(tokenize('C++, C# and Node.js.')).toEqual(['c++', 'c#', 'and', 'node.js'])
  })
})
