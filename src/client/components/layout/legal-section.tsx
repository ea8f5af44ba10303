import type { ReactElement, ReactNode } from "react";
import { useMessageChunk } from "@/lib/message-chunks";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PageIntro } from "./page-intro";
import { PageShell } from "./page-shell";

/** The look of a link inside a policy's prose. */
export const inlineLinkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800";

/**
 * The words of the policy pages, in the page's language: a chunk of its own (`legal.json`), which a server-rendered
 * policy page carries in its data and the app fetches when it goes to one. Called first by each policy page.
 */
export function useLegalMessages(): void {
  useMessageChunk("legal");
}

/**
 * The doctor's own English words inside a translated sentence (her specialty, her address): marked `lang="en"` on a
 * page in another language, plain text on an English page (and where she has translated them: `lang` undefined).
 */
export function englishWords(text: string, lang: "en" | undefined): ReactElement | string {
  return lang ? <span lang={lang}>{text}</span> : text;
}

/**
 * A policy page (Terms, Privacy, Refunds): its title band with the introduction, then its numbered parts. The tab's
 * title names the page and the doctor.
 */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} | ${siteProfile.doctor.name}`);
  return (
    <PageShell>
      <PageIntro title={title}>{intro}</PageIntro>
      <div className="mx-auto max-w-4xl px-4 pb-12 sm:px-6">{children}</div>
    </PageShell>
  );
}

/** The clinic's e-mail address, as a link in a policy's prose. */
export function ClinicEmailLink() {
  const { email } = siteProfile.contact;
  return (
    <a href={`mailto:${email}`} className={`${inlineLinkClass} break-words`}>
      {email}
    </a>
  );
}

/** One numbered part of a policy page; the prose styles live here so Terms and Refunds read alike. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-slate-200 py-8 last:border-b-0">
      <h2 id={id} className="text-xl font-semibold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-3 text-base leading-relaxed text-slate-700 [&_li]:pl-1 [&_strong]:text-slate-900 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
