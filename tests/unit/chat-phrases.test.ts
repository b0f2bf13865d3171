import { describe, expect, it } from 'vitest'
import { phraseReaderOf } from '../../site/src/chat/related-terms.ts'
import { englishAnalysis, tokenize } from '../../site/src/chat/search-config.ts'

const read = phraseReaderOf(
  [
    ['remote', 'relocate', 'work from home'],
    ['location', 'based', 'where * from'],
    ['full stack', 'frontend or backend'],
  ],
  tokenize,
  (text) => text.toLowerCase(),
)

describe("the lexicon's phrases", () => {
  it("reads a phrase as its concept's headword and keeps the other words as written", () => {
    expect(read('Can he work from home for a company in Berlin?')).toBe('Can he remote for a company in Berlin')
  })

  it('keeps the words a gap stood for', () => {
    expect(read('Where is Aarav from?')).toBe('location is Aarav')
  })

  it('lets a gap stand for at most three words', () => {
    expect(read('Where does the price data come from?')).toBe('Where does the price data come from?')
  })

  it('reads a headword that is itself a phrase', () => {
    expect(read('Is he a frontend or backend developer?')).toBe('Is he a full stack developer')
  })

  it('leaves a question without a phrase untouched', () => {
    expect(read('Does he know Kubernetes?')).toBe('Does he know Kubernetes?')
  })

  it('does not make a related term of a phrase', () => {
    expect(englishAnalysis.relatedTerms('remot')).not.toContain('work from home')
    expect(englishAnalysis.readPhrases('How do I get hold of him?')).toBe('How do I contact him')
  })

  it('reads a word of two senses as its concept only beside another of its words', () => {
    const senses = phraseReaderOf(
      [
        ['seeking', 'interview', 'looking for', 'free~', 'roles~', '+want'],
        ['experience', 'years', 'job~', '+did'],
        ['authorization', 'role', 'roles'],
      ],
      tokenize,
      (text) => text.toLowerCase(),
    )
    expect(senses('Is he free to interview?')).toBe('Is he seeking to interview')
    expect(senses('Is free text sanitized?')).toBe('Is free text sanitized?')
    expect(senses('Which roles is he looking for?')).toBe('Which seeking is he seeking')
    expect(senses('Which roles does logic-i have?')).toBe('Which roles does logic-i have?')
    expect(senses('What did he do in his last job?')).toBe('What did he do in his last experience')
  })

  it("reads the shipped lexicon's senses: a past job, a title, a technology worked with", () => {
    expect(englishAnalysis.readPhrases('What was his previous role?')).toBe('What was his previous experience')
    expect(englishAnalysis.readPhrases("What is Aarav's job title?")).toBe('What is Aarav s profession')
    expect(englishAnalysis.readPhrases('Has he worked with Redis?')).toBe('Has he used Redis')
    expect(englishAnalysis.readPhrases('What is the cron job schedule?')).toBe('What is the cron job schedule?')
  })
})
