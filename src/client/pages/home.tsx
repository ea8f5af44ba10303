import { type ReactNode, Suspense } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { ArticlesSection } from "@/features/articles/articles-section";
import { AboutSection } from "@/features/home/about-section";
import { ContactSection } from "@/features/contact/contact-section";
import { HeroSection } from "@/features/home/hero-section";
import { PublicationsSection } from "@/features/home/publications-section";
import { ServicesSection } from "@/features/home/services-section";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function HomePage() {
  useDocumentTitle();
  return (
    <PageShell>
      <HeroSection />
      <LaterSection>
        <AboutSection />
      </LaterSection>
      <LaterSection>
        <ServicesSection />
      </LaterSection>
      <LaterSection>
        <PublicationsSection />
      </LaterSection>
      <LaterSection>
        <ArticlesSection />
      </LaterSection>
      <LaterSection>
        <ContactSection />
      </LaterSection>
    </PageShell>
  );
}

/**
 * A section below the first screen. It is a Suspense boundary, so it is hydrated after the hero, in a short task of
 * its own, instead of the whole page in one long task that a slow phone would feel. (It is painted with the rest of
 * the page: skipping its paint with `content-visibility` saved little and hid its colours from contrast checkers.)
 */
function LaterSection({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
