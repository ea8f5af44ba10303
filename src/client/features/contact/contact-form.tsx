import { zodResolver } from "@hookform/resolvers/zod";
import type { contactMessageSchema } from "@shared/contact";
import { Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type Resolver, type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { useLanguage, useT } from "@/lib/i18n";
import type { SiteMessageId } from "@shared/i18n/messages";
import { sendContactMessage } from "./api";
import { ContactFormOutcome } from "./contact-form-outcome";

type ContactFormInput = z.input<typeof contactMessageSchema>;
type ContactFormOutput = z.output<typeof contactMessageSchema>;
type ContactSource = ContactFormOutput["source"];
/** The fields the visitor types in (not the hidden source, nor the honeypot). */
type TypedFieldName = "name" | "email" | "phone" | "subject" | "message";

/**
 * The shared schema's checks, fetched the first time the form is checked: its phone rule carries libphonenumber's
 * table of mobile numbers, which the home page's first download does without (the form is below the fold).
 */
const resolver: Resolver<ContactFormInput, unknown, ContactFormOutput> = async (values, context, options) => {
  const { contactMessageSchema: schema } = await import("@shared/contact");
  return zodResolver(schema)(values, context, options);
};

/** The two forms differ only in wording and in the Subject field. */
const labels: Record<ContactSource, { name: SiteMessageId; email: SiteMessageId; phone: SiteMessageId }> = {
  home: { name: "contactForm.fullName", email: "contactForm.emailAddress", phone: "contactForm.phoneNumber" },
  "contact-page": { name: "contactForm.fullName", email: "contactForm.email", phone: "contactForm.phone" },
};

/** The message form of the home page's Contact section (source "home") and of the Contact Us page (with Subject). */
export interface ContactFormProps {
  source: ContactSource;
}

/**
 * Without script (or before it has loaded) the form posts itself to /contact, which answers by sending the visitor
 * back to the page with the outcome in the address; the browser checks the required fields then. Once the script
 * runs, the form validates and sends through the API, with the messages of the shared schema.
 */
export function ContactForm({ source }: ContactFormProps) {
  const withSubject = source === "contact-page";
  const t = useT();
  const language = useLanguage();
  /** A check's message, as the shared schema words it in English, in the page's language. */
  const said = (message: string | undefined) => (message ? t(message as SiteMessageId) : undefined);
  const text = labels[source];
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver,
    defaultValues: { name: "", email: "", phone: "", subject: "", message: "", source, website: "" },
  });

  /** What a field's FormField and its input need: one id ties the label, the error message and the value together. */
  const fieldOf = (name: TypedFieldName, label: string, required: boolean) => {
    const id = `contact-${name}`;
    const error = errors[name];
    return {
      field: { id, label, required, error: said(error?.message) },
      input: { required, ...describedBy(id, { error: Boolean(error), required }), ...register(name) },
    };
  };
  const name = fieldOf("name", t(text.name), true);
  const email = fieldOf("email", t(text.email), true);
  const phone = fieldOf("phone", t(text.phone), false);
  const subject = fieldOf("subject", t("contactForm.subject"), true);
  const message = fieldOf("message", t("contactForm.message"), true);

  const { send, sending } = useSendMessage(() => reset());

  return (
    <form
      ref={formRef}
      id="contact-form"
      method="post"
      action={`/contact?source=${source}${language === "en" ? "" : `&lang=${language}`}`}
      aria-label={withSubject ? t("contactForm.pageFormLabel") : t("contactForm.formLabel")}
      onSubmit={handleSubmit(send)}
      className="flex scroll-mt-20 flex-col gap-5"
    >
      <ContactFormOutcome />
      <input type="hidden" name="source" value={source} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...name.field}>
          <Input autoComplete="name" {...name.input} />
        </FormField>
        <FormField {...email.field}>
          <Input type="email" autoComplete="email" inputMode="email" {...email.input} />
        </FormField>
      </div>
      <FormField {...phone.field}>
        <Input type="tel" autoComplete="tel" {...phone.input} />
      </FormField>
      {withSubject && (
        <FormField {...subject.field}>
          <Input {...subject.input} />
        </FormField>
      )}
      <FormField {...message.field}>
        <Textarea rows={6} {...message.input} />
      </FormField>
      <Honeypot register={register("website")} />
      <Button type="submit" size="lg" disabled={sending} className="self-start">
        <Send aria-hidden="true" />
        {sending ? t("contactForm.sending") : t("contactForm.send")}
      </Button>
    </form>
  );
}

/**
 * Sends a message and says with a toast how it went; `sending` while it is on its way. Plain state rather than
 * TanStack Query's useMutation: the form is part of the public pages, which go without Query (lib/page-reads.tsx).
 */
function useSendMessage(onSent: () => void): {
  send: (message: ContactFormOutput) => Promise<void>;
  sending: boolean;
} {
  const t = useT();
  const [sending, setSending] = useState(false);
  const send = async (message: ContactFormOutput): Promise<void> => {
    setSending(true);
    try {
      await sendContactMessage(message);
      toast({ title: t("contactForm.sentTitle"), description: t("contactForm.sentText") });
      onSent();
    } catch (error) {
      showErrorToast(error, "contact", { retry: () => void send(message) }, t);
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}

/** Hidden from people (and from assistive technology); robots that fill every field give themselves away. */
function Honeypot({ register }: { register: UseFormRegisterReturn<"website"> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor="contact-website">Website</label>
      <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register} />
    </div>
  );
}
