import { decodeHTML } from 'entities'
import type { MarkedToken, Token } from 'marked'
import { safeAddress } from './markdown-policy.ts'

/**
 * A markdown field as the chat reads it: text blocks in reading order, made from the tokens marked
 * lexed to compile the field, so nothing parses the HTML the compile wrote (DESIGN.md: "derive
 * each thing once"). Each block's text is the text its element shows on the page, each link to
 * another site followed by its address: an element the compiled HTML would have (a paragraph, a
 * heading, a list item, a table row, a quote) is a block; code blocks are left out (configuration,
 * not an answer).
 */

export interface TextBlock {
  /** The bold words a block starts with ("**Password hashing.** Passwords are…"), its headline. */
  lead: string
  text: string
  /**
   * The bold leads of the list items merged into it ("**Partners** list and manage…"): the names the
   * list gives its items, headlines of the passage as its own lead is.
   */
  itemLeads: string[]
}

/** Longest list, with the sentence that introduces it, that stays one passage. */
const LIST_PASSAGE_LENGTH = 800
/** An introduction this short ("**Who it is for.**") introduces the list after it even without a colon. */
const HEADLINE_LENGTH = 80

/**
 * A token as marked's own lexer makes it: the compiler registers no extension, so every token is one
 * of marked's kinds, never a Generic one.
 */
const builtIn = (token: Token): MarkedToken => token as MarkedToken

/** Whether a link's text is its address already ("github.com/x" for https://github.com/x/). */
const sameAddress = (shown: string, address: string): boolean => {
  const bare = (value: string) =>
    value
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '')
  return bare(shown) === bare(address)
}

/** A text with its white space collapsed, as one line of a passage. */
const collapse = (value: string): string => value.replace(/\s+/g, ' ').trim()

/** An element being read: its text so far, and its lead while the bold it starts with is open. */
interface Open {
  text: string
  lead: string
  inLead: boolean
}

interface Draft extends TextBlock {
  merged?: boolean
}

/** A list's items (indexes into the blocks) and the block just before it, when the list is not inside an element. */
interface List {
  intro: number
  items: number[]
}

/**
 * The text blocks of a field's tokens (marked's lexer output, the tokens its HTML is rendered
 * from). A list right after the sentence that introduces it ("…compares the two:", "Three roles
 * share the platform:") is one block with it, when short enough: the items are what the sentence is
 * about, and apart the sentence would answer "what are they" with a summary.
 */
export function textBlocks(tokens: readonly Token[]): TextBlock[] {
  const blocks: Draft[] = []
  const lists: List[] = []

  /** Closes an element: a block when it shows any text. Returns its index, or -1. */
  const close = (open: Open): number => {
    const content = collapse(open.text)
    if (!content) return -1
    return blocks.push({ lead: collapse(open.lead).replace(/[.:]$/, ''), text: content, itemLeads: [] }) - 1
  }

  const append = (open: Open | undefined, value: string) => {
    if (!open) return
    open.text += value
    if (open.inLead) open.lead += value
  }

  /** Inline tokens' text into `open`, as the page shows it (character references decoded). */
  const inline = (items: readonly Token[], open: Open) => {
    for (const token of items) inlineToken(builtIn(token), open)
  }
  const inlineToken = (token: MarkedToken, open: Open) => {
    switch (token.type) {
      case 'text':
        // As markdown-policy's text renderer writes it: an inline text's references decoded.
        if (token.tokens) inline(token.tokens, open)
        else append(open, decodeHTML(token.text))
        break
      case 'escape':
        append(open, decodeHTML(token.text))
        break
      case 'codespan':
        append(open, token.text)
        break
      case 'strong': {
        // Bold at the start of an element is its lead; it ends with the first bold that closes.
        if (open.text.trim() === '') open.inLead = true
        inline(token.tokens, open)
        open.inLead = false
        break
      }
      case 'em':
      case 'del':
        inline(token.tokens, open)
        break
      case 'link': {
        const start = open.text.length
        inline(token.tokens, open)
        // A link to another site is followed by its address, as a reader of the page can follow it:
        // an answer saying "open an issue on GitHub" shows where.
        const address = decodeHTML(token.href).trim()
        const shown = open.text.slice(start).trim()
        if (
          /^https:\/\//i.test(address) &&
          safeAddress(token.href, false) !== undefined &&
          !sameAddress(shown, address)
        )
          open.text += ` (${address})`
        break
      }
      case 'image': {
        // A shown image adds no text; one whose address the policy refuses is written as its alt text.
        if (safeAddress(token.href, false) === undefined) {
          const alt: Open = { text: '', lead: '', inLead: false }
          inline(token.tokens, alt)
          append(open, alt.text)
        }
        break
      }
      case 'br':
        // A line break between words keeps them apart (the rendered HTML's <br> joined them).
        append(open, ' ')
        break
      case 'checkbox':
        append(open, ' ')
        break
      // html renders to nothing (markdown-policy), and validation refuses it anyway.
    }
  }

  /** Block tokens inside `parent` (the innermost element being read, none at the field's top level). */
  const block = (items: readonly Token[], parent: Open | undefined) => {
    for (const token of items) blockToken(builtIn(token), parent)
  }
  const element = (read: (open: Open) => void): number => {
    const open: Open = { text: '', lead: '', inLead: false }
    read(open)
    return close(open)
  }
  const blockToken = (token: MarkedToken, parent: Open | undefined) => {
    switch (token.type) {
      case 'paragraph':
      case 'heading':
        element((open) => inline(token.tokens, open))
        break
      case 'text':
        // A tight list item's text, which is the item's own.
        if (parent) inlineToken(token, parent)
        break
      case 'checkbox':
        append(parent, ' ')
        break
      case 'blockquote':
        element((open) => block(token.tokens, open))
        break
      case 'table': {
        for (const row of [token.header, ...token.rows])
          element((open) => {
            for (const cell of row) {
              inline(cell.tokens, open)
              open.text += ' · '
            }
          })
        break
      }
      case 'list': {
        // Only a list outside any element can be introduced by the block before it.
        const list: List = { intro: parent ? -1 : blocks.length - 1, items: [] }
        for (const item of token.items) {
          const index = element((open) => block(item.tokens, open))
          if (index >= 0) list.items.push(index)
        }
        lists.push(list)
        break
      }
      // code: a code block is configuration, not an answer; space, hr, def and html show no text.
    }
    // Each block element ends a line: text after it in its parent is a new word.
    if (token.type !== 'text' && token.type !== 'space' && token.type !== 'html' && token.type !== 'def')
      append(parent, ' ')
  }

  block(tokens, undefined)
  mergeIntroducedLists(blocks, lists)
  return blocks
    .filter((draft) => !draft.merged)
    .map(({ lead, text, itemLeads }) => ({
      lead,
      itemLeads,
      text: text.replace(/(?:\s*·\s*)+$/, '').replace(/\s*·\s*·\s*/g, ' · '),
    }))
}

/** Each list, in the order the lists end, joined to the block that introduces it when it is short enough. */
function mergeIntroducedLists(blocks: Draft[], lists: readonly List[]): void {
  for (const { intro, items } of lists) {
    const head = blocks[intro]
    if (!head || items.length === 0 || (!head.text.endsWith(':') && head.text.length > HEADLINE_LENGTH)) continue
    // Each item ends as a sentence, so the answer's excerpt can cut between them.
    const item = (body: string) =>
      body.charAt(0).toUpperCase() +
      body
        .slice(1)
        .replace(/[;,]$/, '')
        .replace(/([^.:!?])$/, '$1.')
    const merged = [head.text, ...items.map((i) => item(blocks[i]!.text))].join(' ')
    if (merged.length > LIST_PASSAGE_LENGTH) continue
    head.text = merged
    head.itemLeads = items.map((i) => blocks[i]!.lead).filter(Boolean)
    for (const i of items) blocks[i]!.merged = true
  }
}
