import { HeartPulse } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { openAdminLogin } from "@/lib/dialogs";
import { Message, type Translate, useEnglishContentLang, useProfileLang, useT } from "@/lib/i18n";
import { showsSampleProfile, siteProfile } from "@/lib/site-profile";
import { SectionLinkList } from "./section-link";
import { SocialIcon, socialNetworkNames } from "./social-icon";

const legalLinks = [
  { href: "/terms-conditions", label: "footer.terms" },
  { href: "/privacy", label: "footer.privacy" },
  { href: "/refunds-cancellations", label: "footer.refunds" },
  { href: "/contact-us", label: "footer.contactUs" },
] as const;

// At least 24 px tall, so a finger on a phone hits the link it means (WCAG 2.2 target size).
const footerLinkClass =
  "inline-block rounded-sm py-0.5 leading-5 text-slate-200 hover:text-white hover:underline underline-offset-4";
const columnHeadingClass = "text-sm font-semibold tracking-wide text-white uppercase";

export function SiteFooter() {
  const [location] = useLocation();
  const onHome = location === "/";
  const { doctor, services } = siteProfile;
  const t = useT();
  const contentLang = useEnglishContentLang();
  const profileLang = useProfileLang();

  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <HeartPulse className="size-6 shrink-0 text-white" aria-hidden="true" />
            {doctor.shortName}
          </p>
          <p className="text-sm leading-relaxed">
            <span lang={profileLang("specialty")}>{doctor.specialty}.</span>{" "}
            <span lang={contentLang}>{doctor.qualifications.join(", ")}.</span>
          </p>
          {/* In production the sample's number is never served: the server sends none until the doctor's own. */}
          {doctor.registration.number && (
            <p className="text-sm">
              <Message
                id="footer.registration"
                values={{
                  number: doctor.registration.number,
                  // The council's name is the doctor's, in English.
                  council: <span lang={contentLang}>{doctor.registration.council}</span>,
                }}
              />
            </p>
          )}
          {showsSampleProfile && <p className="text-sm text-slate-200">{t("footer.sampleProfile")}</p>}
          <SocialLinks t={t} />
        </div>

        <nav aria-label={t("footer.quickLinks")}>
          <h2 className={columnHeadingClass}>{t("footer.quickLinks")}</h2>
          <SectionLinkList
            onHome={onHome}
            className="mt-4 flex flex-col gap-2 text-sm"
            linkClassName={footerLinkClass}
          />
        </nav>

        <div>
          <h2 className={columnHeadingClass}>{t("footer.services")}</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {services.map((service, place) => (
              <li key={service.title} lang={profileLang(`service.${place}`)}>
                {service.title}
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label={t("footer.legal")}>
          <h2 className={columnHeadingClass}>{t("footer.information")}</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={footerLinkClass}>
                  {t(link.label)}
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
            {t("footer.rights", { year: new Date().getFullYear(), name: doctor.name })}
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={openAdminLogin}
            className="text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          >
            {t("footer.adminLogin")}
          </Button>
        </div>
      </div>
    </footer>
  );
}

/** Only the networks the profile gives an address for; a placeholder ("#" or nothing) would be a dead end. */
function SocialLinks({ t }: { t: Translate }) {
  const links = siteProfile.social.filter(({ url }) => /^https?:\/\//i.test(url));
  if (links.length === 0) return null;
  return (
    <ul className="mt-1 flex gap-2" aria-label={t("footer.socialMedia")}>
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
