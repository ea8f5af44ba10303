import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "@shared/i18n/languages";
import type { ManageView } from "@shared/manage";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { latinWordsIn } from "../../testing/latin-words";
import { bookPaidAppointment, testClock, TEST_SITE, testEngines, useTestApp } from "../../testing/test-app";

/** Three days before the bookings' day (23 November 2026), whose evening has six times from 7:00 PM. */
const START = "2026-11-20T10:00:00+05:30";
const TIMES = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];

/** Each language's title of the manage page, from its catalogue. */
const YOUR_BOOKING: Record<Language, string> = { en: "Your booking", hi: "आपकी बुकिंग", kn: "ನಿಮ್ಮ ಬುಕಿಂಗ್" };
/** Each language's placeholder of a page the browser renders. */
const LOADING: Record<Language, string> = { en: "Loading…", hi: "लोड हो रहा है…", kn: "ಲೋಡ್ ಆಗುತ್ತಿದೆ…" };

const pageData = (html: string) =>
  JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}") as {
    language: string;
    chunks?: string[];
  };

/** The main content's text as a parent reads it, without what the page marks as English (the language list). */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  return main
    .replace(/<(\w+) [^>]*lang="en"[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A booking's own pages, the manage page and the video room, speak the booking's language at /hi/ and /kn/
 * addresses, as every link sent about the booking does; the address decides, so the English address still works.
 */
describe.each(testEngines)("a booking's pages in its language on %s", (engine) => {
  beforeAll(() => {
    // The pages are the built browser app's, rendered on the server.
    ensureBuild();
  }, 300_000);
  const clock = testClock(START);
  const t = useTestApp(engine, () => ({
    now: clock.now,
    serveClient: true,
    env: { PUBLIC_BASE_URL: TEST_SITE },
  }));
  let taken = 0;
  const book = (language: Language) =>
    bookPaidAppointment(t.app, {
      appointmentTime: TIMES[taken++],
      language,
      patientName: "Asha Kumar",
      guardianName: "Meera Kumar",
    });

  it.each(["kn", "hi"] as const)(
    "renders a %s booking's manage page in its language, wholly",
    async (language) => {
      const { id, token } = await book(language);
      const page = await t.app.inject({ method: "GET", url: `/${language}/appointments/manage/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${language}">`);
      expect(page.body).toContain(`<title>${YOUR_BOOKING[language]} | `);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.body).not.toContain('hreflang="');
      expect(page.headers["cache-control"]).toContain("no-store");
      expect(pageData(page.body)).toMatchObject({ language, chunks: ["visit"] });
      // Its code and Query's provider, which its route loads beside it, start with the page: neither waits for the other.
      expect(page.body).toMatch(/\/assets\/manage-appointment-[\w-]+\.js/);
      expect(page.body).toMatch(/\/assets\/query-provider-[\w-]+\.js/);
      const text = mainText(page.body);
      expect(text).toContain(YOUR_BOOKING[language]);
      const names = [
        "Asha Kumar",
        id.slice(0, 8).toUpperCase(),
        id.slice(0, 8),
        "IST",
        "PDF",
        "JPEG",
        "PNG",
        "HEIC",
      ];
      expect(latinWordsIn(text, [...names, "MB", "ZIP", "ECG"])).toEqual([]);

      // The same booking at its English address is English: the address decides.
      const english = await t.app.inject({ method: "GET", url: `/appointments/manage/${token}` });
      expect(english.body).toContain('<html lang="en">');
      expect(mainText(english.body)).toContain("Your booking");
      expect(mainText(english.body)).toContain("Reports for the doctor");
    },
  );

  it("links a booking's video room in its language, and the doctor's in English", async () => {
    const { token } = await book("kn");
    const view = (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>();
    // The room opens an hour before the consultation: three days ahead it is not live yet, but its link is given.
    const room = view.appointment.videoRoomUrl;
    expect(room).toMatch(new RegExp(`^${TEST_SITE}/kn/video-consultation/[0-9a-f]{32}$`));
    const roomPath = new URL(room ?? TEST_SITE).pathname;
    const page = await t.app.inject({ method: "GET", url: roomPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="kn">');
    expect(page.body).toContain(LOADING.kn);
    // Its title, which a link's preview shows, is the room's in Kannada.
    expect(page.body).toContain("<title>ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ | ");
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    // Another spelling of the address is the same Kannada page: it never turns the kept page English.
    await t.app.inject({ method: "GET", url: roomPath.replace("/kn/", "/%6Bn/") });
    const again = await t.app.inject({ method: "GET", url: roomPath });
    expect(again.body).toContain('<html lang="kn">');
    expect(pageData(again.body).language).toBe("kn");
  });

  it("gives a booking's calendar invite in its language, as its e-mail does", async () => {
    const { token } = await book("kn");
    const view = (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>();
    const roomId = view.appointment.videoRoomUrl?.split("/").at(-1) ?? "";
    const invite = await t.app.inject({ method: "GET", url: `/api/video-room/${roomId}/invite.ics` });
    expect(invite.statusCode).toBe(200);
    // A long line of an invite goes on in the next, after a space (RFC 5545): read as one.
    const text = invite.body.replace(/\r\n[ \t]/g, "");
    expect(text).toMatch(/SUMMARY:[^\r\n]*[\u0C80-\u0CFF]/);
    expect(text).not.toContain("Video consultation with");
    expect(text).toContain(`${TEST_SITE}/kn/video-consultation/${roomId}`);
  });

  it("answers a link that opens nothing with a 404 in the address's language", async () => {
    for (const language of ["kn", "hi"] as const) {
      const page = await t.app.inject({
        method: "GET",
        url: `/${language}/appointments/manage/${"A".repeat(43)}`,
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(`<html lang="${language}">`);
      expect(page.body).toContain(`<title>${YOUR_BOOKING[language]} | `);
    }
    // A room address without a room is no page either.
    for (const url of ["/kn/video-consultation/", "/video-consultation/"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain(`<html lang="${url.startsWith("/kn/") ? "kn" : "en"}">`);
    }
    // An address with a NUL is no page either: the site's 404 page of its language, not a bare text.
    for (const [url, language] of [
      ["/%00", "en"],
      ["/kn/abc%00", "kn"],
      ["/kn%00/appointments/manage/x", "en"],
      [`/hi/appointments/manage/${"A".repeat(42)}%00`, "hi"],
    ] as const) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.body, url).toContain(`<html lang="${language}">`);
    }
    // Only the three languages have addresses; the console has only its English one.
    for (const url of [`/fr/appointments/manage/${"A".repeat(43)}`, "/kn/admin", "/hi/admin/appointments"])
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
  });

  it("keeps every language's booking pages out of search engines", async () => {
    const robots = (await t.app.inject({ method: "GET", url: "/robots.txt" })).body;
    for (const prefix of ["", "/hi", "/kn"]) {
      expect(robots).toContain(`Disallow: ${prefix}/appointments/`);
      expect(robots).toContain(`Disallow: ${prefix}/video-consultation/`);
      expect(robots).toContain(`Disallow: ${prefix}/payment/`);
    }
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).not.toMatch(/appointments|video-consultation/);
  });
});
