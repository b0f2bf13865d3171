/**
 * The assistant's texts: title, greeting, quick questions and their answers, fallback. The generator
 * writes them to a module of their own, which only the lazily loaded chat panel imports, so a page
 * does not download them until the visitor opens the chat.
 */
export { chatContent } from '../generated/chat.ts'
