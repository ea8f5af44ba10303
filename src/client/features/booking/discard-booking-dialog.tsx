import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";
import { DialogShell } from "@/components/ui/dialog-shell";

/**
 * Asked when the parent closes the booking dialog (Escape, the X, a tap beside it) after typing or choosing
 * something: an alert dialog whose first focus is the safe answer, Keep editing (Escape answers the same). Discard
 * closes the booking dialog, which forgets the booking as the spec says.
 */
export function DiscardBookingDialog({
  onKeepEditing,
  onDiscard,
}: {
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  return (
    <DialogShell
      onOpenChange={(open) => !open && onKeepEditing()}
      safeRef={keepRef}
      className="max-w-sm"
      title={t("discard.title")}
      description={t("discard.text")}
      footer={
        <>
          <DialogClose asChild>
            <Button ref={keepRef} variant="outline">
              {t("discard.keep")}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onDiscard}>
            {t("discard.discard")}
          </Button>
        </>
      }
    />
  );
}
