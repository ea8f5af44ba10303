import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { hostKeyFromSearch, isRoomNotFound, lookupProblem } from "./video-room";

const failed = (status: number) =>
  new ApiError(
    status,
    { message: "Too many requests for video rooms. Please try again in 1 minute." } as never,
    "",
  );

describe("a failed look-up of the room", () => {
  it("is Room Not Found only for a 404", () => {
    expect(isRoomNotFound(failed(404))).toBe(true);
    expect(isRoomNotFound(failed(500))).toBe(false);
    expect(isRoomNotFound(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("says what its status means, never the server's English", () => {
    expect(lookupProblem(failed(429))).toBe("busy");
    expect(lookupProblem(failed(500))).toBe("server");
    expect(lookupProblem(failed(503))).toBe("server");
    expect(lookupProblem(failed(400))).toBeUndefined();
    expect(lookupProblem(new TypeError("Failed to fetch"))).toBeUndefined();
  });
});

describe("the doctor's link", () => {
  it("carries the host key, a patient's none", () => {
    expect(hostKeyFromSearch("?key=abc")).toBe("abc");
    expect(hostKeyFromSearch("?key=%20")).toBeUndefined();
    expect(hostKeyFromSearch("")).toBeUndefined();
  });
});
