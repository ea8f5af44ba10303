import type { Face } from "./noto";

/**
 * For the tests: a name or phrase in each script of India's scheduled languages, the face that prints it, and the
 * font name a PDF lists for that face. The samples hold what trips a shaper: conjuncts across a virama, vowel signs
 * drawn before or around their consonant, a reph, marks below and above.
 */
interface ScriptSample {
  script: string;
  text: string;
  face: Face;
  /** The PostScript name pdffonts shows after the subset's tag. */
  font: string;
}

export const SCRIPT_SAMPLES: ScriptSample[] = [
  { script: "Devanagari (Hindi)", text: "आरव शर्मा", face: "devanagari", font: "NotoSansDevanagari" },
  { script: "Devanagari (Marathi)", text: "श्रीकृष्ण कुलकर्णी", face: "devanagari", font: "NotoSansDevanagari" },
  { script: "Kannada", text: "ಸುಮಾ ರಾವ್", face: "kannada", font: "NotoSansKannada" },
  { script: "Kannada conjuncts", text: "ಲಕ್ಷ್ಮೀ ಪ್ರಸಾದ್", face: "kannada", font: "NotoSansKannada" },
  { script: "Tamil", text: "அருண் குமார்", face: "tamil", font: "NotoSansTamil" },
  { script: "Telugu", text: "వెంకట లక్ష్మి", face: "telugu", font: "NotoSansTelugu" },
  { script: "Malayalam", text: "അനന്യ കൃഷ്ണൻ", face: "malayalam", font: "NotoSansMalayalam" },
  { script: "Bengali", text: "সুমিতা বন্দ্যোপাধ্যায়", face: "bengali", font: "NotoSansBengali" },
  { script: "Bengali (Assamese)", text: "ৰাজীৱ বৰুৱা", face: "bengali", font: "NotoSansBengali" },
  { script: "Gujarati", text: "હાર્દિક પટેલ", face: "gujarati", font: "NotoSansGujarati" },
  { script: "Gurmukhi (Punjabi)", text: "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ", face: "gurmukhi", font: "NotoSansGurmukhi" },
  { script: "Odia", text: "ସୁବ୍ରତ ମହାନ୍ତି", face: "odia", font: "NotoSansOriya" },
  { script: "Ol Chiki (Santali)", text: "ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ", face: "olChiki", font: "NotoSansOlChiki" },
  { script: "Meetei Mayek (Manipuri)", text: "ꯃꯤꯇꯩ ꯃꯌꯦꯛ", face: "meeteiMayek", font: "NotoSansMeeteiMayek" },
];
