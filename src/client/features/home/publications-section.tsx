import { Award, BookOpen } from "lucide-react";
import { HomeSection } from "@/components/layout/home-section";
import { IconListItem } from "@/components/ui/icon-list-item";
import { useEnglishContentLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";

export function PublicationsSection() {
  const { publications, memberships } = siteProfile;
  const t = useT();
  const contentLang = useEnglishContentLang();
  return (
    <HomeSection id="publications" eyebrow={t("publications.eyebrow")} title={t("publications.title")}>
      <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr]">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{t("publications.papers")}</h3>
          <ul className="mt-4 flex flex-col gap-4" lang={contentLang}>
            {publications.map((publication) => (
              <li
                key={publication.title}
                className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <BookOpen className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-slate-900">{publication.title}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    <span className="italic">{publication.journal}</span>
                    {publication.year && `, ${publication.year}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{t("publications.memberships")}</h3>
          <ul
            className="mt-4 flex flex-col gap-4 rounded-xl border border-slate-200 bg-brand-50 p-5"
            lang={contentLang}
          >
            {memberships.map((membership) => (
              <IconListItem key={membership.title} icon={Award} title={membership.title}>
                <p className="text-sm text-slate-700">{membership.description}</p>
              </IconListItem>
            ))}
          </ul>
        </div>
      </div>
    </HomeSection>
  );
}
