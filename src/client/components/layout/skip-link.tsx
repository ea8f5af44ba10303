import { useT } from "@/lib/i18n";

/** The first focusable element of every page: keyboard users jump past the navigation. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      {t("nav.skip")}
    </a>
  );
}
