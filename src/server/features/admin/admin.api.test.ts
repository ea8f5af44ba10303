import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type {
  AdminAppointment,
  AdminAppointmentDetails,
  AdminAppointmentPage,
  AdminAppointmentViewPage,
  AdminStats,
  GatewayDiagnostic,
  NotificationTestResult,
} from "@shared/admin";
import type { Article } from "@shared/articles";
import { appointments, refunds } from "../../db/schema";
import { cashfreeEnv, startCashfreeStandIn } from "../../testing/cashfree-stand-in";
import { useInSuite } from "../../testing/suite";
import {
  publicApiRoutes,
  signInAsAdmin,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  testClock,
  tokenApiRoutes,
  testEngines,
  useTestApp,
} from "../../testing/test-app";

const password = TEST_ADMIN_PASSWORD;
const origin = TEST_ORIGIN;
const clock = testClock("2026-11-21T10:00:00Z");

/** Other spellings of a path: each letter percent-encoded (both hex cases), doubled and dot segments, other cases. */
function pathVariants(path: string): string[] {
  const variants = new Set<string>();
  const segments = path.split("/");
  segments.forEach((segment, index) => {
    if (!/^[a-z]/i.test(segment)) return;
    const hex = segment.charCodeAt(0).toString(16);
    for (const encoded of [hex.toLowerCase(), hex.toUpperCase()]) {
      const copy = [...segments];
      copy[index] = `%${encoded}${segment.slice(1)}`;
      variants.add(copy.join("/"));
    }
    const middle = segment.search(/a/);
    if (middle > 0) {
      const copy = [...segments];
      copy[index] = `${segment.slice(0, middle)}%61${segment.slice(middle + 1)}`;
      variants.add(copy.join("/"));
    }
  });
  variants.add(`/${path}`);
  variants.add(path.replace("/api/", "/api//"));
  variants.add(path.replace("/api/", "/api/./"));
  variants.add(path.replace("/api/", "/api/x/../"));
  variants.add(`${path}/`);
  variants.add(path.toUpperCase());
  variants.add(path.replace("/api/a", "/api/A"));
  variants.add(`${path};x=1`);
  return [...variants];
}

describe.each(testEngines)("admin API on %s", (engine) => {
  const t = useTestApp(engine, { now: clock.now });
  let cookie = "";
  const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin }, ...(payload ? { payload } : {}) });

  /** The API routes only the doctor may call, those `filter` keeps, each with a made-up id for its parameters. */
  const adminRoutes = (filter: (route: { method: string }) => boolean = () => true) =>
    t.app.routeList
      .filter(
        (route) =>
          route.url.startsWith("/api/") &&
          !publicApiRoutes.has(`${route.method} ${route.url}`) &&
          !tokenApiRoutes.has(`${route.method} ${route.url}`),
      )
      .filter(filter)
      .map((route) => ({
        ...route,
        sampleUrl: route.url.replace(/:[A-Za-z]+/g, "6f1c7a52-0000-4000-8000-000000000000"),
      }));

  // A fresh session for each test: some tests move the clock hours ahead, past the session's idle limit.
  beforeEach(async () => {
    cookie = await signInAsAdmin(t.app);
  });

  it("answers 401 on every API route outside the public list when there is no session", async () => {
    const protectedRoutes = adminRoutes();
    expect(protectedRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/stats",
        "GET /api/appointments",
        "POST /api/test-notifications/:appointmentId",
      ]),
    );
    for (const route of protectedRoutes) {
      const response = await t.app.inject({
        method: route.method as "GET",
        url: route.sampleUrl,
        headers: { origin, "content-type": "application/json", cookie: "admin_session=forged" },
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: "{}" }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers 401 or 404, never 2xx, to every protected route spelled another way", async () => {
    const checked: string[] = [];
    for (const route of adminRoutes()) {
      for (const variant of pathVariants(route.sampleUrl)) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url: variant,
          headers: { origin },
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        expect([401, 404], `${route.method} ${variant}`).toContain(response.statusCode);
        checked.push(variant);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "/api/%61dmin/stats",
        "/%61pi/admin/stats",
        "/api/admin/%73tats",
        "/api/test-notific%61tions/6f1c7a52-0000-4000-8000-000000000000",
      ]),
    );
  });

  it("keeps the same-origin check on every state-changing admin route spelled another way", async () => {
    for (const route of adminRoutes((route) => route.method !== "GET")) {
      for (const variant of pathVariants(route.sampleUrl)) {
        const response = await t.app.inject({
          method: route.method as "POST",
          url: variant,
          headers: { cookie, origin: "https://evil.example" },
          ...(route.method === "DELETE" ? {} : { payload: {} }),
        });
        expect([403, 404], `${route.method} ${variant}`).toContain(response.statusCode);
      }
    }
  });

  it("refuses state-changing admin calls from another origin or without JSON, with 403", async () => {
    const article = { title: "CSRF test", excerpt: "x", content: "y", published: false };
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers: { cookie },
      payload: article,
    });
    const otherOrigin = await t.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers: { cookie, origin: "https://evil.example" },
      payload: article,
    });
    const formPost = await t.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "title=x",
    });
    for (const response of [noOrigin, otherOrigin, formPost]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/^Forbidden: /);
    }
    const crossSiteLogin = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { origin: "https://evil.example" },
      payload: { password },
    });
    expect(crossSiteLogin.statusCode).toBe(403);
    expect((await admin("GET", "/api/admin/articles")).json<{ articles: Article[] }>().articles).toHaveLength(
      0,
    );
  });

  it("creates, lists, updates and deletes articles, and the public list follows", async () => {
    const draft = await admin("POST", "/api/admin/articles", {
      title: "Draft about ECGs",
      excerpt: "What an ECG shows",
      content: "## ECG\n\nPainless.",
      imageUrl: "",
      published: false,
    });
    expect(draft.statusCode).toBe(201);
    const created = draft.json<{ article: Article }>().article;
    expect(created).toMatchObject({
      title: "Draft about ECGs",
      published: false,
      imageUrl: null,
      slug: "draft-about-ecgs",
    });
    expect(created.contentHtml).toContain("<h2>ECG</h2>");

    const publicBefore = (await t.app.inject({ method: "GET", url: "/api/articles" })).json<{
      articles: Article[];
    }>();
    expect(publicBefore.articles.map((a) => a.id)).not.toContain(created.id);
    expect(
      (await admin("GET", "/api/admin/articles")).json<{ articles: Article[] }>().articles.map((a) => a.id),
    ).toContain(created.id);

    const published = await admin("PUT", `/api/admin/articles/${created.id}`, {
      title: "ECGs explained",
      excerpt: "What an ECG shows",
      content:
        "Still painless. <script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))",
      imageUrl: "https://images.example.org/ecg.png",
      published: true,
    });
    expect(published.statusCode).toBe(200);
    const updated = published.json<{ article: Article }>().article;
    expect(updated).toMatchObject({ title: "ECGs explained", slug: "draft-about-ecgs", published: true });
    const publicAfter = (await t.app.inject({ method: "GET", url: "/api/articles" })).json<{
      articles: Article[];
    }>();
    const shown = publicAfter.articles.find((a) => a.id === created.id);
    expect(shown?.contentHtml).not.toMatch(/<script|onerror|javascript:/i);

    const removed = await admin("DELETE", `/api/admin/articles/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await admin("DELETE", `/api/admin/articles/${created.id}`)).statusCode).toBe(404);
    const publicGone = (await t.app.inject({ method: "GET", url: "/api/articles" })).json<{
      articles: Article[];
    }>();
    expect(publicGone.articles.map((a) => a.id)).not.toContain(created.id);
  });

  it("gives 30 articles of one title saved at the same moment an address each, never a 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        admin("POST", "/api/admin/articles", {
          title: "Race Title",
          excerpt: "e",
          content: "c",
          published: false,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 30 }, () => 201));
    const slugs = answers.map((answer) => answer.json<{ article: Article }>().article.slug);
    expect(new Set(slugs).size).toBe(30);
    expect(slugs).toContain("race-title");
    for (const answer of answers)
      await admin("DELETE", `/api/admin/articles/${answer.json<{ article: Article }>().article.id}`);
  });

  it("validates articles with readable messages and stores nothing invalid", async () => {
    const cases: [object, string, string][] = [
      [{ title: "" }, "title", "Title is required"],
      [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
      [{ excerpt: "x".repeat(501) }, "excerpt", "Excerpt must be at most 500 characters"],
      [{ content: "x".repeat(100_001) }, "content", "Content must be at most 100,000 characters"],
      [
        { imageUrl: "javascript:alert(1)" },
        "imageUrl",
        "Image URL must start with http://, https:// or / (an image on this site)",
      ],
      [
        { imageUrl: "ftp://files.example/a.png" },
        "imageUrl",
        "Image URL must start with http://, https:// or / (an image on this site)",
      ],
    ];
    for (const [change, path, message] of cases) {
      const response = await admin("POST", "/api/admin/articles", {
        title: "T",
        excerpt: "E",
        content: "C",
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(response.json<{ issues: { path: string; message: string }[] }>().issues).toContainEqual({
        path,
        message,
      });
    }
    expect(
      (await admin("PUT", "/api/admin/articles/not-a-uuid", { title: "T", excerpt: "E", content: "C" }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await admin("PUT", "/api/admin/articles/6f1c7a52-0000-4000-8000-000000000000", {
          title: "T",
          excerpt: "E",
          content: "C",
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin("GET", "/api/admin/articles")).json<{ articles: Article[] }>().articles).toHaveLength(
      0,
    );
  });

  it("renders a preview exactly as visitors will see it", async () => {
    const response = await admin("POST", "/api/admin/articles/preview", {
      content: "**Bold** <script>x()</script>",
    });
    expect(response.json()).toEqual({ html: "<p><strong>Bold</strong> </p>\n" });
  });

  it("counts today in the clinic's zone, patients with a paid appointment, and revenue net of refunds", async () => {
    const base = {
      patientEmail: "p@example.org",
      patientPhone: "9845012345",
      patientAge: 5,
      reasonForConsultation: "Check",
      appointmentTime: "19:00",
      fee: 2000,
      amount: 2000,
      holdExpiresAt: new Date("2026-11-21T10:15:00Z"),
    };
    await t.database.db.insert(appointments).values([
      // 2026-11-21 in India: today at 10:00 UTC (15:30 IST).
      {
        ...base,
        patientName: "Today Paid",
        appointmentDate: "2026-11-21",
        status: "confirmed",
        paymentStatus: "paid",
        paidAmount: 2000,
      },
      {
        ...base,
        patientName: "Today Paid",
        appointmentDate: "2026-11-21",
        appointmentTime: "19:20",
        status: "completed",
        paymentStatus: "paid",
        paidAmount: 2000,
      },
      {
        ...base,
        patientName: "Today Pending",
        appointmentDate: "2026-11-21",
        appointmentTime: "19:40",
        status: "pending_payment",
        paymentStatus: "pending",
      },
      {
        ...base,
        patientName: "Tomorrow Coupon",
        patientEmail: "c@example.org",
        appointmentDate: "2026-11-22",
        status: "confirmed",
        paymentStatus: "paid",
        amount: 1500,
        paidAmount: 1500,
      },
      {
        ...base,
        patientName: "Refunded Late",
        patientEmail: "r@example.org",
        appointmentDate: "2026-11-22",
        appointmentTime: "19:20",
        status: "cancelled",
        paymentStatus: "refunded",
        paidAmount: 2000,
        refundAmount: 2000,
        orderId: "bk_refunded_late",
      },
    ]);
    const [late] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.patientName, "Refunded Late"));
    await t.database.db.insert(refunds).values({
      refundId: "rf_refunded_late_1",
      appointmentId: late?.id ?? "",
      orderId: "bk_refunded_late",
      amount: 2000,
      reason: "Paid after the slot was taken",
      initiatedBy: "system",
      state: "succeeded",
    });
    const stats = (await admin("GET", "/api/admin/stats")).json<AdminStats>();
    expect(stats).toEqual({
      todayAppointments: 2,
      publishedArticles: 0,
      totalPatients: 2,
      totalRevenue: 5500,
    });

    // 19:00 UTC is already 00:30 on the 22nd in India: "today" moves with the clinic's clock, not UTC's.
    clock.set("2026-11-21T19:00:00Z");
    cookie = await signInAsAdmin(t.app);
    expect((await admin("GET", "/api/admin/stats")).json<AdminStats>().todayAppointments).toBe(1);
    clock.set("2026-11-21T18:29:00Z");
    cookie = await signInAsAdmin(t.app);
    expect((await admin("GET", "/api/admin/stats")).json<AdminStats>().todayAppointments).toBe(2);
    clock.set("2026-11-21T10:00:00Z");
  });

  it("lists appointments newest first, a page at a time, with the spec's fields", async () => {
    const first = (await admin("GET", "/api/appointments?limit=2")).json<AdminAppointmentPage>();
    expect(first.appointments).toHaveLength(2);
    expect(Object.keys(first.appointments[0] ?? {})).toEqual(
      expect.arrayContaining([
        "id",
        "patientName",
        "patientAge",
        "reasonForConsultation",
        "appointmentDate",
        "appointmentTime",
        "status",
        "paymentStatus",
      ]),
    );
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = [...first.appointments];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (
        await admin("GET", `/api/appointments?limit=2&cursor=${cursor}`)
      ).json<AdminAppointmentPage>();
      seen.push(...page.appointments);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((a) => a.id)).size).toBe(5);
    const times = seen.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await admin("GET", "/api/appointments?cursor=garbage")).statusCode).toBe(400);
  });

  it("splits appointments into upcoming (soonest first), past and cancelled lists, a page at a time", async () => {
    // Now is 10:00 UTC on 21 November: 15:30 in India. The test of the figures left appointments of today and
    // tomorrow, among them a hold that lapses at 10:15 UTC; these are added around them.
    const base = {
      patientEmail: "v@example.org",
      patientPhone: "9845012345",
      patientAge: 4,
      reasonForConsultation: "Views",
      fee: 2000,
      amount: 2000,
      holdExpiresAt: new Date("2026-11-20T10:15:00Z"),
    };
    await t.database.db.insert(appointments).values([
      {
        ...base,
        patientName: "Past One",
        appointmentDate: "2026-11-19",
        appointmentTime: "19:00",
        status: "confirmed",
        paymentStatus: "paid",
      },
      {
        ...base,
        patientName: "Past Two",
        appointmentDate: "2026-11-20",
        appointmentTime: "19:40",
        status: "completed",
        paymentStatus: "paid",
      },
      {
        ...base,
        patientName: "Later",
        appointmentDate: "2026-11-25",
        appointmentTime: "20:00",
        status: "confirmed",
        paymentStatus: "paid",
      },
      {
        ...base,
        patientName: "Declined",
        appointmentDate: "2026-11-24",
        appointmentTime: "20:00",
        status: "cancelled",
        paymentStatus: "failed",
      },
    ]);
    const view = async (name: string, query = "") =>
      (await admin("GET", `/api/appointments?view=${name}${query}`)).json<AdminAppointmentViewPage>();
    const all = async (name: string) => {
      const seen: AdminAppointment[] = [];
      let page = await view(name, "&limit=2");
      seen.push(...page.appointments);
      while (page.nextCursor) {
        page = await view(name, `&limit=2&cursor=${encodeURIComponent(page.nextCursor)}`);
        seen.push(...page.appointments);
      }
      expect(seen).toHaveLength(page.total);
      return seen.map((a) => `${a.appointmentDate} ${a.appointmentTime} ${a.patientName}`);
    };
    const upcoming = await view("upcoming");
    expect(upcoming).toMatchObject({ view: "upcoming", today: "2026-11-21" });
    expect(await all("upcoming")).toEqual([
      "2026-11-21 19:00 Today Paid",
      "2026-11-21 19:20 Today Paid",
      // A hold counts while it lasts: the slot is taken until the payment is made or the hold lapses.
      "2026-11-21 19:40 Today Pending",
      "2026-11-22 19:00 Tomorrow Coupon",
      "2026-11-25 20:00 Later",
    ]);
    expect(await all("past")).toEqual(["2026-11-20 19:40 Past Two", "2026-11-19 19:00 Past One"]);
    // Cancelled and refunded ones, and holds that lapsed: "Today Pending" moves here once its hold has lapsed.
    const cancelled = await all("cancelled");
    expect(cancelled).toEqual(["2026-11-24 20:00 Declined", "2026-11-22 19:20 Refunded Late"]);
    clock.set("2026-11-21T10:16:00Z");
    cookie = await signInAsAdmin(t.app);
    expect(await all("cancelled")).toContain("2026-11-21 19:40 Today Pending");
    clock.set("2026-11-21T10:00:00Z");
    expect((await admin("GET", "/api/appointments?view=upcoming&cursor=garbage")).statusCode).toBe(400);
    // A cursor of the right shape with an impossible date or time is forged too, and must not reach the query.
    const id = "730750c5-eeb7-4793-8762-2246175f1a10";
    for (const forged of [`2026-02-30_19:00_${id}`, `0000-00-00_00:00_${id}`, `2026-11-29_25:00_${id}`]) {
      const answer = await admin("GET", `/api/appointments?view=past&cursor=${forged}`);
      expect(answer.statusCode, forged).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe("The cursor is not one this list gave out");
    }
    expect((await admin("GET", "/api/appointments?view=someday")).statusCode).toBe(400);

    // Each row opens the appointment's details with the messages about it.
    const row = upcoming.appointments[0];
    const details = await admin("GET", `/api/admin/appointments/${row?.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json<AdminAppointmentDetails>()).toMatchObject({
      appointment: { id: row?.id, patientName: "Today Paid", patientEmail: "p@example.org" },
      messages: [],
    });
    expect(
      (await admin("GET", "/api/admin/appointments/6f1c7a52-0000-4000-8000-000000000000")).statusCode,
    ).toBe(404);
    expect((await admin("GET", "/api/admin/appointments/nonsense")).statusCode).toBe(404);
  });

  it("tests notifications: a room and each channel's result for a confirmed appointment, 404 for an unknown one", async () => {
    const [confirmed] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.status, "confirmed"))
      .limit(1);
    const result = await admin("POST", `/api/test-notifications/${confirmed?.id}`, {});
    expect(result.statusCode).toBe(200);
    const channels = result.json<NotificationTestResult>();
    expect(channels.videoRoom).toEqual({ success: true });
    // Neither channel is set up here: each message is written to a file, a success of its own kind.
    for (const channel of [
      channels.emailPatient,
      channels.emailDoctor,
      channels.whatsappPatient,
      channels.whatsappDoctor,
    ]) {
      expect(channel).toMatchObject({ success: true, delivery: "written_to_file" });
      expect(channel.note).toMatch(/^Written to file \((e-mail|WhatsApp) not configured\)$/);
    }
    // The 8-character booking id names the same appointment.
    const byBookingId = await admin("POST", `/api/test-notifications/%23${confirmed?.id.slice(0, 8)}`, {});
    expect(byBookingId.json<NotificationTestResult>().emailPatient.delivery).toBe("written_to_file");
    const [pending] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.status, "pending_payment"))
      .limit(1);
    const unpaid = (
      await admin("POST", `/api/test-notifications/${pending?.id}`, {})
    ).json<NotificationTestResult>();
    expect(unpaid.videoRoom.error).toContain("Only a confirmed appointment has a video room");
    const unknown = await admin("POST", "/api/test-notifications/6f1c7a52-0000-4000-8000-000000000000", {});
    expect(unknown.statusCode).toBe(404);
    expect((await admin("POST", "/api/test-notifications/nonsense", {})).statusCode).toBe(404);
  });

  it("lists reschedule requests from their table", async () => {
    expect((await admin("GET", "/api/admin/reschedule-requests")).json()).toEqual({ requests: [] });
  });

  it("reports missing Cashfree credentials by name", async () => {
    const status = (await admin("GET", "/api/admin/cashfree-test")).json<GatewayDiagnostic>();
    expect(status).toEqual({
      provider: "simulator",
      isInitialized: false,
      environment: "sandbox",
      hasAppId: false,
      hasSecretKey: false,
      appIdPrefix: null,
      testOrderError: null,
      testOrderResult: null,
    });
    const test = (await admin("POST", "/api/admin/cashfree-test", {})).json<GatewayDiagnostic>();
    expect(test.testOrderError).toContain("CASHFREE_APP_ID and CASHFREE_SECRET_KEY");
  });
});

describe("gateway diagnostic with Cashfree configured", () => {
  const secretKey = "cfsk_ma_test_never_shown";
  const cashfree = useInSuite(() => startCashfreeStandIn({ appId: "TEST4242abcd", secretKey }));
  const t = useTestApp("pglite", () => ({
    env: { ...cashfreeEnv(cashfree), PUBLIC_BASE_URL: "http://localhost:80" },
  }));

  it("creates a ₹1 test order and never returns the secret", async () => {
    const cookie = await signInAsAdmin(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/cashfree-test",
      payload: {},
      headers: { cookie, origin },
    });
    const diagnostic = response.json<GatewayDiagnostic>();
    expect(diagnostic).toMatchObject({
      isInitialized: true,
      environment: "sandbox",
      hasAppId: true,
      hasSecretKey: true,
      appIdPrefix: "TEST",
      testOrderError: null,
      testOrderResult: { success: true, hasPaymentSessionId: true },
    });
    expect(response.body).not.toContain(secretKey);
    expect(response.body).not.toContain("TEST4242abcd");
    const order = cashfree.requests.find(
      (request) => request.path === "/pg/orders" && request.method === "POST",
    );
    expect(order?.body).toMatchObject({ order_amount: 1 });
  });
});
