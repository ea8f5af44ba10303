import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle, ListChecks } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { showErrorToast } from "@/lib/error-toast";
import { toast } from "@/lib/use-toast";
import { sendSetupTestEmail, setupQuery } from "./api";
import { SectionCard } from "./section-title";
import { type SetupItem, setupItems } from "./setup-items";

const HIDDEN_KEY = "clinic.setup-checklist-hidden";

function hiddenOnDashboard(): boolean {
  try {
    return window.localStorage.getItem(HIDDEN_KEY) === "1";
  } catch {
    return false;
  }
}

function hideOnDashboard(): void {
  try {
    window.localStorage.setItem(HIDDEN_KEY, "1");
  } catch {
    // Without storage the checklist shows again next time: nothing is lost.
  }
}

/**
 * The first-start checklist: on the dashboard while anything is left to do (until the doctor hides it there), and
 * always at the top of Settings. Each item says how things stand, what to do next, and where.
 */
export function SetupChecklist({ place }: { place: "dashboard" | "settings" }) {
  const facts = useQuery(setupQuery());
  const [hidden, setHidden] = useState(() => place === "dashboard" && hiddenOnDashboard());
  const items = facts.data ? setupItems(facts.data) : [];
  const yours = items.filter((item) => item.owner === "doctor");
  const server = items.filter((item) => item.owner === "deployer");
  const yoursDone = yours.filter((item) => item.done).length;
  // The dashboard shows it until the doctor's own part is done; what the server needs stays in Settings.
  if (hidden || (place === "dashboard" && facts.data && yoursDone === yours.length)) return null;
  return (
    <SectionCard
      id="setup-checklist-title"
      icon={ListChecks}
      title="Set up your practice"
      description={
        facts.data
          ? `${yoursDone} of your ${yours.length} steps done. Each shows on the site as soon as it is saved.`
          : "What the site still needs before parents book."
      }
    >
      <QueryState
        query={facts}
        what="the setup checklist"
        isEmpty={() => false}
        empty={null}
        rowClassName="h-12"
      >
        {() => (
          <>
            <h3 id="setup-yours" className="px-5 pt-4 text-sm font-semibold text-slate-700 sm:px-6">
              {place === "dashboard" ? "Your steps left" : "Your part, here in the dashboard"}
            </h3>
            <ol aria-labelledby="setup-yours" className="divide-y divide-slate-100">
              {/* The dashboard lists only what is left for her; Settings keeps the whole list. */}
              {(place === "dashboard" ? yours.filter((item) => !item.done) : yours).map((item) => (
                <ChecklistRow key={item.id} item={item} />
              ))}
            </ol>
            {place === "dashboard" ? (
              <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-700 sm:px-6">
                {serverLine(server)}{" "}
                <Link href="/admin/settings" className={linkClass}>
                  See them in Settings
                </Link>
              </p>
            ) : (
              <ServerPart items={server} />
            )}
            {place === "dashboard" && (
              <div className="border-t border-slate-100 p-4 sm:px-6">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-auto min-h-9 text-left whitespace-normal"
                  onClick={() => {
                    hideOnDashboard();
                    setHidden(true);
                  }}
                >
                  Hide the checklist here (it stays in Settings)
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}

/** What the server needs, set up by whoever runs the site: in Settings, with the words to ask them. */
function ServerPart({ items }: { items: SetupItem[] }) {
  return (
    <>
      <h3
        id="setup-server"
        className="border-t border-slate-100 px-5 pt-4 text-sm font-semibold text-slate-700 sm:px-6"
      >
        Set up by whoever runs the site (ask them, with these words)
      </h3>
      <ol aria-labelledby="setup-server" className="divide-y divide-slate-100">
        {items.map((item) => (
          <ChecklistRow key={item.id} item={item} />
        ))}
      </ol>
    </>
  );
}

/** The dashboard's one line on the server's part of the setup. */
function serverLine(items: SetupItem[]): string {
  const left = items.filter((item) => !item.done).length;
  if (left === 0) return "Everything the server needs is set up.";
  return `${left} of the ${items.length} things the server needs ${left === 1 ? "is" : "are"} for whoever runs the site to set up.`;
}

function ChecklistRow({ item }: { item: SetupItem }) {
  const Icon = item.done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3 px-5 py-4 sm:px-6" data-testid={`setup-${item.id}`}>
      <Icon
        className={
          item.done ? "mt-0.5 size-5 shrink-0 text-emerald-700" : "mt-0.5 size-5 shrink-0 text-slate-400"
        }
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-slate-900">
          {item.title}
          <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
        </p>
        <p className="text-sm text-slate-700">{item.status}</p>
        {item.next && <p className="text-sm text-slate-900">{item.next}</p>}
        <div className="mt-1 flex flex-wrap gap-3">
          {item.link && <SectionLink href={item.link.href}>{item.link.label}</SectionLink>}
          {item.test === "email" && <TestEmailButton />}
        </div>
      </div>
    </li>
  );
}

const linkClass = "text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

/** A link to a dashboard page or to a section of one: on this page, the browser scrolls to the section itself. */
function SectionLink({ href, children }: { href: string; children: string }) {
  const [path] = useLocation();
  const [target, hash] = href.split("#");
  if (hash && target === path)
    return (
      <a href={`#${hash}`} className={linkClass}>
        {children}
      </a>
    );
  return (
    <Link href={href} className={linkClass}>
      {children}
    </Link>
  );
}

/** A note as a sentence: the server's notes have no full stop of their own. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function TestEmailButton() {
  const send = useMutation({
    mutationFn: sendSetupTestEmail,
    onSuccess: (result) =>
      toast({
        title: result.outcome === "sent" ? "Test E-mail Sent" : "Test E-mail Not Sent",
        description:
          result.outcome === "sent"
            ? `Sent to ${result.to}. It should arrive within a minute; look in the spam folder too.`
            : `${sentence(result.note ?? "E-mail is not set up")} It was meant for ${result.to}.`,
        ...(result.outcome === "sent" ? {} : { variant: "destructive" as const }),
      }),
    onError: (error) => showErrorToast(error),
  });
  return (
    <Button type="button" variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
      {send.isPending ? "Sending..." : "Send me a test e-mail"}
    </Button>
  );
}
