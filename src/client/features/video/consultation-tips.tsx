import { FileText, Headphones, Sun, Volume2 } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import type { RoomMessageId } from "@shared/i18n/messages";

const tips: { icon: ReactNode; text: RoomMessageId }[] = [
  { icon: <Volume2 aria-hidden="true" />, text: "room.tips.quiet" },
  { icon: <Sun aria-hidden="true" />, text: "room.tips.light" },
  { icon: <Headphones aria-hidden="true" />, text: "room.tips.headphones" },
  { icon: <FileText aria-hidden="true" />, text: "room.tips.reports" },
];

/** How to prepare: shown beside the meeting, and under the countdown while the room is not open yet. */
export function ConsultationTips() {
  const t = useT();
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-base leading-tight font-semibold text-slate-900">{t("room.tips.title")}</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3 text-sm text-slate-700">
          {tips.map((tip) => (
            <li key={tip.text} className="flex gap-2">
              <span className="mt-0.5 shrink-0 text-brand-700 [&_svg]:size-4">{tip.icon}</span>
              <span>{t(tip.text)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
