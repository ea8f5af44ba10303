import { z } from "zod";
import { EMAIL_PATTERN } from "./email";
import { optionalMobilePhoneSchema } from "./phone";

/** Contact forms on the home page (no subject) and on the Contact Us page (subject required). */
const trimmed = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters`);

export const contactMessageSchema = z
  .object({
    name: trimmed(120).min(1, "Full name is required"),
    email: z
      .string()
      .trim()
      .min(1, "Email is required")
      .max(254, "Please enter a valid email address")
      .regex(EMAIL_PATTERN, "Please enter a valid email address"),
    /** Optional; when given, a mobile number as the booking form asks for (see ./phone.ts). */
    phone: optionalMobilePhoneSchema.optional().default(""),
    subject: trimmed(200).optional().default(""),
    message: trimmed(5000).min(1, "Message is required"),
    /** Which form sent it: the subject is required only on the Contact Us page. */
    source: z.enum(["home", "contact-page"]).default("home"),
    /** Honeypot: a field hidden from people. Anything typed here marks the sender as a robot. */
    website: z.string().optional().default(""),
  })
  .refine((value) => value.source !== "contact-page" || value.subject !== "", {
    path: ["subject"],
    message: "Subject is required",
  });

/** A contact message as the server receives it, after the schema's defaults. */
export type ContactMessage = z.output<typeof contactMessageSchema>;
