import { CircleAlert, CircleCheck } from "lucide-react";
import { useSearch } from "wouter";
import type { SiteMessageId } from "@shared/i18n/messages";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * The outcome of a form posted without script: /contact sends the visitor back with ?contact=sent, ?contact=failed
 * or ?contact=limited (too many messages). The wording is the toast's and the rate limit's, which visitors with
 * script see instead.
 */
const outcomes = {
  sent: { title: "contactForm.sentTitle", text: "contactForm.sentText" },
  failed: { title: "contactForm.notSentTitle", text: "contactForm.failedText" },
  limited: { title: "contactForm.notSentTitle", text: "contactForm.limitedText" },
} as const satisfies Record<string, { title: SiteMessageId; text: SiteMessageId }>;

function contactOutcome(search: string): keyof typeof outcomes | undefined {
  const value = new URLSearchParams(search).get("contact");
  return value === "sent" || value === "failed" || value === "limited" ? value : undefined;
}

export function ContactFormOutcome() {
  const outcome = contactOutcome(useSearch());
  const t = useT();
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
        <p className="font-semibold">{t(title)}</p>
        <p className="mt-1">{t(text)}</p>
      </div>
    </div>
  );
}
