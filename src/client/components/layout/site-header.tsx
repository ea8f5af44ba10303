import { HeartPulse, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { openBooking } from "@/lib/dialogs";
import { useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { LanguageSwitcher } from "./language-switcher";
import { SectionLinkList } from "./section-link";

const MOBILE_MENU_ID = "mobile-menu";

/** Sticky top bar: the doctor's name, the section links, Book Appointment, and a menu toggle on small screens. */
export function SiteHeader() {
  const [location] = useLocation();
  const onHome = location === "/";
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useT();

  // Escape closes the menu, as people expect of any disclosure that covers content.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <>
      <LanguageSwitcher />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            href="/"
            onClick={() => window.scrollTo({ top: 0 })}
            className="flex min-w-0 items-center gap-2 rounded-md text-lg font-bold text-brand-800"
          >
            <HeartPulse className="size-6 shrink-0 text-heart-600" aria-hidden="true" />
            <span className="truncate">{siteProfile.doctor.shortName}</span>
          </Link>

          <nav aria-label={t("nav.main")} className="hidden md:block">
            <SectionLinkList
              onHome={onHome}
              className="flex items-center gap-1"
              linkClassName="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            />
          </nav>

          <div className="flex shrink-0 items-center gap-2">
            {/* Always in reach: on a phone it says "Book" beside the menu button, so booking needs no menu. */}
            <Button onClick={openBooking} aria-label={t("header.bookAppointment")} className="px-3 sm:px-4">
              <span className="sm:hidden">{t("header.book")}</span>
              <span className="hidden sm:inline">{t("header.bookAppointment")}</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </Button>
          </div>
        </div>

        {/* Rendered only while open, so closed menus leave no hidden duplicates of the links behind. */}
        <div id={MOBILE_MENU_ID} hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
          {menuOpen && (
            <nav aria-label={t("nav.mobile")} className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
              <SectionLinkList
                onHome={onHome}
                onNavigate={closeMenu}
                className="flex flex-col"
                linkClassName="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-brand-50"
              />
            </nav>
          )}
        </div>
      </header>
    </>
  );
}
