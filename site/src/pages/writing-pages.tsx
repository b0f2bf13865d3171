/**
 * The writing pages (/writing, a post, a tag), a chunk of their own (loaded through
 * ../writing-preload.ts): the other pages' first visit does not download them.
 */
export { PostPage } from './post-page.tsx'
export { TagPage } from './tag-page.tsx'
export { WritingPage } from './writing-page.tsx'
