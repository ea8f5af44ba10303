import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text as PDF.js reads it (one string, the pages run together): what the tests look for words in. */
export async function textOfPdf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}
