import { describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { testEngines, useTestApp } from "../../testing/test-app";

const valid = {
  name: "Priya Sharma",
  email: "priya.sharma@example.org",
  phone: "+91 98765 43210",
  subject: "",
  message: "My son has a heart murmur. Can we consult online?",
  source: "home",
};

describe.each(testEngines)("contact API on %s", (engine) => {
  const t = useTestApp(engine);
  let address = 0;
  // Each test speaks from its own address so the hourly limit of one test does not spill into another.
  const from = () => `10.0.0.${++address}`;

  const post = (payload: unknown, remoteAddress = from()) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress });

  it("stores a valid message and answers 201", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Priya Sharma", email: valid.email, source: "home" }),
    ]);
  });

  it("rejects bad input with a readable message and per-field issues, storing nothing", async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const response = await post({ ...valid, name: "  ", email: "not-an-email", message: "" });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Full name is required" },
        { path: "email", message: "Please enter a valid email address" },
        { path: "message", message: "Message is required" },
      ]),
    );
    expect(body.message).toContain("Full name is required");
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("takes no phone, or a mobile number kept in E.164, and refuses a number WhatsApp cannot use", async () => {
    for (const phone of ["1234567890", "----------", "+91 80 4123 4567", "98450-12"]) {
      const refused = await post({ ...valid, phone });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json<{ issues: unknown[] }>().issues).toEqual([
        { path: "phone", message: "Please enter a valid phone number" },
      ]);
    }
    const stored = async (phone: string | undefined, message: string) => {
      const response = await post({ ...valid, phone, message });
      expect(response.statusCode, response.body).toBe(201);
      const rows = await t.database.db.select().from(contactMessages);
      return rows.find((row) => row.message === message)?.phone;
    };
    expect(await stored("098765-43210", "Typed with a leading 0")).toBe("+919876543210");
    expect(await stored("+971 50 123 4567", "From abroad")).toBe("+971501234567");
    expect(await stored("", "No phone given")).toBe("");
    expect(await stored(undefined, "No phone field at all")).toBe("");
  });

  it("requires a subject on the Contact Us page form", async () => {
    const response = await post({ ...valid, source: "contact-page", subject: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: unknown[] }>().issues).toEqual([
      { path: "subject", message: "Subject is required" },
    ]);
  });

  it("answers a non-JSON body with 400 or 415 and a readable message, never 500", async () => {
    const postAs = (contentType: string, payload: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload,
        headers: { "content-type": contentType },
        remoteAddress: from(),
      });
    const garbled = await postAs("application/json", "{not json");
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<{ message: string }>().message).toBe("The request body is not valid JSON.");
    const form = await postAs("application/x-www-form-urlencoded", "name=x");
    expect(form.statusCode).toBe(415);
  });

  it("accepts but does not keep a message whose honeypot field is filled", async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const response = await post({ ...valid, website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("allows five messages an hour from one address, then 429 with a readable message and Retry-After", async () => {
    const address = from();
    for (let i = 0; i < 5; i++) expect((await post(valid, address)).statusCode).toBe(201);
    const limited = await post(valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/try again in \d+ minutes/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post(valid)).statusCode).toBe(201);
  });

  it("sends a form posted without script back to its own page at the form, saying whether it went", async () => {
    const remoteAddress = from();
    const postForm = (fields: Record<string, string>, source: string) =>
      t.app.inject({
        method: "POST",
        url: `/contact?source=${source}`,
        payload: new URLSearchParams({ ...fields, source }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        remoteAddress,
      });
    const fields = { ...valid, subject: "Report review" } as Record<string, string>;
    const sent = await postForm(fields, "contact-page");
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/contact-us?contact=sent#contact-form");
    const invalid = await postForm({ ...fields, email: "not an address" }, "home");
    expect(invalid.headers.location).toBe("/?contact=failed#contact");
    for (let i = 0; i < 3; i++) await postForm(fields, "contact-page");
    // The sixth in the hour is refused before its body is read; the page it came from is in the form's address.
    const limited = await postForm(fields, "contact-page");
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toBe("/contact-us?contact=limited#contact-form");
  });

  it("never writes the sender's name, e-mail, phone or message to the logs", async () => {
    await post({
      ...valid,
      name: "Zebulon Quixote",
      email: "zq.private@example.org",
      phone: "+91 99999 12345",
    });
    const log = t.logs.join("");
    expect(log).toContain("/api/contact");
    for (const secret of ["Zebulon", "zq.private", "99999 12345", "heart murmur"])
      expect(log).not.toContain(secret);
  });
});
