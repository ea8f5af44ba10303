import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Article } from "@shared/articles";
import { bookingIdOf } from "@shared/booking";
import type { AdminInsights } from "@shared/insights";
import { receivedPaymentsPage } from "../../core/appointments/insights";
import { appointments } from "../../db/schema";
import {
  accessLogEntries,
  bookingFor,
  payOnSimulator,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { csvCell } from "./service";

/**
 * The console's Insights through the API: bookings, payments, refunds and no-shows made as parents and the doctor
 * make them, added up by the clinic's month; the articles bookings were started from; and the accountant's CSV of
 * the payments received, with its escaping.
 */
// Saturday 10 Oct 2026, 10:00 AM IST: most bookings and payments are made then, a minute apart.
const OCTOBER = "2026-10-10T04:30:00Z";
// Sunday 11 Oct 2026, 8:00 PM IST: the consultations of that evening have started.
const OCTOBER_EVENING = "2026-10-11T14:30:00Z";
// 31 Oct 2026, 7:00 PM UTC, which is already 1 Nov 2026, 12:30 AM IST: November in the clinic.
const JUST_NOVEMBER = "2026-10-31T19:00:00Z";
// Monday 2 Nov 2026, 10:00 AM IST.
const NOVEMBER = "2026-11-02T04:30:00Z";
const FEE = 2000;

describe.each(testEngines)("the doctor's insights (%s)", (engine) => {
  const { clock, t, signIn, doctorHeaders, nextAddress, bookPaid, bookHeld } = useSiteApp(engine, OCTOBER);
  // One sign-in for each moment of the clock (a session lapses when the clock moves on by days).
  const sessions = new Map<number, string>();
  const asDoctor = async () => {
    const at = clock.now().getTime();
    const cookie = sessions.get(at) ?? (await signIn());
    sessions.set(at, cookie);
    return doctorHeaders(cookie);
  };

  const get = async (url: string) => t.app.inject({ method: "GET", url, headers: await asDoctor() });
  /** The doctor asks for `path` with `query`, and is refused with a 400 that says `message`. */
  const expectRefused = async (path: string, query: string, message: string) => {
    const response = await get(`${path}${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(response.json<{ message: string }>().message, query).toBe(message);
  };

  /** Two articles, and the bookings the figures below count; built once, for every test of the suite. */
  let built: Promise<Awaited<ReturnType<typeof buildPractice>>> | undefined;
  const practice = () => (built ??= buildPractice());

  async function buildPractice() {
    clock.set(OCTOBER);
    const headers = await asDoctor();
    const publish = async (title: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/articles",
        headers,
        payload: { title, excerpt: "About it", content: "What parents ask.", published: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ article: Article }>().article.slug;
    };
    const murmurs = await publish("Heart Murmurs in Children");
    const fastHeart = await publish("Fast Heartbeat");
    const paid = async (name: string, changes: Record<string, unknown>) => {
      clock.advanceMinutes(1);
      return bookPaid(name, changes);
    };
    const held = async (name: string, changes: Record<string, unknown>) => {
      clock.advanceMinutes(1);
      return bookHeld(name, changes);
    };
    const on = (appointmentDate: string, appointmentTime: string) => ({ appointmentDate, appointmentTime });

    // October: paid bookings (two from an article), holds never paid, and a hold its parent replaced.
    const asha = await paid("Asha Rao", { ...on("2026-10-20", "19:00"), sourceArticle: murmurs });
    const unpaidFromArticle = await held("Bina Das", {
      ...on("2026-10-20", "19:20"),
      sourceArticle: murmurs,
    });
    // An article no one wrote, and something that is no slug at all: the booking is made, nothing is kept.
    const formula = await paid('=SUM(1,2) "Baby"', {
      ...on("2026-10-21", "19:00"),
      patientEmail: "baby.parent@example.org",
      sourceArticle: "no-such-article",
    });
    const notSlug = await held("Dev Nair", { ...on("2026-10-21", "19:20"), sourceArticle: "Not a slug!" });
    clock.advanceMinutes(1);
    const replaced = await bookHeld("Esha Menon", { ...on("2026-10-22", "19:00"), sourceArticle: fastHeart });
    clock.advanceMinutes(1);
    const esha = await bookHeld("Esha Menon", {
      ...on("2026-10-22", "19:20"),
      sourceArticle: fastHeart,
      replacesAppointmentId: replaced.id,
    });
    clock.advanceMinutes(1);
    await payOnSimulator(t.app, esha.id, nextAddress());
    const cancelledByDoctor = await paid("Farhan Ali", on("2026-10-23", "19:00"));
    clock.advanceMinutes(1);
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/admin/appointments/${cancelledByDoctor.id}/cancel`,
      headers,
      payload: { reason: "Called to an emergency" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const noShow = await paid("Gita Shah", on("2026-10-11", "19:00"));
    const completed = await paid("Kiran Pai", on("2026-10-11", "19:20"));
    const cancelledInNovember = await paid("Mira Sen", on("2026-11-20", "19:00"));

    // The evening of 11 October: one parent came, one did not.
    clock.set(OCTOBER_EVENING);
    const evening = await asDoctor();
    for (const [id, outcome] of [
      [noShow.id, "no-show"],
      [completed.id, "complete"],
    ] as const) {
      const marked = await t.app.inject({
        method: "POST",
        url: `/api/admin/appointments/${id}/${outcome}`,
        headers: evening,
        payload: {},
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }

    // Paid half an hour into November in the clinic's zone (still October in UTC), from an article.
    clock.set(JUST_NOVEMBER);
    const november = await paid("Lata Roy", { ...on("2026-11-10", "19:00"), sourceArticle: murmurs });
    // In November a parent cancels an October payment's booking more than a day ahead: a full refund.
    clock.set(NOVEMBER);
    const parentCancel = await t.app.inject({
      method: "POST",
      url: `/api/manage/${cancelledInNovember.token}/cancel`,
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(parentCancel.statusCode, parentCancel.body).toBe(200);
    // A source that is not even a string: still a booking (a hold, never paid).
    const odd = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      remoteAddress: nextAddress(),
      payload: bookingFor("Om Joshi", {
        appointmentDate: "2026-11-25",
        appointmentTime: "20:00",
        sourceArticle: { slug: murmurs },
      }),
    });
    expect(odd.statusCode, odd.body).toBe(201);
    return {
      oddSource: odd.json<{ appointment: { id: string } }>().appointment.id,
      murmurs,
      fastHeart,
      asha,
      unpaidFromArticle,
      formula,
      notSlug,
      esha,
      cancelledByDoctor,
      noShow,
      completed,
      cancelledInNovember,
      november,
    };
  }

  const insights = async (query = "") => {
    const response = await get(`/api/admin/insights${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminInsights>();
  };

  it("keeps the article a booking was made from only when a published article has that slug", async () => {
    const made = await practice();
    const sourceOf = async (id: string) =>
      (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.sourceArticle;
    expect(await sourceOf(made.asha.id)).toBe(made.murmurs);
    expect(await sourceOf(made.formula.id)).toBeNull();
    expect(await sourceOf(made.notSlug.id)).toBeNull();
    expect(await sourceOf(made.cancelledByDoctor.id)).toBeNull();
    expect(await sourceOf(made.oddSource)).toBeNull();
  });

  it("adds up each month in the clinic's zone, with totals and the articles bookings came from", async () => {
    const made = await practice();
    clock.set(NOVEMBER);
    const answer = await insights("?from=2026-10&to=2026-11");
    expect(answer).toMatchObject({ from: "2026-10", to: "2026-11", currentMonth: "2026-11" });
    expect(answer.timeZone).toBe("Asia/Kolkata");
    expect(answer.months).toEqual([
      {
        month: "2026-10",
        // Asha, the formula-named child, Esha (confirmed) and Kiran (completed); not Farhan (cancelled) nor Gita.
        consultations: 4,
        noShows: 1,
        // Seven payments: Asha, the formula, Esha, Farhan, Gita, Kiran, Mira.
        received: 7 * FEE,
        refunds: 1,
        refunded: FEE,
        // The seven paid, and Bina's and Dev's holds; Esha's replaced hold is not counted.
        holds: 9,
        paidHolds: 7,
      },
      {
        month: "2026-11",
        consultations: 1,
        noShows: 0,
        received: FEE,
        refunds: 1,
        refunded: FEE,
        // Lata's, and Om's hold, never paid.
        holds: 2,
        paidHolds: 1,
      },
    ]);
    expect(answer.totals).toEqual({
      consultations: 5,
      noShows: 1,
      received: 8 * FEE,
      refunds: 2,
      refunded: 2 * FEE,
      holds: 11,
      paidHolds: 8,
    });
    expect(answer.articles).toEqual([
      { slug: made.murmurs, title: "Heart Murmurs in Children", holds: 3, paidHolds: 2 },
      { slug: made.fastHeart, title: "Fast Heartbeat", holds: 1, paidHolds: 1 },
    ]);

    // One month alone: November's booking from the article, and nothing of October's.
    const november = await insights("?from=2026-11&to=2026-11");
    expect(november.months.map((month) => month.month)).toEqual(["2026-11"]);
    expect(november.articles).toEqual([
      { slug: made.murmurs, title: "Heart Murmurs in Children", holds: 1, paidHolds: 1 },
    ]);
  });

  it("shows the last twelve months by default, and a deleted article by its slug", async () => {
    const made = await practice();
    clock.set(NOVEMBER);
    const answer = await insights();
    expect(answer.from).toBe("2025-12");
    expect(answer.to).toBe("2026-11");
    expect(answer.months).toHaveLength(12);
    expect(answer.months.slice(0, 10).every((month) => month.received === 0 && month.holds === 0)).toBe(true);
    expect(answer.totals.received).toBe(8 * FEE);
    // Twelve months from a first month alone, never past the current one.
    expect(await insights("?from=2026-06")).toMatchObject({ from: "2026-06", to: "2026-11" });
    expect(await insights("?from=2025-01")).toMatchObject({ from: "2025-01", to: "2025-12" });
    expect(await insights("?to=2026-03")).toMatchObject({ from: "2025-04", to: "2026-03" });

    const headers = await asDoctor();
    const list = (await t.app.inject({ method: "GET", url: "/api/admin/articles", headers })).json<{
      articles: Article[];
    }>();
    const fast = list.articles.find((article) => article.slug === made.fastHeart);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/articles/${fast?.id ?? ""}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await insights("?from=2026-10&to=2026-11")).articles).toContainEqual({
      slug: made.fastHeart,
      title: null,
      holds: 1,
      paidHolds: 1,
    });
  });

  it("refuses months that are not months, in the wrong order, or more than 36 of them", async () => {
    await practice();
    for (const [query, message] of [
      ["?from=2026-13", "Choose months written as YYYY-MM, for example 2026-04"],
      ["?to=26-01", "Choose months written as YYYY-MM, for example 2026-04"],
      ["?from=2026-05&to=2026-01", "The first month must not be after the last"],
      ["?from=2023-01&to=2026-01", "Choose at most 36 months at a time"],
    ] as const)
      await expectRefused("/api/admin/insights", query, message);
    expect((await insights("?from=2023-02&to=2026-01")).months).toHaveLength(36);
  });

  const csvOf = async (from: string, to: string) => {
    const response = await get(`/api/admin/receipts.csv?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** The file's lines, without the byte-order mark and the header. */
  const linesOf = (body: string) =>
    body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);

  it("downloads every payment received in a range as CSV for the accountant, refunds beside them", async () => {
    const made = await practice();
    clock.set(NOVEMBER);
    const response = await csvOf("2026-10-01", "2026-11-30");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="receipts-2026-10-01-to-2026-11-30.csv"; filename*=UTF-8''receipts-2026-10-01-to-2026-11-30.csv`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.body;
    expect(body.startsWith("\uFEFFReceipt number,Date paid,Booking ID,Patient,Parent or guardian,")).toBe(
      true,
    );
    expect(body.split("\r\n")[0]).toBe(
      "\uFEFFReceipt number,Date paid,Booking ID,Patient,Parent or guardian,Consultation date,Fee (₹),Coupon," +
        "Amount paid (₹),Refunded (₹),Refunded on,Payment method,Payment reference",
    );
    const lines = linesOf(body);
    // In the order paid: October's seven, then November's (paid on 1 November in the clinic's zone).
    expect(lines.map((line) => line.split(",")[2])).toEqual(
      [
        made.asha,
        made.formula,
        made.esha,
        made.cancelledByDoctor,
        made.noShow,
        made.completed,
        made.cancelledInNovember,
        made.november,
      ].map(({ id }) => bookingIdOf(id)),
    );
    const receiptNumbers = lines.map((line) => line.split(",")[0]);
    expect(new Set(receiptNumbers).size).toBe(8);
    for (const number of receiptNumbers) expect(number).toMatch(/^2026-27\/\d{6}$/);
    const line = (id: string) => lines.find((text) => text.includes(`,${bookingIdOf(id)},`)) ?? "";
    expect(line(made.asha.id)).toMatch(
      new RegExp(
        `^2026-27/\\d{6},2026-10-10,${bookingIdOf(made.asha.id)},Asha Rao,Lakshmi Iyer,2026-10-20,2000,,2000,0,,` +
          `Payment simulator \\(test payment\\),[^,]+$`,
      ),
    );
    // A name a spreadsheet would run as a formula stays text; its comma and quotes are quoted.
    expect(line(made.formula.id)).toContain(`,"'=SUM(1,2) ""Baby""",Lakshmi Iyer,`);
    expect(line(made.cancelledByDoctor.id)).toContain(",2000,,2000,2000,2026-10-10,");
    expect(line(made.cancelledInNovember.id)).toContain(",2000,,2000,2000,2026-11-02,");
    expect(line(made.november.id)).toContain(`2026-11-01,${bookingIdOf(made.november.id)},Lata Roy,`);

    // The clinic's dates decide: 31 October holds none of it, November only Lata's payment.
    expect(linesOf((await csvOf("2026-10-31", "2026-10-31")).body)).toEqual([]);
    expect(linesOf((await csvOf("2026-11-01", "2026-11-30")).body).map((text) => text.split(",")[3])).toEqual(
      ["Lata Roy"],
    );
  });

  it("reads the payments a page at a time, each once, in the order received", async () => {
    const made = await practice();
    const range = { starts: new Date("2026-09-30T18:30:00Z"), ends: new Date("2026-11-30T18:30:00Z") };
    const seen: string[] = [];
    let cursor: Awaited<ReturnType<typeof receivedPaymentsPage>>["next"];
    let pages = 0;
    do {
      const page = await receivedPaymentsPage(t.database.db, range, cursor, 3);
      seen.push(...page.payments.map((payment) => payment.id));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(seen[0]).toBe(made.asha.id);
    expect(seen.at(-1)).toBe(made.november.id);
  });

  it("escapes every cell a spreadsheet could misread", () => {
    expect(csvCell("Meera")).toBe("Meera");
    expect(csvCell(2000)).toBe("2000");
    expect(csvCell(null)).toBe("");
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+91 98450 12345")).toBe("'+91 98450 12345");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('say "hi", then\nleave')).toBe(`"say ""hi"", then\nleave"`);
    expect(csvCell("Rao = doctor")).toBe("Rao = doctor");
    // A spreadsheet set to split on semicolons would start a formula cell after one: the cell is quoted whole.
    expect(csvCell("Asha;=1+2")).toBe(`"Asha;=1+2"`);
    expect(csvCell("Lakshmi;=cmd|' /C calc'!A0")).toBe(`"Lakshmi;=cmd|' /C calc'!A0"`);
  });

  it("refuses a receipts range that is missing, backwards, not dates, or over 366 days", async () => {
    await practice();
    for (const [query, message] of [
      ["", "Choose the first date. Choose the last date"],
      ["?from=2026-10-01", "Choose the last date"],
      ["?from=2026-02-30&to=2026-03-01", "Choose a date that exists"],
      ["?from=2026-10-01&to=01-11-2026", "Choose dates written as YYYY-MM-DD"],
      ["?from=2026-11-01&to=2026-10-01", "The first date must not be after the last"],
      ["?from=2025-01-01&to=2026-01-02", "Choose at most 366 days at a time"],
      // The range ends at the start of the next day, which 9999-12-31 does not have.
      ["?from=9999-12-31&to=9999-12-31", "Choose a date before the year 10000"],
    ] as const)
      await expectRefused("/api/admin/receipts.csv", query, message);
    // 366 days, both ends counted.
    expect((await csvOf("2025-01-01", "2026-01-01")).statusCode).toBe(200);
  });

  it("says how many payments a range's file will hold, and their amount, before it is downloaded", async () => {
    await practice();
    clock.set(NOVEMBER);
    for (const [from, to] of [
      ["2026-10-01", "2026-11-30"],
      ["2026-11-01", "2026-11-30"],
      ["2020-01-01", "2020-01-31"],
    ] as const) {
      const summary = await get(`/api/admin/receipts/summary?from=${from}&to=${to}`);
      expect(summary.statusCode, summary.body).toBe(200);
      const lines = linesOf((await csvOf(from, to)).body);
      // Counted from the end: a name may hold a quoted comma.
      const amountFromEnd = -5;
      expect(summary.json()).toEqual({
        from,
        to,
        payments: lines.length,
        amount: lines.reduce((sum, line) => sum + Number(line.split(",").at(amountFromEnd)), 0),
      });
    }
    expect((await get("/api/admin/receipts/summary?from=2020-01-01&to=2020-01-31")).json()).toMatchObject({
      payments: 0,
      amount: 0,
    });
    const wrong = await get("/api/admin/receipts/summary?from=2026-11-01&to=2026-10-01");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe("The first date must not be after the last");
  });

  it("writes each look and each download to the access log", async () => {
    await practice();
    clock.set(NOVEMBER);
    const headers = await asDoctor();
    // A range no other test here looked at: the same look within ten minutes is written once.
    await t.app.inject({ method: "GET", url: "/api/admin/insights?from=2026-07&to=2026-11", headers });
    await t.app.inject({
      method: "GET",
      url: "/api/admin/receipts.csv?from=2026-10-01&to=2026-10-31",
      headers,
    });
    const entries = await accessLogEntries(t.app, headers);
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: "export",
        recordId: "receipts",
        detail: "downloaded the receipts from 2026-10-01 to 2026-10-31",
      }),
      expect.objectContaining({
        action: "view",
        recordId: "insights",
        detail: "viewed the insights from 2026-07 to 2026-11",
      }),
    ]);
  });

  it("answers only the doctor", async () => {
    for (const url of [
      "/api/admin/insights",
      "/api/admin/receipts.csv?from=2026-10-01&to=2026-10-31",
      "/api/admin/receipts/summary?from=2026-10-01&to=2026-10-31",
    ]) {
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
