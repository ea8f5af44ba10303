import { type ErrorContext, mapError } from "@shared/error-mapper";
import { toast, type ToastAction } from "./use-toast";
import { openAdminLogin } from "./dialogs";
import { errorStatus, serverMessage } from "./api";

/**
 * What the toast's action button does where the caller knows better than the default: resend the request, go back
 * to the slot step, pay again, show the form's first error.
 */
interface ErrorToastHandlers {
  retry?: () => void;
  chooseAnotherSlot?: () => void;
  retryPayment?: () => void;
  reviewForm?: () => void;
}

const reload = () => window.location.reload();

/** Moves focus to the first field marked invalid on the page, where its message is. */
function focusFirstInvalidField(): void {
  document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The button of each action the error mapper names, doing what its label says. */
function actionFor(label: string, handlers: ErrorToastHandlers): ToastAction {
  switch (label) {
    case "Retry":
    case "Try Again":
      return { label, onClick: handlers.retry ?? reload };
    case "Retry Payment":
      return { label, onClick: handlers.retryPayment ?? handlers.retry ?? reload };
    case "Choose Another Slot":
      return { label, onClick: handlers.chooseAnotherSlot ?? reload };
    case "Review Form":
      return { label, onClick: handlers.reviewForm ?? focusFirstInvalidField };
    case "Login":
      return { label, onClick: openAdminLogin };
    case "Contact Support":
      return { label, onClick: () => window.location.assign("/contact-us") };
    case "Refresh":
      return { label, onClick: reload };
    default:
      // "Try Again Later": the button acknowledges; pressing it closes the toast.
      return { label, onClick: () => undefined };
  }
}

/**
 * Shows the wording of the error catalogue as a destructive toast (a 429 shows the server's own words instead: how
 * long to wait), with its action as a real button; answers the
 * text shown, for inline alerts.
 */
export function showErrorToast(
  error: unknown,
  context?: ErrorContext,
  handlers: ErrorToastHandlers = {},
): string {
  const waitMessage = errorStatus(error) === 429 ? serverMessage(error) : null;
  if (waitMessage) {
    // A limit's answer says how long to wait, which the catalogue's words cannot.
    toast({ title: "Please Wait", description: waitMessage, variant: "destructive" });
    return waitMessage;
  }
  const friendly = mapError(error, context);
  toast({
    title: friendly.title,
    description: friendly.message,
    variant: "destructive",
    ...(friendly.action ? { action: actionFor(friendly.action, handlers) } : {}),
  });
  return friendly.message;
}
