import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type RefObject, useRef } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * Focus goes back to what had it when the dialog opened. Radix does this for a dialog opened by its Trigger; the
 * site's dialogs are opened from app-wide flags or a page's state, and without this focus fell to <body>, which sends
 * a keyboard or screen reader user back to the top of the page. What had focus is read as the dialog opens (Radix's
 * open auto-focus comes before focus moves in), not when the component mounts: a page's dialogs are mounted, closed,
 * with the page.
 */
function useOpener() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  return { opener, remember };
}

export function DialogContent({
  className,
  closeClassName,
  children,
  onCloseAutoFocus,
  onOpenAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** Classes for the close button (X) in the top right corner: where it sits and how large it is. */
  closeClassName?: string;
}) {
  const { opener, remember } = useOpener();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl",
          className,
        )}
        onOpenAutoFocus={(event) => {
          remember();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          if (event.defaultPrevented || !target) return;
          event.preventDefault();
          if (target.isConnected) target.focus();
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
    // A long file or patient name in a title breaks where it must rather than widen the dialog past a phone's screen.
    <DialogPrimitive.Title
      className={cn("text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-slate-600 [overflow-wrap:anywhere]", className)}
      {...props}
    />
  );
}

/** The close button's words, in the page's language (the console's dialogs are English pages). */
function CloseLabel() {
  const t = useT();
  return t("dialog.close");
}
