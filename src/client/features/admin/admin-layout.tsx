import { useMutation } from "@tanstack/react-query";
import {
  CreditCard,
  ExternalLink,
  HeartPulse,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  ScrollText,
  Settings,
  Users,
} from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "wouter";
import { SkipLink } from "@/components/layout/skip-link";
import { Button } from "@/components/ui/button";
import { errorStatus } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { logout as signOut } from "./api";

const navLinkClass =
  "inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3";

type AdminPage = "dashboard" | "patients" | "access-log" | "gateway" | "settings";

/** The admin pages, in the navigation's order. */
const adminPages: { page: AdminPage; href: string; label: string; icon: LucideIcon }[] = [
  { page: "dashboard", href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { page: "patients", href: "/admin/patients", label: "Patients", icon: Users },
  { page: "access-log", href: "/admin/access-log", label: "Access log", icon: ScrollText },
  { page: "gateway", href: "/admin/cashfree-test", label: "Payment gateway", icon: CreditCard },
  { page: "settings", href: "/admin/settings", label: "Settings", icon: Settings },
];

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
 * Opened at a section's address (`/admin/settings#fee-settings-title`, from the setup checklist): the section is drawn
 * once its data has loaded, so it is looked for a few times before the page gives up.
 */
function useScrollToSection(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const section = document.getElementById(id);
      if (section || ++tries > 30) window.clearInterval(timer);
      if (!section) return;
      // Keyboard and screen-reader users land there too, not at the top of the page.
      if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
      section.focus({ preventScroll: true });
      section.scrollIntoView({ block: "start" });
    }, 100);
    return () => window.clearInterval(timer);
  }, []);
}

export function AdminLayout({ title, description, current, children }: AdminLayoutProps) {
  useDocumentTitle(`${title} · ${siteProfile.doctor.shortName}`);
  useScrollToSection();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <p className="flex min-w-0 items-center gap-2 font-bold text-brand-800">
            <HeartPulse className="size-6 shrink-0 text-heart-600" aria-hidden="true" />
            <span className="truncate">{siteProfile.doctor.shortName}</span>
            <span className="hidden font-medium text-slate-600 sm:inline">· Admin</span>
          </p>
          <nav aria-label="Admin" className="-mx-2 flex flex-wrap items-center gap-1 sm:mx-0">
            {adminPages.map(({ page, href, label, icon: Icon }) => (
              <Link
                key={page}
                href={href}
                aria-current={current === page ? "page" : undefined}
                className={cn(navLinkClass, current === page && "bg-brand-50 text-brand-800")}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            ))}
            <Link href="/" className={navLinkClass}>
              <ExternalLink className="size-4" aria-hidden="true" />
              View site
            </Link>
            <LogoutButton />
          </nav>
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
    // Nothing of the admin's data stays in memory once signed out.
    queryClient.clear();
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
