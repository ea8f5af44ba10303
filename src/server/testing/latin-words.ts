/**
 * The English words left in a text meant to be in Hindi or Kannada: every run of two or more Latin letters, once
 * addresses, e-mail addresses and the given names (people, the doctor, a booking id, "IST") are taken out. A
 * translation that forgot a label shows here ("Booking", "minutes").
 */
export function latinWordsIn(text: string, allowed: readonly string[] = []): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, " ").replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ");
  for (const phrase of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(phrase).join(" ");
  return [...rest.matchAll(/[A-Za-z]{2,}/g)].map((match) => match[0]);
}
