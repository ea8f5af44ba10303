import { HeartPulse } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { openAdminLogin } from "@/lib/dialogs";
import { showsSampleProfile, siteProfile } from "@/lib/site-profile";
import { SectionLinkList } from "./section-link";
import { SocialIcon, socialNetworkNames } from "./social-icon";

const legalLinks = [
  { href: "/terms-conditions", label: "Terms & Conditions" },
  { href: "/privacy", label: "Privacy Notice" },
  { href: "/refunds-cancellations", label: "Refunds & Cancellations" },
  { href: "/contact-us", label: "Contact Us" },
] as const;

// At least 24 px tall, so a finger on a phone hits the link it means (WCAG 2.2 target size).
const footerLinkClass =
  "inline-block rounded-sm py-0.5 leading-5 text-slate-200 hover:text-white hover:underline underline-offset-4";
const columnHeadingClass = "text-sm font-semibold tracking-wide text-white uppercase";

export function SiteFooter() {
  const [location] = useLocation();
  const onHome = location === "/";
  const { doctor, services } = siteProfile;

  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <HeartPulse className="size-6 shrink-0 text-white" aria-hidden="true" />
            {doctor.shortName}
          </p>
          <p className="text-sm leading-relaxed">
            {doctor.specialty}. {doctor.qualifications.join(", ")}.
          </p>
          {/* In production the sample's number is never served: the server sends none until the doctor's own. */}
          {doctor.registration.number && (
            <p className="text-sm">
              Reg. No. {doctor.registration.number}, {doctor.registration.council}
            </p>
          )}
          {showsSampleProfile && (
            <p className="text-sm text-slate-200">
              Sample profile: this site shows an example doctor until the doctor enters her own in Settings.
            </p>
          )}
          <SocialLinks />
        </div>

        <nav aria-label="Quick links">
          <h2 className={columnHeadingClass}>Quick Links</h2>
          <SectionLinkList
            onHome={onHome}
            className="mt-4 flex flex-col gap-2 text-sm"
            linkClassName={footerLinkClass}
          />
        </nav>

        <div>
          <h2 className={columnHeadingClass}>Services</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {services.map((service) => (
              <li key={service.title}>{service.title}</li>
            ))}
          </ul>
        </div>

        <nav aria-label="Legal">
          <h2 className={columnHeadingClass}>Information</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={footerLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
          {/* A page rendered on 31 December may be read on 1 January; the year is not worth a warning. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {doctor.name}. All rights reserved.
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={openAdminLogin}
            className="text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          >
            Admin Login
          </Button>
        </div>
      </div>
    </footer>
  );
}

/** Only the networks the profile gives an address for; a placeholder ("#" or nothing) would be a dead end. */
function SocialLinks() {
  const links = siteProfile.social.filter(({ url }) => /^https?:\/\//i.test(url));
  if (links.length === 0) return null;
  return (
    <ul className="mt-1 flex gap-2" aria-label="Social media">
      {links.map(({ network, url }) => (
        <li key={network}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={socialNetworkNames[network]}
            className="flex size-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
          >
            <SocialIcon network={network} className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}
