import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff";

/**
 * The fonts the server draws text in (fee receipts, prescriptions, link-preview cards): Noto Sans, one face for Latin
 * and one for each script of India's scheduled languages (Devanagari for Hindi, Marathi, Nepali, Sanskrit, Konkani,
 * Maithili, Dogri and Bodo; Bengali for Bengali, Assamese and Manipuri; Gujarati; Gurmukhi for Punjabi; Odia; Tamil;
 * Telugu; Kannada; Malayalam; Ol Chiki for Santali; Meetei Mayek for Manipuri). A font covers one script: a name in
 * Kannada set in the Devanagari font prints as empty boxes, so each run of text gets the face of its script.
 *
 * The faces come from Fontsource packages on npm, as WOFF files cut by Unicode range; each package lists its ranges
 * (unicode.json), so the face of a character is known without opening a font, and a document opens only the faces its
 * text needs. They are found through Node's resolution, which works from the sources and from the bundled server
 * alike (the bundle keeps packages external).
 */
export type Weight = 400 | 700;

interface FaceSource {
  /** The Fontsource package, without its scope. */
  package: string;
  /** The package's cut ("latin", "kannada"). */
  subset: string;
  /** A family name of its own, for renderers that pick fonts by name. */
  family: string;
  /** The characters it is the face for, whether or not another face also has them. */
  script: RegExp;
}

const FACE_SOURCES = {
  latin: {
    package: "noto-sans-devanagari",
    subset: "latin",
    family: "Noto Sans",
    script: /\p{Script=Latin}/u,
  },
  // Accented Latin (ā, ś, ṭ in transliterated names) and the rupee sign, which the Latin cut does not have.
  latinExt: {
    package: "noto-sans-devanagari",
    subset: "latin-ext",
    family: "Noto Sans Latin Extended",
    script: /\p{Script=Latin}/u,
  },
  devanagari: {
    package: "noto-sans-devanagari",
    subset: "devanagari",
    family: "Noto Sans Devanagari",
    script: /\p{Script=Devanagari}/u,
  },
  bengali: {
    package: "noto-sans-bengali",
    subset: "bengali",
    family: "Noto Sans Bengali",
    script: /\p{Script=Bengali}/u,
  },
  gujarati: {
    package: "noto-sans-gujarati",
    subset: "gujarati",
    family: "Noto Sans Gujarati",
    script: /\p{Script=Gujarati}/u,
  },
  gurmukhi: {
    package: "noto-sans-gurmukhi",
    subset: "gurmukhi",
    family: "Noto Sans Gurmukhi",
    script: /\p{Script=Gurmukhi}/u,
  },
  odia: {
    package: "noto-sans-oriya",
    subset: "oriya",
    family: "Noto Sans Oriya",
    script: /\p{Script=Oriya}/u,
  },
  tamil: {
    package: "noto-sans-tamil",
    subset: "tamil",
    family: "Noto Sans Tamil",
    script: /\p{Script=Tamil}/u,
  },
  telugu: {
    package: "noto-sans-telugu",
    subset: "telugu",
    family: "Noto Sans Telugu",
    script: /\p{Script=Telugu}/u,
  },
  kannada: {
    package: "noto-sans-kannada",
    subset: "kannada",
    family: "Noto Sans Kannada",
    script: /\p{Script=Kannada}/u,
  },
  malayalam: {
    package: "noto-sans-malayalam",
    subset: "malayalam",
    family: "Noto Sans Malayalam",
    script: /\p{Script=Malayalam}/u,
  },
  olChiki: {
    package: "noto-sans-ol-chiki",
    subset: "ol-chiki",
    family: "Noto Sans Ol Chiki",
    script: /\p{Script=Ol_Chiki}/u,
  },
  meeteiMayek: {
    package: "noto-sans-meetei-mayek",
    subset: "meetei-mayek",
    family: "Noto Sans Meetei Mayek",
    script: /\p{Script=Meetei_Mayek}/u,
  },
} satisfies Record<string, FaceSource>;

export type Face = keyof typeof FACE_SOURCES;

/** Every face, in the order a character of no particular script (a digit, a sign) looks for one that has it. */
export const FACES = Object.keys(FACE_SOURCES) as Face[];

/** Faces whose text is reordered or joined when shaped (everything but Latin). */
export function isComplex(face: Face): boolean {
  return face !== "latin" && face !== "latinExt";
}

export function familyOf(face: Face): string {
  return FACE_SOURCES[face].family;
}

const require = createRequire(import.meta.url);

/** The path of a face's WOFF file in a weight. */
export function fontFile(face: Face, weight: Weight): string {
  const { package: name, subset } = FACE_SOURCES[face];
  return require.resolve(`@fontsource/${name}/files/${name}-${subset}-${weight}-normal.woff`);
}

/**
 * A face's font as a plain OpenType file, unwrapped from its WOFF file the first time a document needs it and kept
 * for the next (a few hundred kilobytes for each face in use).
 */
export const fontBytes = (() => {
  const cache = new Map<string, Buffer>();
  return (face: Face, weight: Weight): Buffer => {
    const file = fontFile(face, weight);
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = woffToSfnt(readFileSync(file));
      cache.set(file, bytes);
    }
    return bytes;
  };
})();

/** A face's Unicode ranges, read from its package the first time they are needed. */
const rangesOf = (() => {
  const cache = new Map<Face, [number, number][]>();
  return (face: Face): [number, number][] => {
    let ranges = cache.get(face);
    if (!ranges) {
      const { package: name, subset } = FACE_SOURCES[face];
      const table = require(`@fontsource/${name}/unicode.json`) as Record<string, string>;
      ranges = (table[subset] ?? "").split(",").map((range) => {
        const [from = "0", to = from] = range.trim().replace(/^U\+/i, "").split("-");
        return [parseInt(from, 16), parseInt(to, 16)];
      });
      cache.set(face, ranges);
    }
    return ranges;
  };
})();

/** Whether the face's file has the character, by its package's ranges. */
function covers(face: Face, codePoint: number): boolean {
  return rangesOf(face).some(([from, to]) => codePoint >= from && codePoint <= to);
}

const INHERITED = /\p{Script=Inherited}/u;

/**
 * The face for one character, given the face of the run it follows: a letter takes its script's face; a combining
 * mark or joiner stays with its base; a character of no script (digits, punctuation, ₹, the dandas) stays in the
 * run if that face has it, else takes the first face that does; what no face has falls to Latin (and prints as a
 * box, as it would anywhere).
 */
function faceFor(char: string, current: Face | undefined): Face {
  const codePoint = char.codePointAt(0) ?? 0;
  if (current && INHERITED.test(char)) return current;
  const ofScript = FACES.filter((face) => FACE_SOURCES[face].script.test(char));
  const [firstOfScript] = ofScript;
  if (firstOfScript) return ofScript.find((face) => covers(face, codePoint)) ?? firstOfScript;
  if (current && covers(current, codePoint)) return current;
  return FACES.find((face) => covers(face, codePoint)) ?? "latin";
}

interface Run {
  face: Face;
  text: string;
}

/** Text split into runs, each set in one face. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let last: Run | undefined;
  for (const char of text) {
    const face = faceFor(char, last?.face);
    if (last && last.face === face) last.text += char;
    else {
      last = { face, text: char };
      runs.push(last);
    }
  }
  return runs;
}

/** The faces some text needs. */
export function facesOf(text: string): Set<Face> {
  return new Set(runsOf(text).map((run) => run.face));
}
