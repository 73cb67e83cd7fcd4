import * as v from "valibot";
import { defineCommand } from "../command";
import { disputeFromForm, evidence, partyStatement, statementText } from "../dispute-answer";
import { orderId } from "../order-body";

/**
 * POST /api/features/commission/order/dispute/open {orderId, reason, statement, files?} (decision 088): a party opens a
 * dispute with a reason and a statement, and up to five files of evidence; the order page's "openDispute" (evidence as
 * `fileUrl` and `fileName`, repeated).
 */
export default defineCommand({
  path: "/dispute/open",
  intent: "openDispute",
  action: "openDispute",
  body: v.object({ orderId, reason: v.string(), statement: statementText, files: evidence }),
  fromForm: (form, context) => disputeFromForm("openDispute", form, context),
  run: (context, input) => partyStatement(context, "openDispute", input),
});
