import { zodResolver } from "@hookform/resolvers/zod";
import { contactMessageSchema } from "@shared/contact";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import type { ReactNode } from "react";
import { type FieldError, type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";

type ContactFormInput = z.input<typeof contactMessageSchema>;
type ContactFormOutput = z.output<typeof contactMessageSchema>;
type ContactSource = ContactFormOutput["source"];

/** The two forms differ only in wording and in the Subject field (spec section 2). */
const labels: Record<ContactSource, { name: string; email: string; phone: string }> = {
  home: { name: "Full Name", email: "Email Address", phone: "Phone Number" },
  "contact-page": { name: "Full Name", email: "Email", phone: "Phone" },
};

/** The message form of the home page's Contact section (source "home") and of the Contact Us page (with Subject). */
export interface ContactFormProps {
  source: ContactSource;
}

export function ContactForm({ source }: ContactFormProps) {
  const withSubject = source === "contact-page";
  const text = labels[source];
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: "", email: "", phone: "", subject: "", message: "", source, website: "" },
  });

  const send = useMutation({
    mutationFn: (data: ContactFormOutput) => apiRequest("POST", "/api/contact", data),
    onSuccess: () => {
      toast({
        title: "Message Sent",
        description: "Thank you for your message. We will get back to you soon.",
      });
      reset();
    },
    onError: (error) => showErrorToast(error, "contact"),
  });

  return (
    <form
      noValidate
      aria-label={withSubject ? "Send a message" : "Contact form"}
      onSubmit={handleSubmit((data) => send.mutate(data))}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={text.name} required error={errors.name}>
          <Input
            autoComplete="name"
            {...fieldProps("contact-name", errors.name, true)}
            {...register("name")}
          />
        </Field>
        <Field id="contact-email" label={text.email} required error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...fieldProps("contact-email", errors.email, true)}
            {...register("email")}
          />
        </Field>
      </div>
      <Field id="contact-phone" label={text.phone} error={errors.phone}>
        <Input
          type="tel"
          autoComplete="tel"
          {...fieldProps("contact-phone", errors.phone)}
          {...register("phone")}
        />
      </Field>
      {withSubject && (
        <Field id="contact-subject" label="Subject" required error={errors.subject}>
          <Input {...fieldProps("contact-subject", errors.subject, true)} {...register("subject")} />
        </Field>
      )}
      <Field id="contact-message" label="Message" required error={errors.message}>
        <Textarea
          rows={6}
          {...fieldProps("contact-message", errors.message, true)}
          {...register("message")}
        />
      </Field>
      <Honeypot register={register("website")} />
      <Button type="submit" size="lg" disabled={send.isPending} className="self-start">
        <Send aria-hidden="true" />
        {send.isPending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}

/** The id, required flag and error wiring every input shares, so assistive technology reads the message. */
function fieldProps(id: string, error: FieldError | undefined, required = false) {
  return {
    id,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error: FieldError | undefined;
  children: ReactNode;
}

function Field({ id, label, required = false, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {/* The star is for the eye; the input's aria-required says it to screen readers. */}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-heart-700">
            *
          </span>
        )}
      </Label>
      {children}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
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
