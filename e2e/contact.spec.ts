import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";

test("the home contact form shows what is missing, then sends a valid message", async ({ page }) => {
  await page.goto("/#contact");
  const form = page.locator("section#contact form");
  await waitUntilHydrated(form.getByRole("button", { name: "Send Message" }));
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Full name is required")).toBeVisible();
  await expect(form.getByText("Email is required")).toBeVisible();
  await expect(form.getByText("Message is required")).toBeVisible();

  await form.getByLabel("Full Name").fill("Asha Verma");
  await form.getByLabel("Email Address").fill("asha@example");
  await form.getByLabel("Message").fill("Can my daughter's echo report be reviewed online?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  await form.getByLabel("Email Address").fill("asha.verma@example.org");
  await form.getByLabel("Phone Number").fill("12");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid phone number")).toBeVisible();

  await form.getByLabel("Phone Number").fill("+91 98450 12345");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue("");
});

test("the Contact Us form also requires a subject, then sends", async ({ page }) => {
  await page.goto("/contact-us");
  const form = page.getByRole("main").locator("form");
  await waitUntilHydrated(form.getByRole("button", { name: "Send Message" }));
  await form.getByLabel("Full Name").fill("Ravi Kumar");
  await form.getByLabel("Email", { exact: false }).first().fill("ravi.kumar@example.org");
  await form.getByLabel("Message").fill("Do you offer second opinions on surgery plans?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Subject is required")).toBeVisible();
  await form.getByLabel("Subject").fill("Second opinion");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
});
