/** The fields every order command's body shares, bounded at the door as every id is. */
import * as v from "valibot";

export const orderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
export const orderIdBody = v.object({ orderId });
