import { useMemo, useState } from 'react'
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
  const filter: TechFilter = {
    pages,
    active,
    choose(slug, chip) {
      // Rendered before focus moves, so the focus lands on what is now on the page.
      flushSync(() => setActive(slug))
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
