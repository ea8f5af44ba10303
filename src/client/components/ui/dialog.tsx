import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type RefObject, useState } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * Focus goes back to what had it when the dialog opened. Radix does this for a dialog opened by its Trigger; the
 * site's dialogs are opened from app-wide flags and leave the page when closed, and without this focus fell to
 * <body>, which sends a keyboard or screen reader user back to the top of the page.
 */
function useOpener(): HTMLElement | null {
  const [opener] = useState(() =>
    typeof document === "undefined" || !(document.activeElement instanceof HTMLElement)
      ? null
      : document.activeElement,
  );
  return opener;
}

export function DialogContent({
  className,
  closeClassName,
  children,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** Classes for the close button (X) in the top right corner: where it sits and how large it is. */
  closeClassName?: string;
}) {
  const opener = useOpener();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl",
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener || opener === document.body) return;
          event.preventDefault();
          if (opener.isConnected) opener.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className={cn(
            "absolute top-4 right-4 rounded-sm p-1 text-slate-500 hover:text-slate-900",
            closeClassName,
          )}
        >
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">
            <CloseLabel />
          </span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog that asks for an answer (role alertdialog): focus starts on the safe answer (`safeRef`: go back, cancel),
 * and a click beside the dialog is not an answer, so it does not close it.
 */
export function AlertDialogContent({
  safeRef,
  ...props
}: ComponentProps<typeof DialogContent> & { safeRef: RefObject<HTMLElement | null> }) {
  return (
    <DialogContent
      role="alertdialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        safeRef.current?.focus();
      }}
      onInteractOutside={(event) => event.preventDefault()}
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-xl font-semibold text-slate-900", className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}

/** The close button's words, in the page's language (the console's dialogs are English pages). */
function CloseLabel() {
  const t = useT();
  return t("dialog.close");
}
