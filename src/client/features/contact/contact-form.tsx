import { zodResolver } from "@hookform/resolvers/zod";
import type { contactMessageSchema } from "@shared/contact";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useEffect, useRef } from "react";
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

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast({ title: t("contactForm.sentTitle"), description: t("contactForm.sentText") });
      reset();
    },
    onError: (error, message) => showErrorToast(error, "contact", { retry: () => send.mutate(message) }),
  });

  return (
    <form
      ref={formRef}
      id="contact-form"
      method="post"
      action={`/contact?source=${source}${language === "en" ? "" : `&lang=${language}`}`}
      aria-label={withSubject ? t("contactForm.pageFormLabel") : t("contactForm.formLabel")}
      onSubmit={handleSubmit((data) => send.mutate(data))}
      className="flex scroll-mt-20 flex-col gap-5"
    >
      <ContactFormOutcome />
      <input type="hidden" name="source" value={source} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t(text.name)} required error={said(errors.name?.message)}>
          <Input
            required
            autoComplete="name"
            {...describedBy("contact-name", { error: Boolean(errors.name), required: true })}
            {...register("name")}
          />
        </FormField>
        <FormField id="contact-email" label={t(text.email)} required error={said(errors.email?.message)}>
          <Input
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            {...describedBy("contact-email", { error: Boolean(errors.email), required: true })}
            {...register("email")}
          />
        </FormField>
      </div>
      <FormField id="contact-phone" label={t(text.phone)} error={said(errors.phone?.message)}>
        <Input
          type="tel"
          autoComplete="tel"
          {...describedBy("contact-phone", { error: Boolean(errors.phone) })}
          {...register("phone")}
        />
      </FormField>
      {withSubject && (
        <FormField
          id="contact-subject"
          label={t("contactForm.subject")}
          required
          error={said(errors.subject?.message)}
        >
          <Input
            required
            {...describedBy("contact-subject", { error: Boolean(errors.subject), required: true })}
            {...register("subject")}
          />
        </FormField>
      )}
      <FormField
        id="contact-message"
        label={t("contactForm.message")}
        required
        error={said(errors.message?.message)}
      >
        <Textarea
          required
          rows={6}
          {...describedBy("contact-message", { error: Boolean(errors.message), required: true })}
          {...register("message")}
        />
      </FormField>
      <Honeypot register={register("website")} />
      <Button type="submit" size="lg" disabled={send.isPending} className="self-start">
        <Send aria-hidden="true" />
        {send.isPending ? t("contactForm.sending") : t("contactForm.send")}
      </Button>
    </form>
  );
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
