/**
 * The parts of Jitsi Meet's IFrame API (external_api.js) this site uses. Jitsi publishes no type package, so the
 * shapes come from the handbook (docs/dev-guide/iframe*.md); only what the video page calls is declared.
 */
export interface JitsiEvents {
  videoConferenceJoined: { roomName: string; id: string; displayName: string };
  videoConferenceLeft: { roomName: string };
  /** Hang-up has finished; the meeting may be removed. No payload. */
  readyToClose: undefined;
}

export interface JitsiMeetExternalApi {
  addListener<E extends keyof JitsiEvents>(event: E, listener: (payload: JitsiEvents[E]) => void): void;
  removeListener<E extends keyof JitsiEvents>(event: E, listener: (payload: JitsiEvents[E]) => void): void;
  executeCommand(command: string, ...args: unknown[]): void;
  /** Removes the meeting's iframe and the API's own listeners. */
  dispose(): void;
}

export interface JitsiMeetOptions {
  roomName: string;
  parentNode: HTMLElement;
  width?: number | string;
  height?: number | string;
  jwt?: string;
  lang?: string;
  userInfo?: { displayName?: string; email?: string };
  configOverwrite?: Record<string, unknown>;
  interfaceConfigOverwrite?: Record<string, unknown>;
  onload?: () => void;
}

type JitsiMeetExternalApiConstructor = new (
  domain: string,
  options: JitsiMeetOptions,
) => JitsiMeetExternalApi;

declare global {
  interface Window {
    /** Defined by external_api.js once it has loaded. */
    JitsiMeetExternalAPI?: JitsiMeetExternalApiConstructor;
  }
}

/** A network that swallows the request would otherwise leave the page waiting for ever. */
const SCRIPT_TIMEOUT_MS = 20_000;

const scriptLoads = new Map<string, Promise<JitsiMeetExternalApiConstructor>>();

/**
 * Loads external_api.js once per page by adding a script element (loading it on demand keeps it off every other
 * page). A failed load is forgotten, so that a later call tries again.
 */
export function loadJitsiScript(src: string): Promise<JitsiMeetExternalApiConstructor> {
  const loaded = window.JitsiMeetExternalAPI;
  if (loaded) return Promise.resolve(loaded);
  let load = scriptLoads.get(src);
  if (!load) {
    load = new Promise<JitsiMeetExternalApiConstructor>((resolve, reject) => {
      const script = document.createElement("script");
      const fail = (reason: string) => {
        window.clearTimeout(timer);
        script.remove();
        scriptLoads.delete(src);
        reject(new Error(reason));
      };
      const timer = window.setTimeout(
        () => fail("The video service script took too long to load"),
        SCRIPT_TIMEOUT_MS,
      );
      script.src = src;
      script.async = true;
      script.onload = () => {
        window.clearTimeout(timer);
        const api = window.JitsiMeetExternalAPI;
        if (api) resolve(api);
        else fail("The video service script loaded but did not define JitsiMeetExternalAPI");
      };
      script.onerror = () => fail("The video service script could not be loaded");
      document.head.appendChild(script);
    });
    scriptLoads.set(src, load);
  }
  return load;
}
