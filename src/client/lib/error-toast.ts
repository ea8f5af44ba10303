import { type ErrorContext, mapError } from "@shared/error-mapper";
import type { SiteMessageId } from "@shared/i18n/messages";
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

/** A page's words for the catalogue's messages (`useT()`), on the pages a parent reads. */
type Say = (id: SiteMessageId) => string;

/** The button of each action the error mapper names, doing what its label says, in the page's words. */
function actionFor(action: string, handlers: ErrorToastHandlers, say?: Say): ToastAction {
  const { onClick } = englishAction(action, handlers);
  return { label: say ? say(`error.action.${action}` as SiteMessageId) : action, onClick };
}

function englishAction(label: string, handlers: ErrorToastHandlers): ToastAction {
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
 * long to wait), with its action as a real button; answers the text shown, for inline alerts. `say` is the page's
 * translator where a parent reads it (the booking dialog, the contact forms): the same wording in Hindi or Kannada.
 */
export function showErrorToast(
  error: unknown,
  context?: ErrorContext,
  handlers: ErrorToastHandlers = {},
  say?: Say,
): string {
  const waitMessage = errorStatus(error) === 429 ? serverMessage(error) : null;
  if (waitMessage) {
    // A limit's answer says how long to wait, which the catalogue's words cannot.
    toast({
      title: say ? say("error.wait.title") : "Please Wait",
      description: waitMessage,
      variant: "destructive",
    });
    return waitMessage;
  }
  const friendly = mapError(error, context);
  const title = say ? say(`error.${friendly.key}.title` as SiteMessageId) : friendly.title;
  const message = say ? say(`error.${friendly.key}.message` as SiteMessageId) : friendly.message;
  toast({
    title,
    description: message,
    variant: "destructive",
    ...(friendly.action ? { action: actionFor(friendly.action, handlers, say) } : {}),
  });
  return message;
}
