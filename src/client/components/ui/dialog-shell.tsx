import type { ComponentProps, ReactNode, RefObject } from "react";
import {
  AlertDialogContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./dialog";

interface DialogShellProps extends Omit<ComponentProps<typeof DialogContent>, "title" | "children"> {
  /** Open unless said otherwise: most dialogs are mounted only while they show. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  titleClassName?: string;
  /** The sentence under the title; screen readers read it with the title when the dialog opens. */
  description: ReactNode;
  /** What stands between the heading and the footer. */
  children?: ReactNode;
  /** The buttons at the bottom. Left out where the body holds them itself (a form and its submit button). */
  footer?: ReactNode;
  footerClassName?: string;
  /**
   * Makes it a dialog that asks for an answer (role alertdialog): focus starts on this safe answer, and a click
   * beside the dialog does not close it.
   */
  safeRef?: RefObject<HTMLElement | null>;
  /** A frame around the heading, body and footer, for a dialog whose own padding is taken off. */
  frameClassName?: string;
}

/** A dialog's frame: its title and description, the body, and a row of buttons at the bottom. */
export function DialogShell({
  open = true,
  onOpenChange,
  title,
  titleClassName,
  description,
  children,
  footer,
  footerClassName,
  safeRef,
  frameClassName,
  ...contentProps
}: DialogShellProps) {
  const parts = (
    <>
      <DialogHeader>
        <DialogTitle className={titleClassName}>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      {footer === undefined ? null : <DialogFooter className={footerClassName}>{footer}</DialogFooter>}
    </>
  );
  const body = frameClassName === undefined ? parts : <div className={frameClassName}>{parts}</div>;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {safeRef ? (
        <AlertDialogContent safeRef={safeRef} {...contentProps}>
          {body}
        </AlertDialogContent>
      ) : (
        <DialogContent {...contentProps}>{body}</DialogContent>
      )}
    </Dialog>
  );
}

/** A failure said inside a dialog, above its buttons (the server refused the move, the cancel failed). */
export function DialogError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
