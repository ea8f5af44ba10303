import { describe, expect, it } from "vitest";
import type { OpenVideoRoom } from "@shared/video";
import { jitsiMeetingOptions } from "./jitsi-options";

const room = {
  room: { name: "consultation-ab12", domain: "meet.example", scriptUrl: "", url: "" },
} as OpenVideoRoom;
const container = {} as HTMLElement;

describe("the meeting's options", () => {
  it("show the meeting's own screens in Hindi on a Hindi page, and in English where Jitsi has no Kannada", () => {
    expect(jitsiMeetingOptions(room, container, "Asha", "hi").lang).toBe("hi");
    expect(jitsiMeetingOptions(room, container, "Asha", "kn").lang).toBe("en");
    expect(jitsiMeetingOptions(room, container, "Asha", "en").lang).toBe("en");
  });

  it("join the room by its name, with the person's name and no token when none was given", () => {
    const options = jitsiMeetingOptions(room, container, "Asha", "en");
    expect(options.roomName).toBe("consultation-ab12");
    expect(options.userInfo).toEqual({ displayName: "Asha" });
    expect(options).not.toHaveProperty("jwt");
  });
});
