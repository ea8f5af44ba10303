import type { Article } from "@shared/articles";
import type { PublicConfig } from "@shared/booking";
import { type Language, LANGUAGE_LOCALES, LANGUAGES, languagePrefix } from "@shared/i18n/languages";
import { translate } from "@shared/i18n/messages";
import { siteTranslator } from "@shared/i18n/site-messages";
import type { SiteProfile } from "@shared/site-profile";

/**
 * schema.org JSON-LD for search engines: who the doctor is (an IndividualPhysician with credentials, specialty,
 * address, languages, video consultation hours, telephone and fee), what each page is, and where it sits
 * (BreadcrumbList). Addresses are absolute only with PUBLIC_BASE_URL; without it they are paths on this site.
 */
type Json = Record<string, unknown>;

export interface SiteFacts {
  profile: SiteProfile;
  config: PublicConfig;
  /** PUBLIC_BASE_URL without a trailing slash, or undefined. */
  baseUrl: string | undefined;
  /** The language of the page the data describes. */
  language: Language;
}

/** The page's language as schema.org's inLanguage names it ("kn-IN"). */
const pageLanguage = (facts: SiteFacts) => LANGUAGE_LOCALES[facts.language];
/** A path of this site in the page's language: "/contact-us" -> "/kn/contact-us". */
const inPageLanguage = (facts: SiteFacts, path: string) => `${languagePrefix(facts.language)}${path}`;

/** A path on this site as an absolute address (an address already absolute stays as it is). */
function absolute(facts: Pick<SiteFacts, "baseUrl">, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return facts.baseUrl ? `${facts.baseUrl}${path.startsWith("/") ? path : `/${path}`}` : path;
}

const physicianId = (facts: SiteFacts) => absolute(facts, "/#physician");
const websiteId = (facts: SiteFacts) => absolute(facts, "/#website");

/** schema.org's MedicalSpecialty values named by the words of the profile's specialty. */
function medicalSpecialties(specialty: string): string[] {
  const found: string[] = [];
  if (/paediatric|pediatric|child/i.test(specialty)) found.push("https://schema.org/Pediatric");
  if (/cardi|heart/i.test(specialty)) found.push("https://schema.org/Cardiovascular");
  return found.length > 0 ? found : [specialty];
}

/** "Bengaluru, Karnataka, India" -> locality, region, country. */
function postalAddress(location: string): Json {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const address: Json = { "@type": "PostalAddress" };
  if (parts.length === 1) address.addressLocality = parts[0];
  else {
    address.addressLocality = parts[0];
    if (parts.length > 2) address.addressRegion = parts[1];
    address.addressCountry = parts[parts.length - 1];
  }
  return address;
}

/** ₹ with Indian digit grouping: "₹2,000". */
function rupees(amount: number): string {
  return `₹${new Intl.NumberFormat("en-IN").format(amount)}`;
}

function physician(facts: SiteFacts): Json {
  const { doctor, about, contact, memberships, services } = facts.profile;
  const node: Json = {
    "@type": "IndividualPhysician",
    "@id": physicianId(facts),
    name: doctor.name,
    description: doctor.tagline,
    url: absolute(facts, "/"),
    medicalSpecialty: medicalSpecialties(doctor.specialty),
    hasCredential: about.qualifications.map((qualification) => ({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "degree",
      name: qualification.degree,
      recognizedBy: { "@type": "Organization", name: qualification.institution },
    })),
    knowsLanguage: doctor.languages,
    // The languages a parent can book and be answered in: the doctor's, as her profile names them.
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "appointments",
      availableLanguage: doctor.languages,
      ...(contact.email ? { email: contact.email } : {}),
    },
    knowsAbout: [...about.expertise, ...services.map((service) => service.title)],
    memberOf: memberships.map((membership) => ({ "@type": "Organization", name: membership.title })),
    address: postalAddress(contact.location),
    telephone: contact.phone,
    email: contact.email,
    priceRange: rupees(facts.config.consultationFee),
    currenciesAccepted: facts.config.currency,
    isAcceptingNewPatients: true,
    // The doctor's weekly hours, as the pages state them: one specification for each session of a group of days.
    openingHoursSpecification: facts.config.consultationHours.flatMap((group) =>
      group.sessions.map((session) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: group.weekdays.map((day) => `https://schema.org/${day}`),
        opens: session.opens,
        closes: session.closes,
      })),
    ),
  };
  if (doctor.photoUrl) node.image = absolute(facts, doctor.photoUrl);
  return node;
}

function author(facts: SiteFacts): Json {
  return {
    "@type": "Person",
    "@id": absolute(facts, "/#doctor"),
    name: facts.profile.doctor.name,
    jobTitle: facts.profile.doctor.specialty,
    url: absolute(facts, "/#about"),
  };
}

function website(facts: SiteFacts): Json {
  return {
    "@type": "WebSite",
    "@id": websiteId(facts),
    url: absolute(facts, "/"),
    name: facts.profile.seo.title,
    inLanguage: LANGUAGES.map((language) => LANGUAGE_LOCALES[language]),
    publisher: { "@id": physicianId(facts) },
  };
}

function breadcrumbs(facts: SiteFacts, trail: { name: string; path: string }[]): Json {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(facts, crumb.path),
    })),
  };
}

/** The first crumb: the home page in the page's language. */
const home = (facts: SiteFacts) => ({
  name: translate(siteTranslator(facts.language), "breadcrumb.home"),
  path: inPageLanguage(facts, "/"),
});

/** The home page: the site, the doctor, and the page itself. */
export function homePageData(facts: SiteFacts): Json {
  return {
    "@context": "https://schema.org",
    "@graph": [
      website(facts),
      physician(facts),
      {
        "@type": "MedicalWebPage",
        "@id": absolute(facts, `${inPageLanguage(facts, "/")}#webpage`),
        url: absolute(facts, inPageLanguage(facts, "/")),
        name: facts.profile.seo.title,
        description: facts.profile.seo.description,
        isPartOf: { "@id": websiteId(facts) },
        about: { "@id": physicianId(facts) },
        inLanguage: pageLanguage(facts),
      },
    ],
  };
}

/** An article's page: the article (author, dates, image), the medical web page it is, and its breadcrumbs. */
export function articlePageData(facts: SiteFacts, article: Article): Json {
  const path = inPageLanguage(facts, `/articles/${article.slug}`);
  const url = absolute(facts, path);
  const image = article.imageUrl ?? facts.profile.doctor.photoUrl;
  const articleNode: Json = {
    "@type": "Article",
    "@id": `${url}#article`,
    headline: article.title,
    description: article.excerpt,
    ...(image ? { image: absolute(facts, image) } : {}),
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    author: author(facts),
    publisher: { "@id": physicianId(facts) },
    mainEntityOfPage: url,
    // The article's own language: the doctor's translation, or her English around which the page may be in another.
    inLanguage: LANGUAGE_LOCALES[article.language],
  };
  return {
    "@context": "https://schema.org",
    "@graph": [
      articleNode,
      {
        "@type": "MedicalWebPage",
        "@id": url,
        url,
        name: article.title,
        description: article.excerpt,
        datePublished: article.createdAt,
        dateModified: article.updatedAt,
        lastReviewed: article.updatedAt,
        reviewedBy: { "@id": absolute(facts, "/#doctor") },
        mainEntity: { "@id": `${url}#article` },
        isPartOf: { "@id": websiteId(facts) },
        inLanguage: pageLanguage(facts),
      },
      breadcrumbs(facts, [
        home(facts),
        {
          name: translate(siteTranslator(facts.language), "nav.articles"),
          path: inPageLanguage(facts, "/#articles"),
        },
        { name: article.title, path },
      ]),
      physician(facts),
    ],
  };
}

/** The other public pages (Contact Us, Terms, Refunds): what they are, their breadcrumbs, and the doctor. */
export function infoPageData(
  facts: SiteFacts,
  page: { type: "ContactPage" | "WebPage"; name: string; path: string; description: string },
): Json {
  const path = inPageLanguage(facts, page.path);
  const url = absolute(facts, path);
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": page.type,
        "@id": url,
        url,
        name: page.name,
        description: page.description,
        isPartOf: { "@id": websiteId(facts) },
        about: { "@id": physicianId(facts) },
        inLanguage: pageLanguage(facts),
      },
      breadcrumbs(facts, [home(facts), { name: page.name, path }]),
      physician(facts),
    ],
  };
}
