import * as v from "valibot";
import { defineCommand } from "../command";
import { disputeFromForm, evidence, partyStatement, statementText } from "../dispute-answer";
import { orderId } from "../order-body";

/**
 * POST /api/features/commission/order/dispute/answer {orderId, statement, files?} (decision 088): the other party
 * answers an open dispute with a statement, and up to five files of evidence; the order page's "answerDispute".
 */
export default defineCommand({
  path: "/dispute/answer",
  intent: "answerDispute",
  action: "answerDispute",
  body: v.object({ orderId, statement: statementText, files: evidence }),
  fromForm: (form, context) => disputeFromForm("answerDispute", form, context),
  run: (context, input) => partyStatement(context, "answerDispute", input),
});
