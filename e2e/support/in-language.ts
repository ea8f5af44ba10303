import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { sampleProfile } from "../../src/shared/sample-profile";
import { latinWordsIn } from "../../src/server/testing/latin-words";
import { screenshots } from "./screenshots";

/**
 * Checks that a page in Hindi or Kannada shows no English: the text a person sees and the accessible names of its
 * controls, with no Latin word outside names, numbers, addresses, "IST" and the doctor's own English words (marked
 * `lang="en"`).
 */

/** A message of a language's catalogue as its translator wrote it: the words a test looks for. */
export function catalogue(language: string, name: string): (id: string) => string {
  const file = new URL(`../../src/shared/i18n/catalogues/${language}/${name}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return (id) => {
    const message = messages[id];
    if (message === undefined) throw new Error(`${language}/${name}.json has no ${id}`);
    return message;
  };
}

/** What may be Latin in a Hindi or Kannada text: the clinic's zone, the doctor's name and registration number. */
export const ALLOWED = ["IST", sampleProfile.doctor.name, sampleProfile.doctor.registration.number];

/**
 * The words a person sees in `area`, outside the doctor's English content (`lang="en"`) and what `allowed` names (the
 * payment's ids): the text of every visible element, and the accessible names of its controls.
 */
export async function visibleLatinWords(area: Locator, allowed: readonly string[]): Promise<string[]> {
  const text = await area.evaluate((root) => {
    const shown: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // The doctor's English words, what no one sees (the contact form's trap for robots), ids in type.
      if (!parent || parent.closest('[lang="en"], [aria-hidden="true"], script, style, .font-mono')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      shown.push(node.textContent ?? "");
    }
    for (const labelled of root.querySelectorAll("[aria-label], [placeholder], [title]"))
      if (!labelled.closest('[lang="en"]'))
        for (const name of ["aria-label", "placeholder", "title"])
          shown.push(labelled.getAttribute(name) ?? "");
    return shown.join("\n");
  });
  return latinWordsIn(text, [...ALLOWED, ...allowed]);
}

/** Fails, with screenshots kept, when `area` shows a Latin word besides the allowed ones. */
export async function expectInLanguage(area: Locator, allowed: readonly string[], what: string, page: Page) {
  const latin = await visibleLatinWords(area, allowed);
  if (latin.length > 0) await screenshots(page, `untranslated-${what}`);
  expect(latin, what).toEqual([]);
}
