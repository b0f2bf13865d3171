import { AboutSection } from '../components/about-section.tsx'
import { AvailabilityBanner } from '../components/availability-banner.tsx'
import { ContactSection } from '../components/contact-section.tsx'
import { HeroSection } from '../components/hero-section.tsx'
import { ProjectsSection } from '../components/projects-section.tsx'
import { TechStackSection } from '../components/tech-stack-section.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { homeMeta } from '../page-meta.ts'

export function HomePage() {
  useDocumentTitle(homeMeta().title)
  return (
    <>
      <div className="hero-backdrop">
        <AvailabilityBanner />
        <HeroSection />
      </div>
      <AboutSection />
      <ProjectsSection />
      <TechStackSection />
      <ContactSection />
    </>
  )
}
