/**
 * Text cut into the clusters a shaper draws as one unit: a letter with its vowel signs and other marks, and, across a
 * virama, the consonants it joins into a conjunct ("र्मा", "ಕ್ಷ", "ஸ்ரீ"). A cluster is shaped and drawn whole, so
 * cutting between two clusters never changes how the text looks; the PDF gives each one the text it was typed as.
 * A cluster may be longer than the shaper's (a virama that forms no conjunct still joins), never shorter.
 */

/** The viramas of Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Meetei Mayek. */
const VIRAMAS = new Set([
  "\u094D",
  "\u09CD",
  "\u0A4D",
  "\u0ACD",
  "\u0B4D",
  "\u0BCD",
  "\u0C4D",
  "\u0CCD",
  "\u0D3B",
  "\u0D3C",
  "\u0D4D",
  "\uAAF6",
  "\uABED",
]);
/** Letters written before the consonant they belong to: Malayalam's dot reph. */
const PREFIXES = new Set(["\u0D4E"]);
const JOINERS = new Set(["\u200C", "\u200D"]);
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

export function clustersOf(text: string): string[] {
  const clusters: string[] = [];
  let current = "";
  // After a virama (and any joiner), or a prefixed letter, the next letter belongs to the same cluster.
  let joinsNext = false;
  for (const char of text) {
    const attaches = MARK.test(char) || JOINERS.has(char);
    if (current !== "" && !attaches && !(joinsNext && LETTER.test(char))) {
      clusters.push(current);
      current = "";
    }
    current += char;
    if (VIRAMAS.has(char) || PREFIXES.has(char)) joinsNext = true;
    else if (!JOINERS.has(char)) joinsNext = false;
  }
  if (current !== "") clusters.push(current);
  return clusters;
}
