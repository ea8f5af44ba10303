import { useMutation } from "@tanstack/react-query";
import {
  CalendarCog,
  CalendarDays,
  ChartNoAxesColumn,
  CreditCard,
  ExternalLink,
  HeartPulse,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Newspaper,
  ScrollText,
  Settings,
  Sun,
  Users,
} from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { SkipLink } from "@/components/layout/skip-link";
import { Button } from "@/components/ui/button";
import { errorStatus } from "@/lib/api";
import { stayUnlessLeaving } from "@/lib/leave-guard";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { clearDrafts } from "@/lib/session-drafts";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { logout as signOut } from "./api";

const navLinkClass =
  // Tight enough that the eleven pages fit one row on a laptop; a phone scrolls the row.
  "inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

type AdminPage =
  | "dashboard"
  | "today"
  | "calendar"
  | "schedule"
  | "patients"
  | "articles"
  | "messages"
  | "activity"
  | "insights"
  | "gateway"
  | "settings";

/** The console's pages, in the navigation's order: the day's work first, the practice's set-up last. */
const adminPages: { page: AdminPage; href: string; label: string; icon: LucideIcon }[] = [
  { page: "dashboard", href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { page: "today", href: "/admin/today", label: "Today", icon: Sun },
  { page: "calendar", href: "/admin/calendar", label: "Calendar", icon: CalendarDays },
  { page: "schedule", href: "/admin/schedule", label: "Schedule", icon: CalendarCog },
  { page: "patients", href: "/admin/patients", label: "Patients", icon: Users },
  { page: "articles", href: "/admin/articles", label: "Articles", icon: Newspaper },
  { page: "messages", href: "/admin/messages", label: "Messages", icon: Mail },
  { page: "activity", href: "/admin/activity", label: "Activity", icon: ScrollText },
  { page: "insights", href: "/admin/insights", label: "Insights", icon: ChartNoAxesColumn },
  { page: "settings", href: "/admin/settings", label: "Settings", icon: Settings },
  { page: "gateway", href: "/admin/cashfree-test", label: "Payment gateway", icon: CreditCard },
];

/** The console page at this address ("Calendar" for /admin/calendar), for a link back to it; null for any other. */
export function consolePageAt(path: string): { href: string; label: string } | null {
  const page = adminPages.find(({ href }) => href === path);
  return page ? { href: page.href, label: page.label } : null;
}

interface AdminLayoutProps {
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  /** The page's own address, marked as the current one in the navigation. */
  current: AdminPage;
  children: ReactNode;
}

/** The frame of the admin pages: its own header (not the public one), the page heading, the content. */
/**
 * Opened at a section's address (`/admin/settings#fee-settings-title`, from the setup checklist or the workspace):
 * the section is drawn once its data has loaded, and the sections above it load too and push it down, so it is looked
 * for a few times and brought back into view while the page settles, until she scrolls, taps or types herself.
 */
function useScrollToSection(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let tries = 0;
    let foundAt: number | null = null;
    const stop = () => {
      window.clearInterval(timer);
      for (const event of USER_MOVES) window.removeEventListener(event, stop);
    };
    const timer = window.setInterval(() => {
      tries += 1;
      const section = document.getElementById(id);
      if (!section) {
        if (tries > 80) stop();
        return;
      }
      if (foundAt === null) {
        foundAt = tries;
        // Keyboard and screen-reader users land there too, not at the top of the page.
        if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
        section.focus({ preventScroll: true });
        section.scrollIntoView({ block: "start" });
      } else if (Math.abs(section.getBoundingClientRect().top) > 8)
        section.scrollIntoView({ block: "start" });
      if (tries - foundAt > 30) stop();
    }, 100);
    for (const event of USER_MOVES) window.addEventListener(event, stop, { passive: true });
    return stop;
  }, []);
}

/** What the visitor does that means she is moving about the page herself. */
const USER_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** On a phone the navigation scrolls sideways: the current page's link is brought into its view. */
function useCurrentLinkInView(): RefObject<HTMLElement | null> {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const link = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!link || !nav.current) return;
    nav.current.scrollLeft = link.offsetLeft - (nav.current.clientWidth - link.offsetWidth) / 2;
  }, []);
  return nav;
}

export function AdminLayout({ title, description, current, children }: AdminLayoutProps) {
  useDocumentTitle(`${title} · ${siteProfile.doctor.shortName}`);
  useScrollToSection();
  const nav = useCurrentLinkInView();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 pt-3 sm:px-6">
          <p className="flex min-w-0 items-center gap-2 font-bold text-brand-800">
            <HeartPulse className="size-6 shrink-0 text-heart-600" aria-hidden="true" />
            <span className="truncate">{siteProfile.doctor.shortName}</span>
            <span className="hidden font-medium text-slate-600 sm:inline">· Admin</span>
          </p>
          <div className="flex shrink-0 items-center gap-1">
            <Link href="/" className={navLinkClass} onClick={stayUnlessLeaving}>
              <ExternalLink className="size-4" aria-hidden="true" />
              View site
            </Link>
            <LogoutButton />
          </div>
        </div>
        {/*
          One row on every screen: on a phone it scrolls sideways rather than taking the screen's top third. A fade at
          its right edge says there is more (the laptop shows every page).
        */}
        <div className="relative">
          <nav ref={nav} aria-label="Admin" className="mx-auto max-w-6xl overflow-x-auto px-2 py-2 sm:px-4">
            <ul className="flex w-max items-center gap-1">
              {adminPages.map(({ page, href, label, icon: Icon }) => (
                <li key={page}>
                  <Link
                    href={href}
                    onClick={stayUnlessLeaving}
                    aria-current={current === page ? "page" : undefined}
                    className={cn(
                      navLinkClass,
                      "whitespace-nowrap",
                      current === page && "bg-brand-50 text-brand-800",
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-white to-transparent xl:hidden"
          />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {description && <p className="text-slate-700">{description}</p>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

function LogoutButton() {
  const [, navigate] = useLocation();
  const leave = () => {
    // Nothing of the admin's data stays in memory once signed out, nor in this tab's drafts.
    queryClient.clear();
    clearDrafts();
    navigate("/");
  };
  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: leave,
    onError: (error) => {
      // Already signed out on the server (expired session): leaving is all there is to do.
      if (errorStatus(error) === 401) leave();
      else showErrorToast(error);
    },
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="ml-1"
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <LogOut aria-hidden="true" />
      Logout
    </Button>
  );
}
