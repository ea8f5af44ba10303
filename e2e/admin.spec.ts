import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { sampleProfile } from "../src/shared/sample-profile";
import { E2E_ADMIN_PASSWORD, logInAsAdmin, openAdminLoginDialog, openConsolePage } from "./support/admin";
import { bookAndPay, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";

/** Signs in and sees the welcome toast. */
async function logIn(page: Page): Promise<void> {
  await logInAsAdmin(page);
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
}

test("on a slow line the console says it is opening until its script runs, then shows the page", async ({
  page,
}) => {
  await logInAsAdmin(page);
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/today", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("status").filter({ hasText: "Opening your console…" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.getByText("Opening your console…")).toHaveCount(0);
  await page.unrouteAll();
});

test("a wrong password says Login Failed; the right one opens the dashboard", async ({ page }) => {
  const dialog = await openAdminLoginDialog(page);
  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  // In the toast (with its title), and under the field.
  await expect(
    dialog.getByText("The password you entered is incorrect. Please try again.", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await dialog.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  for (const card of ["Today's Appointments", "Published Articles", "Total Patients", "Total Revenue"]) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
});

test("the dashboard leads with the figures and appointments, then articles, then the tools; the outbox has its page", async ({
  page,
}) => {
  await logIn(page);
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings.filter({ hasText: "Payment Gateway" })).toBeVisible();
  const order = await headings.allTextContents();
  const at = (name: string) => order.findIndex((text) => text.trim() === name);
  const sections = [
    "Overview",
    "Recent Appointments",
    "Manage Articles",
    "Test Notifications",
    "Payment Gateway",
  ];
  for (const name of sections) expect(at(name), `${name} in ${order.join(" | ")}`).toBeGreaterThanOrEqual(0);
  const positions = sections.map(at);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  await expect(page.getByTestId("gateway-summary")).toHaveText(
    "The built-in simulator: no real money is taken.",
  );
  await openConsolePage(page, "Messages");
  // The messages show at once on their page, under a summary line that folds them away.
  await expect(page.getByTestId("outbox-summary")).toHaveText(
    /^\d+ sent, \d+ held \(channel not set up\), \d+ failing/,
  );
  const summary = page.getByRole("button", { name: /held .* failing/ });
  await expect(summary).toHaveAttribute("aria-expanded", "true");
  const intro = page.getByText(/^Confirmations, reminders, prescriptions and contact messages, newest first/);
  await expect(intro).toBeVisible();
  await summary.click();
  await expect(summary).toHaveAttribute("aria-expanded", "false");
  await expect(intro).toBeHidden();
  await summary.click();
  await expect(intro).toBeVisible();
  await expect(page.getByRole("search", { name: "Find messages" }).getByLabel("Show")).toHaveValue("all");
  // The page has an address of its own: a reload keeps the place.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
});

test("the dashboard lists a paid booking as upcoming, and its row opens the patient's details", async ({
  page,
}) => {
  await bookAndPay(
    page,
    { date: inDays(5), label: "8:20 PM" },
    {
      name: "Meera Dashboard",
      email: "meera.parent@example.org",
      age: "11",
      reason: "Chest pain on exercise",
    },
  );

  await logIn(page);
  await expect(page.getByRole("tab", { name: /^Upcoming/ })).toHaveAttribute("aria-selected", "true");
  const row = page.getByTestId("appointment-row").filter({ hasText: "Meera Dashboard" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("8:20 PM");
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Paid");
  await expect(page.getByText(/^₹\d+K$/)).toBeVisible();
  // Upcoming is soonest first.
  const dates = await page
    .getByTestId("appointment-row")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("td")?.textContent ?? ""));
  expect(dates.length).toBeGreaterThan(0);

  await row.getByRole("button", { name: "Meera Dashboard: details" }).click();
  const details = page.getByRole("dialog", { name: "Meera Dashboard" });
  for (const fact of [
    "11 years",
    "Chest pain on exercise",
    "+91 98765 43210",
    "meera.parent@example.org",
    "₹2,000 paid",
  ]) {
    await expect(details.getByText(fact, { exact: false }).first()).toBeVisible();
  }
  await expect(
    details.getByRole("link", { name: "Join Meera Dashboard's consultation as host" }),
  ).toHaveAttribute("href", /\/video-consultation\/[0-9a-f]{32}\?key=[0-9a-f]{32}$/);
  await expect(details.getByRole("list", { name: "Messages about this appointment" })).toContainText(
    "Confirmation",
  );
  await details.getByRole("button", { name: "Close dialog" }).click();

  // The other lists are a tab away; the booking is in neither.
  await page.getByRole("tab", { name: /^Past/ }).click();
  await expect(page.getByTestId("appointment-row").filter({ hasText: "Meera Dashboard" })).toHaveCount(0);
  await page.getByRole("tab", { name: /^Past/ }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: /^Cancelled/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Cancelled/ })).toBeFocused();
});

test("an article is created, edited and deleted, and the home page follows", async ({ page }) => {
  await logIn(page);
  await page.getByRole("button", { name: "Add New Article" }).click();
  const form = page.getByRole("dialog", { name: "Add New Article" });
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await form.getByLabel("Title").fill("Kawasaki Disease: What Parents Should Know");
  await form
    .getByLabel("Excerpt")
    .fill("Fever for five days, red eyes and a rash: when to think of Kawasaki disease.");
  await form.getByLabel("Content").fill("## Signs\n\n- **Fever** for five days\n- Red eyes");
  await form.getByRole("tab", { name: "Preview" }).click();
  await expect(form.locator(".article-body strong")).toHaveText("Fever");
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Created", { exact: true })).toBeVisible();

  await page.goto("/");
  const articles = page.locator("section#articles");
  await expect(articles.getByText("Kawasaki Disease: What Parents Should Know")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("button", { name: "Edit Kawasaki Disease: What Parents Should Know" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Article" });
  await expect(edit.getByLabel("Title")).toHaveValue("Kawasaki Disease: What Parents Should Know");
  await edit.getByLabel("Title").fill("Kawasaki Disease Explained");
  await edit.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Updated", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(articles.getByText("Kawasaki Disease Explained")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("button", { name: "Delete Kawasaki Disease Explained" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText(
      "This action cannot be undone. This will permanently delete the article from the system.",
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Article Deleted", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(page.locator("section#articles article").first()).toBeVisible();
  await expect(articles.getByText("Kawasaki Disease Explained")).toHaveCount(0);
});

test("the article form's image hint and its check agree: an address or a path on this site", async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole("button", { name: "Add New Article" }).click();
  const form = page.getByRole("dialog", { name: "Add New Article" });
  const image = form.getByLabel("Image URL (optional)");
  await expect(
    form.getByText(/starting with https:\/\/ or http:\/\/, or a path on this site starting with \//),
  ).toBeVisible();
  await form.getByLabel("Title").fill("Image Check");
  await form.getByLabel("Excerpt").fill("An excerpt.");
  await form.getByLabel("Content").fill("Content.");
  await image.fill("ftp://example.org/heart.png");
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(
    form.getByText("Image URL must start with http://, https:// or / (an image on this site)"),
  ).toBeVisible();
  // A path on this site, which the hint names, is accepted (the browser's own URL check would have refused it).
  await image.fill("/images/articles/heart-murmur.svg");
  await form.getByRole("checkbox", { name: /Published/ }).uncheck();
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Created", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete Image Check" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Article Deleted", { exact: true })).toBeVisible();
});

test("logout ends the session; /admin then asks for the password instead of showing data", async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  // The login dialog opens by itself over the page, which is then hidden from assistive technology.
  await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Administrator sign-in required", includeHidden: true }),
  ).toBeVisible();
  await expect(page.getByText("Today's Appointments", { exact: true })).toHaveCount(0);
});

test("the Test Notifications form asks for an id, says whom it reaches, and never reports files as sent", async ({
  page,
}) => {
  await bookAndPay(
    page,
    { date: inDays(5), label: "7:40 PM" },
    { name: "Tara Notified", email: "tara.parent@example.org" },
  );
  await logIn(page);
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(page.getByText("Validation Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter an appointment ID", { exact: true })).toBeVisible();
  await page.getByLabel("Appointment ID").fill("6f1c7a52-0000-4000-8000-000000000000");
  await expect(page.getByText("No appointment has this ID.")).toBeVisible();
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(page.getByText("Test Failed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();

  // The booking id from the list names the appointment; the test goes to the doctor unless told otherwise.
  const bookingId =
    (
      await page
        .getByTestId("appointment-row")
        .filter({ hasText: "Tara Notified" })
        .locator("td.font-mono")
        .textContent()
    )?.trim() ?? "";
  await page.getByLabel("Appointment ID").fill(bookingId);
  const preview = page.getByTestId("test-recipients");
  await expect(preview).toContainText("Tara Notified");
  await expect(preview).toContainText(`the patient's e-mail to ${sampleProfile.contact.email}`);
  await expect(preview).toContainText(
    "E-mail is not set up: its messages are written to files on the server instead.",
  );
  await page.getByLabel("The patient", { exact: true }).check();
  await expect(preview).toContainText("the patient's e-mail to tara.parent@example.org");
  await page.getByLabel("Me", { exact: true }).check();
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(
    page.getByRole("heading", { name: "Results: 0 of 4 sent, 4 written to files (channel not set up)" }),
  ).toBeVisible();
  const email = page.getByTestId("channel-emailPatient");
  await expect(email).toContainText("Written to file");
  await expect(email).toContainText(`To ${sampleProfile.contact.email}`);
  await expect(email).toContainText("Written to file (e-mail not configured)");
  // Nothing on the page names a place on the server.
  await expect(page.locator("main")).not.toContainText(/outbox\/|\.eml|\.json/);
});

test("the payment gateway page says the simulator takes the payments and which settings switch Cashfree on", async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole("link", { name: "Payment gateway" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Gateway Diagnostics" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Payments currently go through the built-in simulator" }),
  ).toBeVisible();
  await expect(page.getByText(/No card is charged and no money reaches you/)).toBeVisible();
  for (const setting of [
    "CASHFREE_APP_ID",
    "CASHFREE_SECRET_KEY",
    "CASHFREE_ENV=production",
    "PUBLIC_BASE_URL",
  ]) {
    await expect(page.getByText(setting, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Built-in simulator", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Test Connection" })).toHaveCount(0);
  await expect(page.getByText("Test Order Failed", { exact: true })).toHaveCount(0);
  await expect(page.locator("main .text-red-700")).toHaveCount(0);
});

test("the Backups line says none has been made, and Download a backup saves one the dashboard then reports", async ({
  page,
}) => {
  await logIn(page);
  const summary = page.getByTestId("backup-summary");
  await expect(summary).toContainText("No daily backup is scheduled (BACKUP_SCHEDULE).");
  // On a site that has never made one (the first run of this test on its server), the line asks for one.
  await expect(summary).toContainText(/No backup yet\.|Last backup:/);
  if ((await summary.textContent())?.includes("No backup yet."))
    await expect(summary.getByRole("alert")).toHaveText(
      "No backup has been made. Set BACKUP_SCHEDULE for a daily one, or download one now.",
    );
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download a backup" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^clinic-backup-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
  const file = await saved.path();
  // A gzipped tar: standard tools open it.
  expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await page.reload();
  await expect(summary).toContainText(/Last backup: Succeeded, .* (KB|MB) \(downloaded\)\./);
  await expect(summary.getByRole("alert")).toHaveCount(0);
  await screenshots(page, "dashboard-backups", page.getByRole("region", { name: "Backups" }));
});

test("the doctor translates an article into Kannada; the Kannada pages show it, the Hindi ones the English", async ({
  page,
}) => {
  const title = `Fainting in Teenagers ${test.info().repeatEachIndex}`;
  const kannadaTitle = `ಹದಿಹರೆಯದವರಲ್ಲಿ ಮೂರ್ಛೆ ${test.info().repeatEachIndex}`;
  await logIn(page);
  await page.getByRole("button", { name: "Add New Article" }).click();
  const form = page.getByRole("dialog", { name: "Add New Article" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Excerpt").fill("Most fainting in teenagers is harmless; a few signs are not.");
  await form.getByLabel("Content").fill("## When to worry\n\nFainting **during exercise** needs a check.");
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Created", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Translate ${title}` }).click();
  const translate = page.getByRole("dialog", { name: "Translate Article" });
  await translate.getByRole("radio", { name: /^Kannada/ }).check();
  await translate.getByRole("button", { name: "Save Translation" }).click();
  await expect(translate.getByText("Title is required")).toBeVisible();
  await translate.getByLabel("Title").fill(kannadaTitle);
  await translate.getByLabel("Excerpt").fill("ಹೆಚ್ಚಿನ ಮೂರ್ಛೆ ನಿರುಪದ್ರವಿ; ಕೆಲವು ಲಕ್ಷಣಗಳು ಹಾಗಲ್ಲ.");
  await translate.getByLabel("Content").fill("## ಯಾವಾಗ ಚಿಂತಿಸಬೇಕು\n\n**ವ್ಯಾಯಾಮದ ಸಮಯದಲ್ಲಿ** ಮೂರ್ಛೆ ಹೋದರೆ ಪರೀಕ್ಷೆ ಬೇಕು.");
  await expect(translate.getByLabel("Title")).toHaveAttribute("lang", "kn");
  await screenshots(page, "article-translation", translate);
  await translate.getByRole("button", { name: "Save Translation" }).click();
  await expect(page.getByText("Translation Saved", { exact: true })).toBeVisible();
  await expect(page.getByTestId("admin-article-row").filter({ hasText: title })).toContainText("ಕನ್ನಡ");

  await page.goto("/kn/");
  const card = page.locator("section#articles article", { hasText: kannadaTitle });
  await expect(card).toBeVisible();
  await expect(card.locator('[lang="en"]')).toHaveCount(0);
  await card.getByRole("link", { name: kannadaTitle }).click();
  await expect(page.getByRole("heading", { level: 1, name: kannadaTitle })).toBeVisible();
  await expect(page.locator("strong", { hasText: "ವ್ಯಾಯಾಮದ ಸಮಯದಲ್ಲಿ" })).toBeVisible();
  await page.goto("/hi/");
  const english = page.locator("section#articles article", { hasText: title });
  await expect(english).toContainText("अंग्रेज़ी में");
  await expect(english.getByRole("heading", { name: title })).toHaveAttribute("lang", "en");

  // The article goes, and its translation with it: the other tests' pages stay as they were.
  await page.goto("/admin");
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  await expect(page.getByText("Article Deleted", { exact: true })).toBeVisible();
  await page.goto("/kn/");
  await expect(page.locator("section#articles").getByText(kannadaTitle)).toHaveCount(0);
});
