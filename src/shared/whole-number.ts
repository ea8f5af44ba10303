import { z } from "zod";

/** What a number field says when it is wrong: not a number, not whole, below its least, above its most. */
interface WholeNumberMessages {
  invalid: string;
  whole: string;
  tooSmall: string;
  tooLarge: string;
}

/**
 * A whole number from `min` to `max`; `messages` is one sentence for every way it can be wrong, or one for each.
 */
export function wholeNumber(min: number, max: number, messages: string | WholeNumberMessages) {
  const say =
    typeof messages === "string"
      ? { invalid: messages, whole: messages, tooSmall: messages, tooLarge: messages }
      : messages;
  return z.number({ message: say.invalid }).int(say.whole).min(min, say.tooSmall).max(max, say.tooLarge);
}
