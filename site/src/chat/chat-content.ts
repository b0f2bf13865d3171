import { portfolio } from '../generated/content.ts'
import type { Portfolio } from '../generated/types.ts'

/**
 * The assistant's texts: title, greeting, quick questions and their answers, fallback. Only the
 * lazily loaded chat panel imports this module. In builds, the `split-chat-content` plugin (see
 * site/vite.config.ts) moves these texts out of generated/content.ts into this module's own chunk,
 * so a page does not download them until the visitor opens the chat. Read `portfolio.chat` only
 * through this module.
 */
export const chatContent: Portfolio['chat'] = portfolio.chat
