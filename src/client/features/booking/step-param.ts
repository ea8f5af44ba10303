/**
 * The URL parameter that names the dialog's step, so that Back and Forward move between steps. A module of its own:
 * the page's first script looks for it in the address, without the booking's session code.
 */
export const STEP_PARAM = "book";
