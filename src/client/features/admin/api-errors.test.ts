import { describe, expect, it } from "vitest";
import { errorStatus, fieldIssues, serverMessage } from "./api-errors";

const body = (status: number, value: unknown) => new Error(`${status}: ${JSON.stringify(value)}`);

describe("errorStatus", () => {
  it("reads the status apiRequest puts before the body", () => {
    expect(errorStatus(new Error("401: Unauthorized"))).toBe(401);
    expect(errorStatus(body(429, { message: "Too many" }))).toBe(429);
  });

  it("is null for other errors", () => {
    expect(errorStatus(new TypeError("Failed to fetch"))).toBeNull();
    expect(errorStatus("401: text")).toBeNull();
  });
});

describe("serverMessage", () => {
  it("answers the JSON body's message", () => {
    const error = body(429, {
      statusCode: 429,
      error: "Too Many Requests",
      message: "Too many failed attempts. Please try again in 12 minutes.",
    });
    expect(serverMessage(error)).toBe("Too many failed attempts. Please try again in 12 minutes.");
  });

  it("falls back to the body's error field, then to short plain text", () => {
    expect(serverMessage(body(404, { error: "Appointment not found" }))).toBe("Appointment not found");
    expect(serverMessage(new Error("502: Bad Gateway"))).toBe("Bad Gateway");
  });

  it("is null when there is nothing a person should read", () => {
    expect(serverMessage(new Error("500: <html><body>oops</body></html>"))).toBeNull();
    expect(serverMessage(body(500, { statusCode: 500 }))).toBeNull();
    expect(serverMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(serverMessage(new Error("404: "))).toBeNull();
  });
});

describe("fieldIssues", () => {
  it("keys the first message of each field by the first path segment", () => {
    const error = body(400, {
      message: "Invalid input",
      issues: [
        { path: ["title"], message: "Title is required" },
        { path: ["title"], message: "second message" },
        { path: "imageUrl", message: "Image URL must start with http:// or https://" },
      ],
    });
    expect(fieldIssues(error)).toEqual({
      title: "Title is required",
      imageUrl: "Image URL must start with http:// or https://",
    });
  });

  it("is empty for anything else", () => {
    expect(fieldIssues(body(404, { message: "Not found" }))).toEqual({});
    expect(fieldIssues(body(400, { message: "Bad" }))).toEqual({});
    expect(fieldIssues(new Error("400: not json"))).toEqual({});
  });
});
