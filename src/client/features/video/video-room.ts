import type { VideoRoomLookup } from "@shared/video";
import type { JitsiMeetOptions } from "./jitsi-external-api";

/** The doctor's link carries the host key as ?key=...; a patient's link has none. */
export function hostKeyFromSearch(search: string): string | undefined {
  const key = new URLSearchParams(search).get("key")?.trim();
  return key ? key : undefined;
}

export function videoRoomQueryKey(roomId: string, hostKey: string | undefined): readonly unknown[] {
  return hostKey ? ["/api/video-room", roomId, { key: hostKey }] : ["/api/video-room", roomId];
}

export function videoRoomUrl(roomId: string, hostKey: string | undefined): string {
  const path = `/api/video-room/${encodeURIComponent(roomId)}`;
  return hostKey ? `${path}?key=${encodeURIComponent(hostKey)}` : path;
}

/** The API's error text starts with the status ("404: ..."): only a 404 means the room does not exist. */
export function isRoomNotFound(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("404:");
}

/** The spec's toolbar: microphone, camera, captions, screen share, full screen, device settings, hang-up, chat... */
export const TOOLBAR_BUTTONS = [
  "microphone",
  "camera",
  "closedcaptions",
  "desktop",
  "fullscreen",
  "settings",
  "hangup",
  "chat",
  "raisehand",
  "videoquality",
  "filmstrip",
  "stats",
  "tileview",
];

/** The meeting's options: unmuted, no pre-join page, no invitations, no push to the Jitsi app on phones. */
export function jitsiMeetingOptions(
  lookup: VideoRoomLookup,
  parentNode: HTMLElement,
  displayName: string,
): JitsiMeetOptions {
  return {
    roomName: lookup.room.name,
    parentNode,
    width: "100%",
    height: "100%",
    ...(lookup.token ? { jwt: lookup.token } : {}),
    lang: "en",
    userInfo: { displayName },
    configOverwrite: {
      prejoinPageEnabled: false,
      prejoinConfig: { enabled: false },
      startWithAudioMuted: false,
      startWithVideoMuted: false,
      disableInviteFunctions: true,
      // The older flag and its replacement, so that older and newer Jitsi servers both keep phones in the browser.
      disableDeepLinking: true,
      deeplinking: { disabled: true },
      toolbarButtons: TOOLBAR_BUTTONS,
      // A consultation is health data: no analytics, no gravatar lookups, no e-mail address in statistics.
      analytics: { disabled: true },
      disableThirdPartyRequests: true,
      enableEmailInStats: false,
    },
    interfaceConfigOverwrite: {
      // Older Jitsi servers read the toolbar from here.
      TOOLBAR_BUTTONS,
      MOBILE_APP_PROMO: false,
      SHOW_CHROME_EXTENSION_BANNER: false,
      SHOW_JITSI_WATERMARK: false,
      SHOW_WATERMARK_FOR_GUESTS: false,
    },
  };
}
