import type { ApiErrorBody } from "./api-error";

/**
 * Turns any error into the title, message and suggested action shown in an error toast (docs/decisions.md, "Error
 * messages"). Rules are tried in order against the error's words, case-insensitively; the first match wins. When
 * none match, the context decides the wording. An API error is read through its fields (status, error, message and
 * field messages), never its request id.
 */
export type ErrorContext =
  | "login"
  | "booking"
  | "payment"
  | "article_create"
  | "article_update"
  | "article_delete"
  | "payment_init"
  | "contact";

/**
 * Which wording it is, for a page in another language: the catalogue's `error.<key>.title` and `.message` (and
 * `error.action.<action>` for the button) say it there.
 */
export type ErrorKey =
  | "connection"
  | "timeout"
  | "authentication"
  | "forbidden"
  | "notFound"
  | "exists"
  | "invalid"
  | "server"
  | "payment"
  | "slot"
  | `context.${ErrorContext}`
  | "unknown"
  | "none";

interface FriendlyError {
  key: ErrorKey;
  title: string;
  message: string;
  action?: string;
}

interface Rule extends Required<FriendlyError> {
  matches: readonly string[];
}

/** The payment provider's name also counts as a payment error. */
export const PAYMENT_PROVIDER_NAME = "Cashfree";

const rules: readonly Rule[] = [
  {
    matches: ["network", "fetch"],
    key: "connection",
    title: "Connection Error",
    message: "Unable to connect to the server. Please check your internet connection and try again.",
    action: "Retry",
  },
  {
    matches: ["timeout"],
    key: "timeout",
    title: "Request Timeout",
    message: "The request took too long to complete. Please try again.",
    action: "Retry",
  },
  {
    matches: ["unauthorized", "401"],
    key: "authentication",
    title: "Authentication Required",
    message: "Your session has expired. Please log in again.",
    action: "Login",
  },
  {
    matches: ["forbidden", "403"],
    key: "forbidden",
    title: "Access Denied",
    message: "You do not have permission to perform this action.",
    action: "Contact Support",
  },
  {
    matches: ["not found", "404"],
    key: "notFound",
    title: "Not Found",
    message: "The requested resource could not be found. It may have been deleted or moved.",
    action: "Refresh",
  },
  {
    matches: ["already exists", "duplicate"],
    key: "exists",
    title: "Already Exists",
    message: "This item already exists. Please use a different value.",
    action: "Try Again",
  },
  {
    matches: ["validation", "invalid"],
    key: "invalid",
    title: "Invalid Input",
    message: "Please check your input and make sure all required fields are filled correctly.",
    action: "Review Form",
  },
  {
    matches: ["server error", "500", "internal"],
    key: "server",
    title: "Server Error",
    message: "Something went wrong on our end. Our team has been notified. Please try again later.",
    action: "Try Again Later",
  },
  {
    matches: ["payment", PAYMENT_PROVIDER_NAME.toLowerCase()],
    key: "payment",
    title: "Payment Error",
    message: "There was an issue processing your payment. Please check your payment details and try again.",
    action: "Retry Payment",
  },
  {
    matches: ["slot"],
    key: "slot",
    title: "Booking Conflict",
    message: "This time slot is no longer available. Please select a different time.",
    action: "Choose Another Slot",
  },
];

const contextFallbacks: Record<ErrorContext, FriendlyError> = {
  login: {
    key: "context.login",
    title: "Login Failed",
    message: "The password you entered is incorrect. Please try again.",
  },
  booking: {
    key: "context.booking",
    title: "Booking Failed",
    message: "We could not complete your appointment booking. Please try again.",
  },
  payment: {
    key: "context.payment",
    title: "Payment Failed",
    message: "Your payment could not be processed. Please check your payment details and try again.",
  },
  article_create: {
    key: "context.article_create",
    title: "Failed to Create Article",
    message: "The article could not be created. Please check all fields and try again.",
  },
  article_update: {
    key: "context.article_update",
    title: "Failed to Update Article",
    message: "The article could not be updated. Please try again.",
  },
  article_delete: {
    key: "context.article_delete",
    title: "Failed to Delete Article",
    message: "The article could not be deleted. Please try again.",
  },
  payment_init: {
    key: "context.payment_init",
    title: "Payment Setup Failed",
    message: "We could not initialize the payment process. Please try booking again.",
  },
  contact: {
    key: "context.contact",
    title: "Message Not Sent",
    message: "Your message could not be sent. Please try again or contact us directly via email.",
  },
};

const unknownContextFallback: FriendlyError = {
  key: "unknown",
  title: "Error",
  message: "An unexpected error occurred. Please try again.",
};

const noContextFallback: FriendlyError = {
  key: "none",
  title: "Something Went Wrong",
  message: "An unexpected error occurred. Please try again or contact support if the problem persists.",
};

/** An API error as the browser's transport throws it: the status and the one error shape, when the server sent it. */
interface ApiErrorLike {
  status: number;
  body: ApiErrorBody | null;
  message: string;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { status?: unknown }).status === "number" &&
    "body" in error
  );
}

function errorText(error: unknown): string {
  if (isApiErrorLike(error)) {
    const { status, body, message } = error;
    const issues = body?.issues?.map((issue) => issue.message) ?? [];
    return [String(status), body?.error ?? "", message, ...issues].join(" ");
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

function isKnownContext(context: string): context is ErrorContext {
  return Object.hasOwn(contextFallbacks, context);
}

export function mapError(error: unknown, context?: string): FriendlyError {
  const text = errorText(error).toLowerCase();
  const rule = rules.find((candidate) => candidate.matches.some((fragment) => text.includes(fragment)));
  if (rule) return { key: rule.key, title: rule.title, message: rule.message, action: rule.action };
  if (context === undefined || context === "") return noContextFallback;
  return isKnownContext(context) ? contextFallbacks[context] : unknownContextFallback;
}
