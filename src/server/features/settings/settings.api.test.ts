import { request as httpRequest } from "node:http";
import { deflateSync } from "node:zlib";
import { slotStart } from "@shared/clinic-time";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedAppointment, PublicConfig } from "@shared/booking";
import type { Coupon, SettingsChange } from "@shared/practice-settings";
import { sampleProfile } from "@shared/sample-profile";
import type { SiteProfile } from "@shared/site-profile";
import {
  bookingPayload,
  bookPaidAppointment,
  createTestApp,
  payOnSimulator,
  signInAsAdmin,
  TEST_ORIGIN,
  testClock,
  testEngines,
  type TestApp,
  useTestApp,
} from "../../testing/test-app";
import { textOfPdf } from "../../testing/pdf-text";
import { multipartFile } from "../../testing/multipart";

/** A photo as a phone's camera gives one: 1200 by 1600 px, with EXIF saying where it was taken. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#3b7ea1" } })
    .withExif({ IFD0: { ImageDescription: "Taken at 12 Temple Road, Mysuru" } })
    .jpeg()
    .toBuffer();

/** The head of a PNG claiming 20,000 by 20,000 px (a decompression bomb's shape) with no image after it. */
function bombHead(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
  ]);
}

// 10:00 UTC on Saturday 21 November 2026 is 15:30 in India.
const clock = testClock("2026-11-21T10:00:00Z");

/** The sample profile with the doctor's own words in every part a new doctor replaces. */
function ownProfile(name: string): Omit<SiteProfile, "doctor"> & { doctor: Record<string, unknown> } {
  const { photoUrl: _photo, signatureImage: _signature, ...doctor } = sampleProfile.doctor;
  return {
    ...sampleProfile,
    doctor: {
      ...doctor,
      name,
      shortName: "Dr. S. Kulkarni",
      registration: { number: "KMC 45678", council: "Karnataka Medical Council" },
    },
    seo: { title: `${name} | Paediatric Cardiologist in Mysuru`, description: "Heart care for children." },
    contact: { ...sampleProfile.contact, email: "clinic@kulkarni.example" },
    social: [{ network: "instagram", url: "https://instagram.com/drkulkarni" }],
  };
}

describe.each(testEngines)("the doctor's settings on %s", (engine) => {
  const t = useTestApp(engine, { now: clock.now, env: { COUPON_CODE: "HEART10", COUPON_FEE: "1500" } });
  let cookie: string;
  let address = 0;

  beforeAll(async () => {
    cookie = await signInAsAdmin(t.app);
  });

  const admin = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
  const postCoupon = (coupon: object) => admin("POST", "/api/admin/coupons", coupon);
  const publicConfig = async () =>
    (await t.app.inject({ method: "GET", url: "/api/config" })).json<PublicConfig>();
  const validate = async (code: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/coupons/validate",
        payload: { code },
        remoteAddress: `10.9.0.${++address}`,
      })
    ).json<{ valid: boolean; fee: number; discount: number }>();
  const book = (changes: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: bookingPayload(changes),
      remoteAddress: `10.9.1.${++address}`,
    });
  const history = async () =>
    (await admin("GET", "/api/admin/settings/history")).json<{ changes: SettingsChange[] }>().changes;
  const coupons = async () =>
    (await admin("GET", "/api/admin/coupons")).json<{ coupons: Coupon[] }>().coupons;

  it("answers no settings route without a session, nor from another site", async () => {
    const routes: Array<[string, string, object?]> = [
      ["GET", "/api/admin/profile"],
      ["PUT", "/api/admin/profile", ownProfile("Dr. Intruder")],
      ["GET", "/api/admin/fees"],
      ["PUT", "/api/admin/fees", { consultationFee: 1 }],
      ["GET", "/api/admin/coupons"],
      ["POST", "/api/admin/coupons", { code: "FREE", kind: "fee", value: 1 }],
      ["PATCH", "/api/admin/coupons/7f1c0a52-5b7e-4a55-9d57-8f0e3b0c2a11", { active: false }],
      ["DELETE", "/api/admin/coupons/7f1c0a52-5b7e-4a55-9d57-8f0e3b0c2a11"],
      ["GET", "/api/admin/settings/history"],
      ["PUT", "/api/admin/profile/photo", {}],
      ["PUT", "/api/admin/profile/signature", {}],
      ["GET", "/api/admin/profile/signature"],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method: method as "GET", url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      if (method !== "GET") {
        const elsewhere = await t.app.inject({
          method: method as "POST",
          url,
          headers: { cookie, origin: "https://evil.example" },
          ...(payload ? { payload } : {}),
        });
        expect(elsewhere.statusCode, `${method} ${url} from another site`).toBe(403);
      }
    }
    expect(await publicConfig()).toMatchObject({ consultationFee: 2000, couponAvailable: true });
    expect(await history()).toEqual([]);
  });

  it("starts from the server's fee and coupon, which seed a new database", async () => {
    expect((await admin("GET", "/api/admin/fees")).json()).toEqual({ consultationFee: 2000, followUp: null });
    expect(await coupons()).toEqual([
      expect.objectContaining({ code: "HEART10", kind: "fee", value: 1500, active: true, uses: 0 }),
    ]);
    const profile = (await admin("GET", "/api/admin/profile")).json<{ profile: SiteProfile }>();
    expect(profile).toEqual({ profile: sampleProfile, savedInDashboard: false });
  });

  it("refuses a wrong profile with each field's message and keeps the one shown", async () => {
    const wrong = ownProfile("");
    wrong.contact = { ...wrong.contact, email: "not an address" };
    wrong.social = [{ network: "facebook", url: "javascript:alert(1)" }];
    const answer = await admin("PUT", "/api/admin/profile", wrong);
    expect(answer.statusCode).toBe(400);
    const paths = answer.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["doctor.name", "contact.email", "social.0.url"]));
    // Each wrong field is named once, with one message.
    expect(paths.filter((path) => path === "social.0.url")).toHaveLength(1);
    for (const url of ["#", "http://instagram.com/x", "https://"]) {
      const link = await admin("PUT", "/api/admin/profile", {
        ...ownProfile("Dr. A"),
        social: [{ network: "instagram", url }],
      });
      expect(link.json<{ issues: { path: string; message: string }[] }>().issues, url).toEqual([
        { path: "social.0.url", message: "Enter the full address, starting with https://" },
      ]);
    }
    expect((await admin("GET", "/api/admin/profile")).json()).toMatchObject({ savedInDashboard: false });
    expect(await history()).toEqual([]);
  });

  it("refuses half a surrogate pair in any field with a 400, not a database error", async () => {
    const answer = await t.app.inject({
      method: "PUT",
      url: "/api/admin/profile",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify(ownProfile("Dr X")).replace('"Dr X"', '"Dr \\ud800 X"'),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message:
        "The request contains text that is not valid Unicode (half of a surrogate pair), which no field accepts.",
    });
    expect(await history()).toEqual([]);
  });

  it("saves the profile, shows it on the public pages at once and keeps it in the history", async () => {
    const before = await t.app.inject({ method: "GET", url: "/" });
    expect(before.body).toContain(sampleProfile.doctor.name);
    const saved = await admin("PUT", "/api/admin/profile", {
      ...ownProfile("Dr. Sunita Kulkarni"),
      doctor: { ...ownProfile("Dr. Sunita Kulkarni").doctor, signatureImage: "/etc/passwd" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ profile: SiteProfile }>().profile.doctor).not.toHaveProperty("signatureImage");
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.body).toContain("Dr. Sunita Kulkarni");
    expect(page.body).not.toContain(sampleProfile.doctor.name);
    expect((await admin("GET", "/api/admin/profile")).json()).toMatchObject({
      savedInDashboard: true,
      profile: { doctor: { name: "Dr. Sunita Kulkarni" } },
    });
    const [change] = await history();
    expect(change).toMatchObject({
      subject: "profile",
      label: "Profile",
      before: { doctor: { name: sampleProfile.doctor.name } },
      after: { doctor: { name: "Dr. Sunita Kulkarni" } },
    });
  });

  it("takes a photo, made into the sizes and formats the pages show, and refuses what is not one", async () => {
    const put = (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/profile/photo",
        headers: { cookie, origin: TEST_ORIGIN, ...headers },
        payload,
      });
    const notAnImage = await put(Buffer.from("%PDF-1.7 not a photo"), { "content-type": "image/png" });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json()).toMatchObject({ message: "The photo must be a JPEG, PNG or WebP image" });
    const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await put(tiny, { "content-type": "image/png" })).json()).toMatchObject({
      message: "The photo must be at least 480 pixels wide",
    });
    expect((await put(bombHead(), { "content-type": "image/png" })).json()).toMatchObject({
      message: "The photo has too many pixels: at most 40 megapixels",
    });
    const huge = await put(Buffer.alloc(9 * 1024 * 1024, 1), { "content-type": "image/jpeg" });
    expect(huge.statusCode).toBe(413);
    expect((await put(Buffer.from("{}"), { "content-type": "application/json" })).statusCode).toBe(415);
    expect((await put(Buffer.alloc(0), { "content-type": "image/png" })).json()).toMatchObject({
      message: "The photo must be a JPEG, PNG or WebP image",
    });
    const overByOne = await put(Buffer.alloc(8 * 1024 * 1024 + 1, 1), { "content-type": "image/jpeg" });
    expect(overByOne.statusCode).toBe(413);

    const photo = await cameraPhoto();
    const upload = multipartFile("IMG_2041.jpg", photo, "image/jpeg");
    const saved = await put(upload.payload, upload.headers);
    expect(saved.statusCode).toBe(200);
    const { doctor } = saved.json<{ profile: SiteProfile }>().profile;
    expect(doctor.photoUrl).toMatch(/^\/media\/photo-[0-9a-f]{12}\.jpg$/);
    const version = doctor.photo?.version ?? "";
    const jpeg = await t.app.inject({ method: "GET", url: doctor.photoUrl ?? "" });
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(jpeg.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const shown = await sharp(jpeg.rawPayload).metadata();
    expect(shown).toMatchObject({ width: 960, height: 720 });
    // Where a phone's photo was taken is not published with it.
    expect(shown.exif).toBeUndefined();
    for (const [size, format] of [
      [480, "avif"],
      [960, "webp"],
    ] as const) {
      const image = await t.app.inject({ method: "GET", url: `/media/photo-${version}-${size}.${format}` });
      expect(image.headers["content-type"]).toBe(`image/${format}`);
      expect((await sharp(image.rawPayload).metadata()).width).toBe(size);
    }
    expect((await t.app.inject({ method: "GET", url: "/media/photo-000000000000.jpg" })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/media/..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
    // The hero shows it, and a later profile save keeps it.
    expect((await t.app.inject({ method: "GET", url: "/" })).body).toContain(doctor.photoUrl);
    const profile = (await admin("GET", "/api/admin/profile")).json<{ profile: SiteProfile }>().profile;
    const { photoUrl: _url, photo: _photo, signatureImage: _signature, ...fields } = profile.doctor;
    await admin("PUT", "/api/admin/profile", { ...profile, doctor: fields });
    expect((await admin("GET", "/api/admin/profile")).json()).toMatchObject({
      profile: { doctor: { photoUrl: doctor.photoUrl, photo: { version } } },
    });
    expect((await history()).some((change) => change.label === "Photo")).toBe(true);
  });

  it("takes the signature printed on prescriptions, PNG or JPEG only", async () => {
    const put = (payload: Buffer, type: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/profile/signature",
        headers: { cookie, origin: TEST_ORIGIN, "content-type": type },
        payload,
      });
    expect((await admin("GET", "/api/admin/profile/signature")).statusCode).toBe(404);
    const webp = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect((await put(webp, "image/webp")).json()).toMatchObject({
      message: "The signature must be a PNG or JPEG image",
    });
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#0000" } })
      .png()
      .toBuffer();
    expect((await put(png, "image/png")).statusCode).toBe(200);
    const shown = await admin("GET", "/api/admin/profile/signature");
    expect(shown.headers["content-type"]).toBe("image/png");
    // Drawn again on white: nothing for the PDF maker to decode slowly, nothing of the file sent.
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ width: 300, height: 100, channels: 3 });

    const broken = Buffer.concat([png.subarray(0, 8), Buffer.from("<html><script>alert(1)</script></html>")]);
    expect((await put(broken, "image/png")).json()).toMatchObject({
      message: "The signature must be a PNG or JPEG image",
    });
    expect((await put(Buffer.alloc(0), "image/png")).statusCode).toBe(400);
    const scanned = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#fff" } })
      .withExif({ IFD0: { Artist: "Taken at 12 Temple Road" } })
      .jpeg()
      .toBuffer();
    expect((await put(scanned, "image/jpeg")).statusCode).toBe(200);
    const small = await admin("GET", "/api/admin/profile/signature");
    const drawn = await sharp(small.rawPayload).metadata();
    expect(drawn).toMatchObject({ format: "png", width: 400, height: 400 });
    expect(drawn.exif).toBeUndefined();
    const signatureChanges = (await history()).filter((change) => change.subject === "signature");
    expect(signatureChanges.at(-1)).toMatchObject({ label: "Signature", before: null });
  });

  it("refuses wrong fees and changes the price of new bookings only", async () => {
    for (const fees of [{ consultationFee: 0 }, { consultationFee: 12.5 }, { consultationFee: "2500" }, {}]) {
      const answer = await admin("PUT", "/api/admin/fees", fees);
      expect(answer.statusCode, JSON.stringify(fees)).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/fee/i);
    }
    const held = (await book({ appointmentTime: "19:00" })).json<{ appointment: CreatedAppointment }>()
      .appointment;
    expect(held.amount).toBe(2000);
    expect((await admin("PUT", "/api/admin/fees", { consultationFee: 2500 })).statusCode).toBe(200);
    expect(await publicConfig()).toMatchObject({ consultationFee: 2500 });
    const later = (await book({ appointmentTime: "19:20", patientPhone: "+91 98450 22222" })).json<{
      appointment: CreatedAppointment;
    }>().appointment;
    expect(later).toMatchObject({ amount: 2500, originalFee: 2500 });
    // The hold made before the change is paid at the price it was held at.
    await payOnSimulator(t.app, held.id);
    const listed = (await admin("GET", "/api/appointments")).json<{
      appointments: { id: string; amount: number }[];
    }>();
    expect(listed.appointments.find((row) => row.id === held.id)?.amount).toBe(2000);
    expect((await history())[0]).toMatchObject({
      subject: "fees",
      before: { consultationFee: 2000, followUp: null },
      after: { consultationFee: 2500, followUp: null },
    });
  });

  it("keeps coupons: a fee or an amount off, a window, a use limit, once per phone, on or off", async () => {
    const wrong = await postCoupon({
      code: "no spaces!",
      kind: "fee",
      value: -5,
      validFrom: "2026-12-10",
      validUntil: "2026-12-01",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["code", "value"]),
    );
    const backwards = await postCoupon({
      code: "LATE",
      kind: "fee",
      value: 100,
      validFrom: "2026-12-10",
      validUntil: "2026-12-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ issues: [{ path: "validUntil" }] });
    // A coupon fee at or above the consultation fee would be "applied" and take nothing off.
    const fee = (await publicConfig()).consultationFee;
    const above = await postCoupon({ code: "NOTLESS", kind: "fee", value: fee });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      issues: [
        {
          path: "value",
          message: `A coupon's fee must be below the consultation fee (₹${fee.toLocaleString("en-IN")})`,
        },
      ],
    });

    const camp = await postCoupon({
      code: " camp-500 ",
      kind: "amountOff",
      value: 500,
      maxUses: 1,
      validUntil: "2026-11-30",
    });
    expect(camp.statusCode).toBe(201);
    const campCoupon = camp.json<{ coupon: Coupon }>().coupon;
    expect(campCoupon).toMatchObject({ code: "CAMP-500", uses: 0, active: true });
    const duplicate = await postCoupon({ code: "camp-500", kind: "fee", value: 10 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: "A coupon with this code already exists" });
    const soon = await postCoupon({
      code: "NEWYEAR",
      kind: "fee",
      value: 999,
      validFrom: "2027-01-01",
    });
    expect(soon.statusCode).toBe(201);

    expect(await validate("camp-500")).toEqual({ valid: true, fee: 2000, discount: 500 });
    expect(await validate("NEWYEAR")).toEqual({ valid: false, fee: 2500, discount: 0 });
    expect(await validate("HEART10")).toEqual({ valid: true, fee: 1500, discount: 1000 });

    const first = await book({
      appointmentTime: "19:40",
      patientPhone: "+91 98450 33333",
      couponCode: "camp-500",
    });
    expect(first.json<{ appointment: CreatedAppointment }>().appointment).toMatchObject({
      amount: 2000,
      couponApplied: true,
    });
    const usedUp = await book({
      appointmentTime: "20:00",
      patientPhone: "+91 98450 44444",
      couponCode: "CAMP-500",
    });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json()).toMatchObject({
      message: "This coupon has been used up. Remove the coupon to book at the full fee.",
    });
    expect(await validate("CAMP-500")).toMatchObject({ valid: false });

    const heart = await book({
      appointmentTime: "20:00",
      patientPhone: "+91 98450 55555",
      couponCode: "HEART10",
    });
    expect(heart.statusCode).toBe(201);
    const again = await book({
      appointmentDate: "2026-11-24",
      appointmentTime: "19:00",
      patientPhone: "+91 98450 55555",
      couponCode: "HEART10",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message:
        "This coupon has already been used for a booking with this phone number. Remove the coupon to book at the full fee.",
    });

    const listed = await coupons();
    expect(listed.map((coupon) => [coupon.code, coupon.uses])).toEqual([
      ["CAMP-500", 1],
      ["HEART10", 1],
      ["NEWYEAR", 0],
    ]);

    const heartId = listed.find((coupon) => coupon.code === "HEART10")?.id ?? "";
    const off = await admin("PATCH", `/api/admin/coupons/${heartId}`, { active: false });
    expect(off.json<{ coupon: Coupon }>().coupon).toMatchObject({ active: false, uses: 1 });
    expect(await validate("HEART10")).toMatchObject({ valid: false });
    const crossed = await admin("PATCH", `/api/admin/coupons/${campCoupon.id}`, { validFrom: "2026-12-31" });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({
      message: "The last day must not be before the first",
      issues: [{ path: "validUntil", message: "The last day must not be before the first" }],
    });
    expect((await admin("PATCH", `/api/admin/coupons/${campCoupon.id}`, {})).statusCode).toBe(400);
    const impossible = await postCoupon({
      code: "FEB30",
      kind: "fee",
      value: 100,
      validFrom: "2026-02-30",
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toMatchObject({
      issues: [{ path: "validFrom", message: "This date does not exist" }],
    });
    // Uses are the bookings' codes: a used coupon keeps its code and its place in the list.
    const renamed = await admin("PATCH", `/api/admin/coupons/${campCoupon.id}`, { code: "CAMP-600" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ issues: [{ path: "code" }] });
    const removedUsed = await admin("DELETE", `/api/admin/coupons/${campCoupon.id}`);
    expect(removedUsed.statusCode).toBe(409);
    expect(removedUsed.json()).toMatchObject({
      message: "A coupon that has been used stays in the list with its uses: turn it off instead",
    });
    expect((await admin("PATCH", `/api/admin/coupons/${campCoupon.id}`, { active: false })).statusCode).toBe(
      200,
    );
    const newYear = listed.find((coupon) => coupon.code === "NEWYEAR")?.id ?? "";
    expect((await admin("PATCH", `/api/admin/coupons/${newYear}`, { code: "NEWYEAR-2027" })).statusCode).toBe(
      200,
    );
    expect((await admin("DELETE", `/api/admin/coupons/${newYear}`)).statusCode).toBe(204);
    expect((await admin("DELETE", `/api/admin/coupons/${newYear}`)).statusCode).toBe(404);
    expect((await admin("PATCH", "/api/admin/coupons/not-an-id", { active: true })).statusCode).toBe(400);
    // Nothing usable today: the booking dialog hides its coupon box.
    expect(await publicConfig()).toMatchObject({ couponAvailable: false });
    // The code is never sent to the browser.
    expect(JSON.stringify(await publicConfig())).not.toContain("NEWYEAR");

    const labels = (await history()).map((change) => change.label);
    expect(labels.slice(0, 7)).toEqual([
      "Coupon NEWYEAR-2027 removed",
      "Coupon NEWYEAR-2027 changed",
      "Coupon CAMP-500 changed",
      "Coupon HEART10 changed",
      "Coupon NEWYEAR added",
      "Coupon CAMP-500 added",
      "Fees",
    ]);
  });
});

describe.each(testEngines)("profile saves at the same moment on %s", (engine) => {
  // The real clock: the history's order is the order the saves took effect.
  const t = useTestApp(engine);

  it("keep a history in which each change starts from the one before, ending at what the site shows", async () => {
    const cookie = await signInAsAdmin(t.app);
    const names = Array.from({ length: 8 }, (_, index) => `Dr. Parallel ${index}`);
    const answers = await Promise.all(
      names.map((name) =>
        t.app.inject({
          method: "PUT",
          url: "/api/admin/profile",
          headers: { cookie, origin: TEST_ORIGIN },
          payload: ownProfile(name),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(names.map(() => 200));
    const changes = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings/history", headers: { cookie } })
    ).json<{ changes: Array<{ before: SiteProfile; after: SiteProfile }> }>().changes;
    expect(changes).toHaveLength(names.length);
    const oldestFirst = [...changes].reverse();
    expect(oldestFirst[0]?.before.doctor.name).toBe(sampleProfile.doctor.name);
    for (let index = 1; index < oldestFirst.length; index++)
      expect(oldestFirst[index]?.before.doctor.name).toBe(oldestFirst[index - 1]?.after.doctor.name);
    const shown = (
      await t.app.inject({ method: "GET", url: "/api/admin/profile", headers: { cookie } })
    ).json<{
      profile: SiteProfile;
    }>().profile;
    expect(shown.doctor.name).toBe(changes[0]?.after.doctor.name);
  });
});

describe.each(testEngines)("two servers on one %s database", (engine) => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp(engine, { now: clock.now });
    second = await createTestApp(engine, { now: clock.now, database: first.database });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it("shows the profile and fee saved on one on the other's next page", async () => {
    // Both have answered (and kept) their pages before the change.
    expect((await second.app.inject({ method: "GET", url: "/" })).body).toContain(sampleProfile.doctor.name);
    expect((await second.app.inject({ method: "GET", url: "/api/config" })).json()).toMatchObject({
      consultationFee: 2000,
    });
    const cookie = await signInAsAdmin(first.app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const put = (url: string, payload: object) => first.app.inject({ method: "PUT", url, headers, payload });
    expect((await put("/api/admin/profile", ownProfile("Dr. Sunita Kulkarni"))).statusCode).toBe(200);
    expect((await put("/api/admin/fees", { consultationFee: 1800 })).statusCode).toBe(200);
    await expect
      .poll(async () => (await second.app.inject({ method: "GET", url: "/" })).body, { timeout: 5000 })
      .toContain("Dr. Sunita Kulkarni");
    await expect
      .poll(async () => (await second.app.inject({ method: "GET", url: "/api/config" })).json<PublicConfig>())
      .toMatchObject({ consultationFee: 1800 });
  });
});

describe.each(testEngines)("the signature on prescriptions on %s", (engine) => {
  const prescriptionClock = testClock("2026-11-21T10:00:00Z");
  const t = useTestApp(engine, { now: prescriptionClock.now });

  it("prints the signature uploaded in Settings instead of the electronic-signature sentence", async () => {
    const { id } = await bookPaidAppointment(t.app, {
      appointmentDate: "2026-11-23",
      appointmentTime: "19:00",
    });
    // A prescription is issued once the consultation has started.
    prescriptionClock.set(
      new Date(slotStart("2026-11-23", "19:00", "Asia/Kolkata").getTime() + 10 * 60_000).toISOString(),
    );
    const cookie = await signInAsAdmin(t.app);
    const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object | Buffer, type?: string) =>
      t.app.inject({
        method,
        url,
        headers: { cookie, origin: TEST_ORIGIN, ...(type ? { "content-type": type } : {}) },
        ...(payload ? { payload } : {}),
      });
    const issued = await admin("POST", `/api/admin/appointments/${id}/prescriptions`, {
      patientSex: "female",
      weightKg: 17.5,
      diagnosis: "Innocent murmur",
      medicines: [],
      investigations: "",
      advice: "No treatment needed.",
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const pdfText = async () => {
      const pdf = await admin(
        "GET",
        `/api/admin/appointments/${id}/prescriptions/${issued.json<{ id: string }>().id}/pdf`,
      );
      return textOfPdf(pdf.rawPayload);
    };
    expect(await pdfText()).toContain("Signed electronically");
    const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await admin("PUT", "/api/admin/profile/signature", signature, "image/png")).statusCode).toBe(200);
    expect(await pdfText()).not.toContain("Signed electronically");
  });
});

describe.each(testEngines)("a photo sent slowly, on %s", (engine) => {
  const t = useTestApp(engine, { env: { REQUEST_TIMEOUT_SECONDS: "1" } });

  it("may take longer than REQUEST_TIMEOUT_SECONDS, as a phone on a slow network needs", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const cookie = await signInAsAdmin(t.app);
    const photo = await cameraPhoto();
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${base}/api/admin/profile/photo`, {
        method: "PUT",
        headers: {
          cookie,
          origin: base,
          "content-type": "image/jpeg",
          "content-length": String(photo.length),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      // About 2.5 seconds in all: ten pieces a quarter of a second apart.
      const piece = Math.ceil(photo.length / 10);
      void (async () => {
        for (let at = 0; at < photo.length; at += piece) {
          request.write(photo.subarray(at, at + piece));
          await new Promise((wait) => setTimeout(wait, 250));
        }
        request.end();
      })();
    });
    expect(Date.now() - started).toBeGreaterThan(2_000);
    expect(status).toBe(200);
  });
});
