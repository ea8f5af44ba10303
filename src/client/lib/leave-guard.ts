/**
 * A question to ask before the doctor leaves the page through the console's own links (the browser asks on a reload
 * or a closed tab by itself): set while something would be lost, such as her video call.
 */
let question: string | null = null;

export function guardLeaving(ask: string | null): void {
  question = ask;
}

/** Whether to go on: yes when nothing is guarded, else her answer to the question. */
function mayLeave(): boolean {
  return question === null || window.confirm(question);
}

/** A console link's click handler: the link is followed only if she agrees to leave (or nothing is guarded). */
export function stayUnlessLeaving(event: { preventDefault(): void }): void {
  if (!mayLeave()) event.preventDefault();
}
