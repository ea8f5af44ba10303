import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { showErrorToast } from "./error-toast";

const limited = new ApiError(
  429,
  {
    statusCode: 429,
    error: "Too Many Requests",
    requestId: "r1",
    message:
      "Too many bookings were started from this address. Please try again in 42 minutes, or contact us by e-mail.",
  },
  "Too many bookings were started from this address.",
);

describe("showErrorToast", () => {
  it("tells a parent stopped by a limit how long to wait, in the server's words", () => {
    expect(showErrorToast(limited, "booking")).toBe(
      "Too many bookings were started from this address. Please try again in 42 minutes, or contact us by e-mail.",
    );
  });

  it("keeps the catalogue's words for other failures", () => {
    const taken = new ApiError(
      409,
      {
        statusCode: 409,
        error: "Conflict",
        requestId: "r2",
        message: "This time slot is no longer available",
      },
      "This time slot is no longer available",
    );
    expect(showErrorToast(taken, "booking")).toBe(
      "This time slot is no longer available. Please select a different time.",
    );
    expect(showErrorToast(new Error("boom"), "booking")).toBe(
      "We could not complete your appointment booking. Please try again.",
    );
  });
});
