import type { ComponentProps, ReactNode } from "react";
import { ScheduleChangeReview } from "./affected-appointments-dialog";
import { issuesByPath, type PathIssue } from "./sessions-editor";

/**
 * A schedule form checked in the browser with the server's own schema before it is sent: the messages go under the
 * fields, and focus moves to the first field with one (in the form `formId`), where the doctor can read and fix it.
 */
export function sendIfValid<T>(
  formId: string,
  checked: { success: true; data: T } | { success: false; error: { issues: readonly PathIssue[] } },
  setErrors: (errors: Record<string, string>) => void,
  send: (value: T) => void,
) {
  if (!checked.success) {
    setErrors(issuesByPath(checked.error.issues));
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#${formId} [aria-invalid="true"]`)?.focus(),
    );
    return;
  }
  setErrors({});
  send(checked.data);
}

/**
 * The frame of a schedule form (weekly hours, leave and overrides): checked by `onSubmit` rather than by the
 * browser, and followed by the review of the appointments its change would take.
 */
export function ScheduleForm({
  change,
  onSubmit,
  children,
  ...form
}: Omit<ComponentProps<"form">, "onSubmit"> & {
  change: ComponentProps<typeof ScheduleChangeReview>["change"];
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...form}
    >
      {children}
      <ScheduleChangeReview change={change} />
    </form>
  );
}
