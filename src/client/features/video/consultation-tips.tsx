import { FileText, Headphones, Sun, Volume2 } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

const tips: { icon: ReactNode; text: string }[] = [
  { icon: <Volume2 aria-hidden="true" />, text: "Sit in a quiet room where you will not be disturbed." },
  {
    icon: <Sun aria-hidden="true" />,
    text: "Face a window or a lamp so that the doctor can see the child clearly.",
  },
  { icon: <Headphones aria-hidden="true" />, text: "Use headphones for clearer sound and no echo." },
  {
    icon: <FileText aria-hidden="true" />,
    text: "Keep reports, prescriptions and earlier test results (ECG, echo) ready to show.",
  },
];

/** How to prepare: shown beside the meeting, and under the countdown while the room is not open yet. */
export function ConsultationTips() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-base leading-tight font-semibold text-slate-900">Tips for a Good Consultation</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3 text-sm text-slate-700">
          {tips.map((tip) => (
            <li key={tip.text} className="flex gap-2">
              <span className="mt-0.5 shrink-0 text-brand-700 [&_svg]:size-4">{tip.icon}</span>
              <span>{tip.text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
