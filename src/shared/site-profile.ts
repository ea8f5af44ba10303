import { z } from "zod";

/**
 * Everything doctor-specific that the site shows. The sample in `sample-profile.ts` is the default; a deployer
 * replaces any part of it with a JSON file named by `SITE_PROFILE_FILE`. Components read only this object.
 */
const titled = z.object({ title: z.string().min(1), description: z.string().min(1) });

/** A text the doctor may leave empty in a translation: empty means "not translated", and the English shows. */
const translatedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    // Invisible marks that turn the direction of the text around would show the words reversed.
    .refine(
      (text) => !/[\u202A-\u202E\u2066-\u2069]/.test(text),
      "Remove the invisible direction marks from this text",
    );

/**
 * The doctor's own translation of her profile's texts into Hindi or Kannada, for the pages in that language. Every
 * part is optional and an empty text is not translated: that part shows her English, marked as English. Lists follow
 * the English ones by place (the second service's translation is the second entry).
 */
export const profileTranslationSchema = z.object({
  specialty: translatedText(200).optional(),
  tagline: translatedText(500).optional(),
  experience: translatedText(100).optional(),
  patientsTreated: translatedText(100).optional(),
  about: z.array(translatedText(3000)).max(20).optional(),
  expertise: z.array(translatedText(200)).max(40).optional(),
  services: z
    .array(z.object({ title: translatedText(200), description: translatedText(1000) }))
    .max(20)
    .optional(),
  hours: z
    .array(z.object({ days: translatedText(200), time: translatedText(200) }))
    .max(20)
    .optional(),
  emergencyNotice: translatedText(1000).optional(),
  /** The home page's title and description in search results, in this language. */
  seoTitle: translatedText(200).optional(),
  seoDescription: translatedText(500).optional(),
});
export type ProfileTranslation = z.infer<typeof profileTranslationSchema>;

export const siteProfileSchema = z.object({
  doctor: z.object({
    name: z.string().min(1),
    /** Short form used in the navigation bar and the footer, for example "Dr. A. Rao". */
    shortName: z.string().min(1),
    specialty: z.string().min(1),
    qualifications: z.array(z.string().min(1)).min(1),
    languages: z.array(z.string().min(1)).min(1),
    experience: z.string().min(1),
    patientsTreated: z.string().min(1),
    tagline: z.string().min(1),
    photoUrl: z.string().optional(),
    /** Set by the photo uploaded in Settings: its version names its sizes and formats under /media. */
    photo: z.object({ version: z.string().regex(/^[0-9a-f]{12}$/) }).optional(),
    /**
     * The medical registration that fee receipts and prescriptions must carry: the number and the council that
     * gave it ("Karnataka Medical Council"). Required in production: the sample's placeholder is refused there.
     */
    registration: z.object({ number: z.string().min(1), council: z.string().min(1) }),
    /**
     * The doctor's signature as a PNG or JPEG file, printed on prescriptions: a path relative to the profile file
     * (or absolute). Without it a prescription says it was signed electronically by the doctor.
     */
    signatureImage: z.string().min(1).optional(),
  }),
  about: z.object({
    paragraphs: z.array(z.string().min(1)).min(1),
    qualifications: z.array(z.object({ degree: z.string().min(1), institution: z.string().min(1) })).min(1),
    expertise: z.array(z.string().min(1)).min(1),
  }),
  /** Six services; the one marked `bookable` carries the Book Now link to the booking dialog. */
  services: z.array(titled.extend({ bookable: z.boolean().default(false) })).min(1),
  publications: z.array(z.object({ title: z.string().min(1), journal: z.string().min(1), year: z.string() })),
  memberships: z.array(titled),
  contact: z.object({
    email: z.string().email(),
    phone: z.string().min(1),
    location: z.string().min(1),
    hours: z.array(z.object({ days: z.string().min(1), time: z.string().min(1) })).min(1),
    emergencyNotice: z.string().min(1),
  }),
  social: z.array(
    z.object({
      network: z.enum(["facebook", "twitter", "linkedin", "instagram", "youtube"]),
      url: z.string(),
    }),
  ),
  seo: z.object({ title: z.string().min(1), description: z.string().min(1) }),
  /** The doctor's translations of her texts, by language (see `profileTranslationSchema`). */
  translations: z
    .object({ hi: profileTranslationSchema.optional(), kn: profileTranslationSchema.optional() })
    .optional(),
});

export type SiteProfile = z.infer<typeof siteProfileSchema>;

const socialNetworks = siteProfileSchema.shape.social.element.shape.network;

/**
 * The profile as the doctor edits it in Settings: every part but the photo and the signature, which change by their
 * own uploads; social links must be web addresses (they become links on every page).
 */
export const profileInputSchema = siteProfileSchema.extend({
  doctor: siteProfileSchema.shape.doctor.omit({ photoUrl: true, photo: true, signatureImage: true }),
  social: z.array(
    z.object({
      network: socialNetworks,
      // One check, so that a wrong address gets its message once.
      url: z.url({ protocol: /^https$/, error: "Enter the full address, starting with https://" }),
    }),
  ),
});

export type ProfileInput = z.infer<typeof profileInputSchema>;

/** The doctor's profile as it is now: what every page, message and document reads when it is made. */
export interface ProfileSource {
  current(): SiteProfile;
  /** True once the doctor has saved a profile in Settings; until then the deployer's file or the sample shows. */
  savedInDashboard(): boolean;
}
