import type { ApiErrorBody } from "@shared/api-error";
import { describe, expect, it } from "vitest";
import { ApiError, serverMessage } from "@/lib/api";
import { fieldIssues } from "./api-errors";

const answer = (status: number, body: Partial<ApiErrorBody> & { message: string }) =>
  new ApiError(status, { statusCode: status, error: "", requestId: "r1", ...body }, body.message);

describe("serverMessage", () => {
  it("answers the server's message", () => {
    const error = answer(429, {
      error: "Too Many Requests",
      message: "Too many failed attempts. Please try again in 12 minutes.",
    });
    expect(serverMessage(error)).toBe("Too many failed attempts. Please try again in 12 minutes.");
  });

  it("falls back to the error field, then to the short plain text the transport kept", () => {
    expect(serverMessage(answer(404, { error: "Appointment not found", message: "" }))).toBe(
      "Appointment not found",
    );
    expect(serverMessage(new ApiError(502, null, "Bad Gateway"))).toBe("Bad Gateway");
  });

  it("is null when there is nothing a person should read", () => {
    expect(serverMessage(answer(500, { message: "" }))).toBeNull();
    expect(serverMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(serverMessage(new ApiError(404, null, ""))).toBeNull();
  });
});

describe("fieldIssues", () => {
  it("keys the first message of each field by the first segment of its path", () => {
    const error = answer(400, {
      message: "Title is required. Excerpt is required",
      issues: [
        { path: "title", message: "Title is required" },
        { path: "excerpt", message: "Excerpt is required" },
        { path: "title.inner", message: "Second title message" },
      ],
    });
    expect(fieldIssues(error)).toEqual({ title: "Title is required", excerpt: "Excerpt is required" });
  });

  it("is empty for other statuses and other errors", () => {
    expect(fieldIssues(answer(409, { message: "x", issues: [{ path: "a", message: "b" }] }))).toEqual({});
    expect(fieldIssues(new Error("400: {}"))).toEqual({});
  });
});
