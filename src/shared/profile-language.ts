import type { Language } from "./i18n/languages";
import type { ProfileTranslation, SiteProfile } from "./site-profile";

/**
 * The profile as a page in one language shows it: each text the doctor has translated into that language in place of
 * her English, and the names of the parts so replaced, so that the page marks only the others as English
 * (`lang="en"`). The translations themselves stay on the server: a page carries only its own language's words.
 */
export interface ProfileOnPage extends Omit<SiteProfile, "services"> {
  /** The services, each with its English title kept when translated (its picture is chosen by it). */
  services: (SiteProfile["services"][number] & { englishTitle?: string })[];
  /** "specialty", "tagline", "about", "expertise", "emergencyNotice", "service.2", "hours.0". */
  translatedParts?: string[];
}

const given = (text: string | undefined): text is string => typeof text === "string" && text.trim() !== "";

/** The English list with each entry the translation gives in its place; the places translated. */
function translatedList<T>(
  english: T[],
  translated: T[] | undefined,
  isTranslated: (entry: T) => boolean,
): { list: T[]; places: number[] } {
  const places: number[] = [];
  const list = english.map((entry, place) => {
    const other = translated?.[place];
    if (other === undefined || !isTranslated(other)) return entry;
    places.push(place);
    return other;
  });
  return { list, places };
}

function applyTranslation(profile: SiteProfile, translation: ProfileTranslation): ProfileOnPage {
  const parts: string[] = [];
  const text = (part: string, english: string, translated: string | undefined) => {
    if (!given(translated)) return english;
    parts.push(part);
    return translated;
  };
  const doctor = {
    ...profile.doctor,
    specialty: text("specialty", profile.doctor.specialty, translation.specialty),
    tagline: text("tagline", profile.doctor.tagline, translation.tagline),
    experience: text("experience", profile.doctor.experience, translation.experience),
    patientsTreated: text("patientsTreated", profile.doctor.patientsTreated, translation.patientsTreated),
  };
  const seo = {
    title: text("seoTitle", profile.seo.title, translation.seoTitle),
    description: text("seoDescription", profile.seo.description, translation.seoDescription),
  };
  // A list of paragraphs or areas she has translated is shown as she wrote it (it may be shorter or longer than the
  // English), empty entries left out.
  const about = translation.about?.filter(given) ?? [];
  const expertise = translation.expertise?.filter(given) ?? [];
  if (about.length > 0) parts.push("about");
  if (expertise.length > 0) parts.push("expertise");
  // A service keeps its Book Now link whatever its words.
  const services = translatedList(
    profile.services,
    translation.services?.map((service, place) => ({
      ...service,
      bookable: profile.services[place]?.bookable ?? false,
      englishTitle: profile.services[place]?.title ?? service.title,
    })),
    (service) => given(service.title) && given(service.description),
  );
  const hours = translatedList(
    profile.contact.hours,
    translation.hours,
    (line) => given(line.days) && given(line.time),
  );
  parts.push(...services.places.map((place) => `service.${place}`));
  parts.push(...hours.places.map((place) => `hours.${place}`));
  return {
    ...profile,
    doctor,
    about: {
      ...profile.about,
      paragraphs: about.length > 0 ? about : profile.about.paragraphs,
      expertise: expertise.length > 0 ? expertise : profile.about.expertise,
    },
    services: services.list,
    seo,
    contact: {
      ...profile.contact,
      hours: hours.list,
      emergencyNotice: text("emergencyNotice", profile.contact.emergencyNotice, translation.emergencyNotice),
    },
    translatedParts: parts,
  };
}

/** The profile for a page in `language`, without the translations of other languages. */
export function profileOnPage(profile: SiteProfile, language: Language): ProfileOnPage {
  const { translations, ...english } = profile;
  const translation = language === "en" ? undefined : translations?.[language];
  return translation ? applyTranslation(english, translation) : english;
}
