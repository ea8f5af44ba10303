import { createPrivateKey, createSecretKey, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import type { Config } from "../../config";

/**
 * The video meeting service: Jitsi Meet through its IFrame API (external_api.js). Three set-ups share this code:
 * - plain Jitsi (default meet.jit.si): no tokens; anyone with the room name can join;
 * - a self-hosted Jitsi with token authentication: HS256 tokens signed with JITSI_APP_SECRET;
 * - JaaS (8x8.vc): RS256 tokens signed with the API key's private key, the key id in the header.
 * Tokens name one room and expire when the room's window ends, so a leaked token is worth little.
 */
export type VideoConfig = Config["video"];

export interface JoinTokenRequest {
  /** The bare room name (`consultation-{roomId}`), as roomName() gives it. */
  roomName: string;
  displayName: string;
  email?: string;
  moderator: boolean;
  expiresAt: Date;
  /** When the token is issued; the clock the rules read. */
  issuedAt: Date;
}

export interface VideoService {
  service: VideoConfig["service"];
  /** The domain given to `new JitsiMeetExternalAPI(domain, ...)`. */
  domain: string;
  /** Where the browser loads external_api.js from. */
  scriptUrl: string;
  /** The room of an appointment's room id; room ids are random, so the name says nothing about the patient. */
  roomName(roomId: string): string;
  /** The name the IFrame API joins: JaaS rooms live under the App ID ("{appId}/{room}"). */
  apiRoomName(roomName: string): string;
  /** The room's address on the video service itself. */
  roomUrl(roomName: string): string;
  /** A token for one person in one room; undefined for plain Jitsi, which takes none. */
  joinToken(request: JoinTokenRequest): Promise<string | undefined>;
}

/** Tokens are accepted from a minute before they were issued: the video service's clock may run behind ours. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * JaaS feature permissions. Recording, streaming, transcription and dialling out stay off: a consultation is
 * health data and the patient has not agreed to any of them.
 */
const jaasFeatures = {
  livestreaming: "false",
  recording: "false",
  transcription: "false",
  "outbound-call": "false",
  "sip-outbound-call": "false",
  "inbound-call": "false",
  "sip-inbound-call": "false",
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createVideoService(video: VideoConfig): VideoService {
  const jaas = video.jaas;
  const base = jaas ? `https://${video.domain}/${jaas.appId}` : `https://${video.domain}`;
  const sign = tokenSigner(video);
  return {
    service: video.service,
    domain: video.domain,
    scriptUrl: video.scriptUrl ?? `${base}/external_api.js`,
    roomName: (roomId) => `consultation-${roomId}`,
    apiRoomName: (roomName) => (jaas ? `${jaas.appId}/${roomName}` : roomName),
    roomUrl: (roomName) => `${base}/${roomName}`,
    joinToken: async (request) => sign?.(request),
  };
}

type Signer = (request: JoinTokenRequest) => Promise<string>;

/** The person joining, as both token kinds carry it. JaaS and Prosody read `moderator` as the string "true". */
function userClaims(request: JoinTokenRequest): Record<string, string> {
  return {
    name: request.displayName,
    ...(request.email ? { email: request.email } : {}),
    moderator: request.moderator ? "true" : "false",
  };
}

/** The claims every join token shares, then signed: audience, subject, validity with some clock skew. */
function signToken(
  token: SignJWT,
  request: JoinTokenRequest,
  claims: { issuer: string; subject: string },
  key: KeyObject,
): Promise<string> {
  return token
    .setIssuer(claims.issuer)
    .setAudience("jitsi")
    .setSubject(claims.subject)
    .setIssuedAt(seconds(request.issuedAt))
    .setNotBefore(seconds(request.issuedAt) - CLOCK_SKEW_SECONDS)
    .setExpirationTime(seconds(request.expiresAt))
    .sign(key);
}

function tokenSigner(video: VideoConfig): Signer | undefined {
  if (video.jaas) {
    const { appId, keyId } = video.jaas;
    // node:crypto reads both PKCS#8 and the older PKCS#1 ("BEGIN RSA PRIVATE KEY") form; config.ts checked it.
    const key: KeyObject = createPrivateKey(video.jaas.privateKey);
    return (request) =>
      signToken(
        new SignJWT({
          room: request.roomName,
          // A missing or "false" moderator gives no moderator rights.
          context: { user: userClaims(request), features: jaasFeatures },
        }).setProtectedHeader({ alg: "RS256", kid: keyId, typ: "JWT" }),
        request,
        { issuer: "chat", subject: appId },
        key,
      );
  }
  if (video.jitsiToken) {
    const { appId, appSecret } = video.jitsiToken;
    const key = createSecretKey(Buffer.from(appSecret, "utf8"));
    // Prosody's token check compares `sub` with the host name, without a port.
    const subject = video.domain.replace(/:\d+$/, "");
    return (request) =>
      signToken(
        new SignJWT({
          room: request.roomName,
          context: {
            // Stock Prosody makes every token holder a moderator; the token_affiliation plugin reads moderator and
            // affiliation, so the patient joins as a member and the doctor as owner. Strings, because Prosody's
            // presence identity copies each user field into the presence stanza as text and fails on anything else.
            user: { ...userClaims(request), affiliation: request.moderator ? "owner" : "member" },
          },
        }).setProtectedHeader({ alg: "HS256", typ: "JWT" }),
        request,
        { issuer: appId, subject },
        key,
      );
  }
  return undefined;
}

/**
 * The origins the Content-Security-Policy must admit: external_api.js is a script from the video service, and the
 * meeting itself runs in a frame from it. A stand-in script address (browser tests) adds its own origin.
 */
export function videoCspOrigins(video: VideoConfig): { script: string[]; frame: string[] } {
  const service = `https://${video.domain}`;
  const script = [service];
  if (video.scriptUrl) {
    const standIn = new URL(video.scriptUrl).origin;
    if (standIn !== service) script.push(standIn);
  }
  return { script, frame: [service] };
}

/**
 * The start-up warning for the default meet.jit.si: since 2023 it ends embedded calls after 5 minutes and makes
 * someone log in as moderator, so a real consultation cannot run on it. main.ts logs this once at start.
 */
function publicJitsiWarning(video: VideoConfig): string | undefined {
  if (video.service !== "jitsi" || video.domain !== "meet.jit.si") return undefined;
  return (
    "video consultations use the public meet.jit.si, which ends embedded calls after 5 minutes and asks for a " +
    "moderator login: use it only to try the site; set JAAS_APP_ID, JAAS_KEY_ID and JAAS_PRIVATE_KEY, or " +
    "JITSI_DOMAIN with JITSI_APP_ID and JITSI_APP_SECRET, for real consultations"
  );
}

/** Logs the meet.jit.si warning when it applies; main.ts calls it once the server is built. */
export function warnAboutPublicJitsi(video: VideoConfig, log: { warn(message: string): void }): void {
  const warning = publicJitsiWarning(video);
  if (warning) log.warn(warning);
}
