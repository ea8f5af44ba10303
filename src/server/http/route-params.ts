import { z } from "zod";

/**
 * A record's key in an address: any text up to 100 characters. One that names no record is the service's 404, like
 * an unknown one, so the shape of a key tells a caller nothing.
 */
export const recordKey = z.string().max(100);

/** `/:id`: an appointment's id in the doctor's addresses. */
export const idParams = z.object({ id: recordKey });

/** `/:token`: the manage link's token, the parent's only key. */
export const tokenParams = z.object({ token: recordKey });
