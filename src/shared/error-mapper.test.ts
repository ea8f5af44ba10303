import { describe, expect, it } from "vitest";
import { mapError } from "./error-mapper";

/** What the toast shows: the wording, without the key a translated page reads it by. */
const shown = (error: unknown, context?: string) => {
  const { key: _key, ...words } = mapError(error, context);
  return words;
};

describe("mapError: the toast rules, first match wins", () => {
  const rows: [string, string, string, string][] = [
    [
      "Failed to fetch",
      "Connection Error",
      "Unable to connect to the server. Please check your internet connection and try again.",
      "Retry",
    ],
    [
      "NetworkError when attempting to fetch resource.",
      "Connection Error",
      "Unable to connect to the server. Please check your internet connection and try again.",
      "Retry",
    ],
    [
      "Request timeout",
      "Request Timeout",
      "The request took too long to complete. Please try again.",
      "Retry",
    ],
    [
      "401: Unauthorized",
      "Authentication Required",
      "Your session has expired. Please log in again.",
      "Login",
    ],
    [
      "Unauthorized access",
      "Authentication Required",
      "Your session has expired. Please log in again.",
      "Login",
    ],
    ["403: nope", "Access Denied", "You do not have permission to perform this action.", "Contact Support"],
    ["Forbidden", "Access Denied", "You do not have permission to perform this action.", "Contact Support"],
    [
      "404: gone",
      "Not Found",
      "The requested resource could not be found. It may have been deleted or moved.",
      "Refresh",
    ],
    [
      "Article NOT FOUND",
      "Not Found",
      "The requested resource could not be found. It may have been deleted or moved.",
      "Refresh",
    ],
    [
      "Slug already exists",
      "Already Exists",
      "This item already exists. Please use a different value.",
      "Try Again",
    ],
    [
      "duplicate key",
      "Already Exists",
      "This item already exists. Please use a different value.",
      "Try Again",
    ],
    [
      "Validation failed",
      "Invalid Input",
      "Please check your input and make sure all required fields are filled correctly.",
      "Review Form",
    ],
    [
      "invalid email",
      "Invalid Input",
      "Please check your input and make sure all required fields are filled correctly.",
      "Review Form",
    ],
    [
      "Internal Server Error",
      "Server Error",
      "Something went wrong on our end. Our team has been notified. Please try again later.",
      "Try Again Later",
    ],
    [
      "500: boom",
      "Server Error",
      "Something went wrong on our end. Our team has been notified. Please try again later.",
      "Try Again Later",
    ],
    [
      "internal failure",
      "Server Error",
      "Something went wrong on our end. Our team has been notified. Please try again later.",
      "Try Again Later",
    ],
    [
      "Payment declined",
      "Payment Error",
      "There was an issue processing your payment. Please check your payment details and try again.",
      "Retry Payment",
    ],
    [
      "Cashfree said no",
      "Payment Error",
      "There was an issue processing your payment. Please check your payment details and try again.",
      "Retry Payment",
    ],
    [
      "That slot is taken",
      "Booking Conflict",
      "This time slot is no longer available. Please select a different time.",
      "Choose Another Slot",
    ],
  ];

  it.each(rows)("%s -> %s", (text, title, message, action) => {
    expect(shown(new Error(text))).toEqual({ title, message, action });
  });

  it("matches case-insensitively", () => {
    expect(mapError(new Error("TIMEOUT")).title).toBe("Request Timeout");
  });

  it("applies the earlier rule when several match", () => {
    // "409: ... slot ... already exists": already-exists comes before slot in the table.
    expect(mapError(new Error("409: slot already exists")).title).toBe("Already Exists");
    // A 401 that mentions payment is still an authentication problem.
    expect(mapError(new Error("401: payment session")).title).toBe("Authentication Required");
    // A conflict answer naming the slot shows Booking Conflict.
    expect(mapError(new Error('409: {"message":"This slot was just booked by someone else"}')).title).toBe(
      "Booking Conflict",
    );
  });

  it("reads plain strings and objects with a message", () => {
    expect(mapError("fetch failed").title).toBe("Connection Error");
    expect(mapError({ message: "timeout" }).title).toBe("Request Timeout");
  });
});

describe("mapError: fallbacks by context when no rule matches", () => {
  const rows: [string, string, string][] = [
    ["login", "Login Failed", "The password you entered is incorrect. Please try again."],
    ["booking", "Booking Failed", "We could not complete your appointment booking. Please try again."],
    [
      "payment",
      "Payment Failed",
      "Your payment could not be processed. Please check your payment details and try again.",
    ],
    [
      "article_create",
      "Failed to Create Article",
      "The article could not be created. Please check all fields and try again.",
    ],
    ["article_update", "Failed to Update Article", "The article could not be updated. Please try again."],
    ["article_delete", "Failed to Delete Article", "The article could not be deleted. Please try again."],
    [
      "payment_init",
      "Payment Setup Failed",
      "We could not initialize the payment process. Please try booking again.",
    ],
    [
      "contact",
      "Message Not Sent",
      "Your message could not be sent. Please try again or contact us directly via email.",
    ],
    ["something_else", "Error", "An unexpected error occurred. Please try again."],
  ];

  it.each(rows)("context %s -> %s", (context, title, message) => {
    expect(shown(new Error("418: teapot"), context)).toEqual({ title, message });
  });

  it("without a context says Something Went Wrong", () => {
    expect(shown(new Error("418: teapot"))).toEqual({
      title: "Something Went Wrong",
      message: "An unexpected error occurred. Please try again or contact support if the problem persists.",
    });
    expect(mapError(undefined)).toEqual(mapError(new Error("")));
  });

  it("names each wording by a key of its own, for the catalogues of the other languages", () => {
    expect(mapError(new Error("Failed to fetch")).key).toBe("connection");
    expect(mapError(new Error("409: slot taken")).key).toBe("slot");
    expect(mapError(new Error("418: teapot"), "booking").key).toBe("context.booking");
    expect(mapError(new Error("418: teapot"), "something_else").key).toBe("unknown");
    expect(mapError(new Error("418: teapot")).key).toBe("none");
  });

  it("does not treat inherited object keys as contexts", () => {
    expect(mapError(new Error("418"), "toString").title).toBe("Error");
  });
});

describe("mapError: API errors read through their fields", () => {
  const apiError = (status: number, error: string, message: string, requestId: string) => ({
    status,
    message,
    body: { statusCode: status, error, message, requestId },
  });

  it("maps by status, error name and message, as the spec's rules list them", () => {
    expect(mapError(apiError(409, "Conflict", "This slot was just booked", "r")).action).toBe(
      "Choose Another Slot",
    );
    expect(mapError(apiError(401, "Unauthorized", "Please log in", "r")).title).toBe(
      "Authentication Required",
    );
    expect(mapError(apiError(500, "Internal Server Error", "Internal Server Error", "r")).title).toBe(
      "Server Error",
    );
  });

  it("never reads the request id, whatever letters it has", () => {
    const mapped = mapError(
      apiError(418, "I'm a teapot", "Short and stout", "slot-401-invalid-fetch"),
      "booking",
    );
    expect(mapped.title).toBe("Booking Failed");
  });
});
