/** The stage moves' body (decision 073): the order and the stage's index, as the JSON doors and the timeline post it. */
import * as v from "valibot";
import { STAGES_MAX } from "./domain/order-stages";
import type { FormReading } from "./command";
import { orderId } from "./order-body";

export const stageIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(STAGES_MAX - 1));
export const stageBody = v.object({ orderId, stage: stageIndex });

/** A timeline form's post: the order and the stage's index (a field not a whole number is refused by the schema). */
export const stageFromForm = (form: FormData): FormReading => ({
  input: { orderId: form.get("orderId"), stage: Number(form.get("stage")) },
});
