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
})
