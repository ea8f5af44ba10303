import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogError, DialogShell } from "@/components/ui/dialog-shell";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The consequence, said before the person confirms. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  children?: ReactNode;
}

/** A yes/no question about an action that cannot be undone, with its consequence and any error from the server. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <DialogShell
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            {props.cancelLabel}
          </Button>
          <Button type="button" variant="destructive" disabled={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
      <DialogError message={props.error} />
    </DialogShell>
  );
}
