import { useEffect, useMemo, useState } from 'react'
import { flushSync } from 'react-dom'
import { AboutSection } from '../components/about-section.tsx'
import { AvailabilityBanner } from '../components/availability-banner.tsx'
import { ContactSection } from '../components/contact-section.tsx'
import { HeroSection } from '../components/hero-section.tsx'
import { LatestPostsSection } from '../components/latest-posts-section.tsx'
import { ProjectsSection } from '../components/projects-section.tsx'
import { TechStackSection } from '../components/tech-stack-section.tsx'
import { hasPosts } from '../generated/content.ts'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { homeMeta } from '../page-meta.ts'
import { useProjectCards } from '../project-cards.ts'
import { scrollToId } from '../scroll.ts'
import { pagesBySlug, TechFilterContext, type TechFilter } from '../tech-filter.ts'
import { techPages } from '../technologies.ts'

export function HomePage() {
  useDocumentTitle(homeMeta(usePageWords()).title)
  const cards = useProjectCards()
  const pages = useMemo(() => pagesBySlug(techPages(cards)), [cards])
  const [active, setActive] = useState<string>()
  // The prerendered page lists every project, so a filter named in the address (a link shared, a
  // reload) is applied once the page is live, not in the render that hydrates it.
  useEffect(() => {
    const named = techInAddress()
    if (named !== undefined && pages.has(named)) setActive(named)
  }, [pages])
  const filter: TechFilter = {
    pages,
    active,
    choose(slug, chip) {
      // Rendered before focus moves, so the focus lands on what is now on the page.
      flushSync(() => setActive(slug))
      keepTechInAddress(slug)
      // A chip on a card stays where it is (its card matches) and keeps focus; the live region says
      // how many projects match. From elsewhere (the tech stack, "Show all projects", which has just
      // gone), the list is brought into view and focus moves to it.
      if (!chip?.closest('#projects')) scrollToId('projects')
    },
  }
  return (
    <TechFilterContext value={filter}>
      <div className="hero-backdrop">
        <AvailabilityBanner />
        <HeroSection />
      </div>
      <AboutSection />
      <ProjectsSection />
      {hasPosts ? <LatestPostsSection /> : null}
      <TechStackSection />
      <ContactSection />
    </TechFilterContext>
  )
}

/** The address's `?tech=<slug>`: the technology the list was narrowed to when the link was taken. */
function techInAddress(): string | undefined {
  return new URLSearchParams(window.location.search).get('tech') ?? undefined
}

/**
 * Writes the chosen technology into the address (`?tech=<slug>`, removed for "show all"), so the
 * narrowed list can be shared or reloaded. The entry is replaced, not pushed: choosing a filter is
 * not a page to go Back to, and the router's state in the entry is kept as it is.
 */
function keepTechInAddress(slug: string | undefined): void {
  const url = new URL(window.location.href)
  if (slug === undefined) url.searchParams.delete('tech')
  else url.searchParams.set('tech', slug)
  window.history.replaceState(window.history.state, '', url)
}
