import { PageShell } from "@/components/layout/page-shell";
import { ArticlesSection } from "@/features/articles/articles-section";
import { AboutSection } from "@/features/home/about-section";
import { ContactSection } from "@/features/home/contact-section";
import { HeroSection } from "@/features/home/hero-section";
import { PublicationsSection } from "@/features/home/publications-section";
import { ServicesSection } from "@/features/home/services-section";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function HomePage() {
  useDocumentTitle();
  return (
    <PageShell>
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <PublicationsSection />
      <ArticlesSection />
      <ContactSection />
    </PageShell>
  );
}
