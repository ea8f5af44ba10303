import { CircleAlert, CircleCheck } from "lucide-react";
import { useSearch } from "wouter";
import { cn } from "@/lib/utils";

/**
 * The outcome of a form posted without script: /contact sends the visitor back with ?contact=sent, ?contact=failed
 * or ?contact=limited (too many messages). The wording is the toast's and the rate limit's, which visitors with
 * script see instead.
 */
const outcomes = {
  sent: {
    title: "Message Sent",
    text: "Thank you for your message. We will get back to you soon.",
  },
  failed: {
    title: "Message Not Sent",
    text: "Your message could not be sent. Please try again or contact us directly via email.",
  },
  limited: {
    title: "Message Not Sent",
    text: "You have sent several messages in a short time. Please try again later, or write to us by e-mail.",
  },
} as const;

function contactOutcome(search: string): keyof typeof outcomes | undefined {
  const value = new URLSearchParams(search).get("contact");
  return value === "sent" || value === "failed" || value === "limited" ? value : undefined;
}

export function ContactFormOutcome() {
  const outcome = contactOutcome(useSearch());
  if (!outcome) return null;
  const { title, text } = outcomes[outcome];
  const Icon = outcome === "sent" ? CircleCheck : CircleAlert;
  return (
    <div
      role="status"
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        outcome === "sent"
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{text}</p>
      </div>
    </div>
  );
}
