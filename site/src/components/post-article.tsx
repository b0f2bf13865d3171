import { use, useContext } from 'react'
import { markupKey } from '../deferred-markup.ts'
import type { ProjectCard as ProjectCardData, PostSummary } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useLanguage } from '../i18n/language-context.ts'
import { pluralForm } from '../i18n/strings.ts'
import { imageSizes } from '../image-sizes.ts'
import { paths } from '../paths.ts'
import { CardsContext } from '../project-cards.ts'
import { WritingContext, type PostView } from '../posts-loader.ts'
import { TOC_MIN_ENTRIES } from '../writing.ts'
import { DiagramFigure } from './diagram-figure.tsx'
import { ExternalLink } from './external-link.tsx'
import { HtmlBlock } from './html-block.tsx'
import { Icon } from './icon.tsx'
import { Picture } from './picture.tsx'
import { PostsLink } from './post-links.tsx'
import { PostMeta } from './post-meta.tsx'
import { PostTags } from './post-tags.tsx'
import { ProjectCard } from './project-card.tsx'
import { TableOfContents } from './table-of-contents.tsx'

/** The data-markup key of a piece of a post (deferred-markup.ts): the page carries the post without it. */
export const postMarkupKey = (slug: string, part: number): string => markupKey(`post:${slug}`, `part-${part}`)

/**
 * A post, laid out as a case study is: header (back link, title, summary, dates, reading time,
 * tags, cover), a table of contents beside the text when it is long, the text with its diagrams
 * drawn as a case study's are, then the projects it is about.
 */
export function PostArticle({ view }: { view: PostView }) {
  const { post } = view
  const related = useRelatedProjects(post)
  const toc = post.outline.length >= TOC_MIN_ENTRIES
  const { strings, lang } = useLanguage()
  return (
    <article className="post-page" aria-labelledby="post-title">
      <header className="project-header post-header">
        <div className="container post-header__inner">
          <PostsLink to={paths.writing} className="back-link">
            <Icon name="arrow-left" size={18} />
            {strings.allPosts}
          </PostsLink>
          <p className="eyebrow">{strings.writing}</p>
          <h1 id="post-title" className="project-header__title">
            {post.title}
          </h1>
          <p className="project-header__description">{post.summary}</p>
          <PostMeta post={post} />
          <PostTags tags={post.tags} label={strings.tags} />
          {post.canonical ? (
            <p className="post-header__canonical">
              {fillNodes(strings.firstPublishedAt, {
                host: <ExternalLink href={post.canonical}>{hostOf(post.canonical)}</ExternalLink>,
              })}
            </p>
          ) : null}
          {post.cover ? (
            // Above the fold: fetched first, at once (the page's largest paint).
            <Picture
              image={post.cover}
              sizes={imageSizes.post}
              loading="eager"
              fetchPriority="high"
              className="project-header__cover post-header__cover"
            />
          ) : null}
        </div>
      </header>
      <div className={toc ? 'container project-layout' : 'container project-layout project-layout--single'}>
        {toc ? <TableOfContents entries={post.outline.map((entry) => ({ ...entry, title: entry.text }))} /> : null}
        <div className="post-body">
          {post.parts.map((part, i) =>
            'html' in part ? (
              <HtmlBlock key={i} html={part.html} markupKey={postMarkupKey(post.slug, i)} />
            ) : (
              <DiagramFigure key={i} diagram={part.diagram} markupKey={postMarkupKey(post.slug, i)} />
            ),
          )}
          {related.length > 0 ? (
            <section className="post-related" aria-labelledby="related-title">
              <h2 id="related-title">{pluralForm(strings.relatedProjects, related.length, lang)}</h2>
              <div className="project-grid">
                {related.map((card) => (
                  <ProjectCard key={card.id} project={card} />
                ))}
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  )
}

/** The cards of the projects a post names, in its order: those the page carried, else from the project cards. */
function useRelatedProjects(post: PostSummary): ProjectCardData[] {
  const cards = useContext(CardsContext)
  const carried = useContext(WritingContext).related.get(post.slug)
  if (post.projects.length === 0) return []
  if (carried) return carried
  const list = cards.loaded() ?? use(cards.load())
  return post.projects.flatMap((id) => list.filter((card) => card.id === id))
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
