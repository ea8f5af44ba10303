import type { Language } from "@shared/i18n/languages";
import type { OpenVideoRoom } from "@shared/video";
import type { JitsiMeetOptions } from "./jitsi-external-api";

/** The spec's toolbar: microphone, camera, captions, screen share, full screen, device settings, hang-up, chat... */
const TOOLBAR_BUTTONS = [
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

/**
 * The language of the meeting's own screens: Jitsi Meet has Hindi (lang/main-hi.json) but no Kannada, so a Kannada
 * page's meeting speaks English, as an English page's does.
 */
export function jitsiLanguage(language: Language): "en" | "hi" {
  return language === "hi" ? "hi" : "en";
}

/** The meeting's options: unmuted, no pre-join page, no invitations, no push to the Jitsi app on phones. */
export function jitsiMeetingOptions(
  lookup: OpenVideoRoom,
  parentNode: HTMLElement,
  displayName: string,
  language: Language,
): JitsiMeetOptions {
  return {
    roomName: lookup.room.name,
    parentNode,
    width: "100%",
    height: "100%",
    ...(lookup.token ? { jwt: lookup.token } : {}),
    lang: jitsiLanguage(language),
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
