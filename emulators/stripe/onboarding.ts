// Connect onboarding over time, as on Stripe: the hosted onboarding page an account link opens, its submission, and
// Stripe's verification answering later. After a submission `details_submitted` is true at once, while
// `charges_enabled` and `payouts_enabled` wait for verification, with `requirements.pending_verification` listing what
// is checked ("in review"); a failed check or a new rule puts fields in `currently_due` / `past_due` ("requirements
// due"). Each step is announced with `account.updated` and a `capability.updated` per capability whose status moved,
// both Connect events (`event.account` set).
// https://docs.stripe.com/connect/hosted-onboarding, https://docs.stripe.com/connect/handling-api-verification,
// https://docs.stripe.com/connect/handle-verification-updates, https://docs.stripe.com/api/capabilities/object
import type Stripe from "stripe";
import { changedFields } from "./customers.ts";
import { htmlResponse, jsonResponse, messagePage, outcomeForm, page, redirect } from "./pages.ts";
import { emit, type Core, type Ctx, type Route } from "./state.ts";
import { escapeHtml, nowSeconds, str, strArray, type Params } from "./util.ts";

/** What Stripe's review checks after a submission; a failed review asks for it again. */
const REVIEWED_FIELDS = ["individual.verification.document"];
/** How long Stripe gives for a requirement that is due but not yet past due (it varies; two weeks here). */
const GRACE_SECONDS = 14 * 86_400;

/** The tester's choice on the onboarding page. */
type PageOutcome = "complete" | "requirements_due" | "review" | "incomplete";
/** Stripe's verdict on a submission. */
type Verdict = "verified" | "requirements_due";

const verificationKey = (accountId: string) => `verify:${accountId}`;

function requirementsOf(input: {
  due?: string[];
  pastDue?: boolean;
  pending?: string[];
  errors?: Stripe.Account.Requirements.Error[];
}): Stripe.Account.Requirements {
  const due = input.due ?? [];
  const pending = input.pending ?? [];
  const disabledReason =
    due.length > 0 && input.pastDue
      ? "requirements.past_due"
      : pending.length > 0
        ? "requirements.pending_verification"
        : null;
  return {
    alternatives: [],
    current_deadline: due.length > 0 && !input.pastDue ? nowSeconds() + GRACE_SECONDS : null,
    currently_due: [...due],
    disabled_reason: disabledReason,
    errors: input.errors ?? [],
    eventually_due: [...due],
    past_due: input.pastDue ? [...due] : [],
    pending_verification: [...pending],
  } satisfies Stripe.Account.Requirements;
}

function dueFields(account: Stripe.Account): string[] {
  return [...new Set([...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])])];
}

function setCapabilities(account: Stripe.Account, status: "active" | "inactive" | "pending"): void {
  account.capabilities = Object.fromEntries(
    Object.keys(account.capabilities ?? {}).map((name) => [name, status]),
  ) as Stripe.Account.Capabilities;
}

/** The capability object a `capability.updated` event carries; its requirements follow the account's. */
function capability(account: Stripe.Account, name: string, status: string): Stripe.Capability {
  const requirements = account.requirements!;
  const disabledReason =
    requirements.disabled_reason === "requirements.past_due"
      ? "requirements.fields_needed"
      : requirements.disabled_reason === "requirements.pending_verification"
        ? "pending.review"
        : null;
  return {
    id: name,
    object: "capability",
    account: account.id,
    requested: true,
    requested_at: account.created ?? nowSeconds(),
    status,
    requirements: {
      alternatives: [],
      current_deadline: requirements.current_deadline,
      currently_due: requirements.currently_due ?? [],
      disabled_reason: disabledReason,
      errors: [],
      eventually_due: requirements.eventually_due ?? [],
      past_due: requirements.past_due ?? [],
      pending_verification: requirements.pending_verification ?? [],
    },
  } satisfies Stripe.Capability;
}

/** Applies one step to the account and announces it: `capability.updated` per moved capability, then `account.updated`. */
function step(core: Core, ctx: Ctx, account: Stripe.Account, change: (account: Stripe.Account) => void): void {
  const before = structuredClone(account);
  change(account);
  const previous = changedFields(before, account);
  if (Object.keys(previous).length === 0) return;
  const oldCapabilities = (before.capabilities ?? {}) as Record<string, string>;
  for (const [name, status] of Object.entries(account.capabilities ?? {})) {
    if (oldCapabilities[name] !== status)
      emit(
        core.state,
        ctx,
        "capability.updated",
        capability(account, name, status),
        { status: oldCapabilities[name] ?? "unrequested" },
        account.id,
      );
  }
  emit(core.state, ctx, "account.updated", account, previous, account.id);
}

/**
 * The hosted form submitted: details are in, what they prove is in review. An account already enabled (a new
 * requirement answered before its deadline) stays enabled while in review; a finished or reviewing one is unchanged.
 */
function submit(core: Core, ctx: Ctx, account: Stripe.Account): void {
  if (account.details_submitted && dueFields(account).length === 0) return;
  step(core, ctx, account, (changed) => {
    changed.details_submitted = true;
    changed.tos_acceptance = changed.tos_acceptance?.date
      ? changed.tos_acceptance
      : { date: nowSeconds(), ip: "127.0.0.1", user_agent: "stripe-emulator" };
    changed.requirements = requirementsOf({ pending: REVIEWED_FIELDS });
    if (changed.payouts_enabled) {
      changed.requirements.disabled_reason = null;
      return;
    }
    changed.charges_enabled = false;
    changed.payouts_enabled = false;
    setCapabilities(changed, "pending");
  });
}

/** Stripe's verification answers: everything checked out, or the reviewed document must be given again. */
function verify(core: Core, ctx: Ctx, account: Stripe.Account, verdict: Verdict): void {
  step(core, ctx, account, (changed) => {
    if (verdict === "verified") {
      changed.requirements = requirementsOf({});
      changed.charges_enabled = true;
      changed.payouts_enabled = true;
      setCapabilities(changed, "active");
      return;
    }
    const errors = REVIEWED_FIELDS.map((requirement) => ({
      code: "verification_document_failed_other" as const,
      requirement,
      reason: "The document could not be verified. Upload a clear photo of a valid identity document.",
    }));
    disable(changed, requirementsOf({ due: REVIEWED_FIELDS, pastDue: true, errors }));
  });
}

function disable(account: Stripe.Account, requirements: Stripe.Account.Requirements): void {
  account.requirements = requirements;
  account.charges_enabled = false;
  account.payouts_enabled = false;
  setCapabilities(account, "inactive");
}

/**
 * Something more is required later (a regulation changed, a threshold was crossed): past due, the account is
 * disabled until it is given; only currently due, it stays enabled until the deadline.
 */
function requireMore(core: Core, ctx: Ctx, account: Stripe.Account, fields: string[], pastDue: boolean): void {
  step(core, ctx, account, (changed) => {
    if (pastDue) disable(changed, requirementsOf({ due: fields, pastDue: true }));
    else changed.requirements = requirementsOf({ due: fields, pastDue: false });
  });
}

/** Verification after the configured delay; 0 answers within the submission, so the account is ready at once. */
function verifyLater(core: Core, ctx: Ctx, accountId: string, verdict: Verdict): void {
  const run = (runCtx: Ctx) => {
    const account = core.state.accounts.get(accountId);
    if (account && (account.requirements?.pending_verification ?? []).length > 0)
      verify(core, runCtx, account, verdict);
  };
  if (core.accountVerificationDelayMs <= 0) run(ctx);
  else core.later(verificationKey(accountId), core.accountVerificationDelayMs, run);
}

function statusLine(account: Stripe.Account): string {
  if (!account.details_submitted) return "Not submitted yet";
  const due = dueFields(account);
  if (due.length > 0) return `Requirements due: ${due.join(", ")}`;
  if ((account.requirements?.pending_verification ?? []).length > 0)
    return "In review: Stripe is verifying the details";
  return account.payouts_enabled ? "Verified: charges and payouts enabled" : "Submitted";
}

function onboardingPage(core: Core, account: Stripe.Account, params: Params): Response {
  const delay = core.accountVerificationDelayMs;
  const timing = delay > 0 ? `after ${delay / 1000} s` : "at once";
  const body = `<h1>Connected account onboarding</h1>
<p>Stripe would now collect identity, business and bank details for this account, then verify them.</p>
<dl>
<dt>Account</dt><dd>${escapeHtml(account.id)}</dd>
<dt>Email</dt><dd>${escapeHtml(account.email ?? "—")}</dd>
<dt>Details submitted</dt><dd>${account.details_submitted ? "yes" : "no"}</dd>
<dt>Status</dt><dd>${escapeHtml(statusLine(account))}</dd>
</dl>
<p class="note">Submitting puts the account in review; this emulator's verification answers ${escapeHtml(timing)}.
"Stay in review" waits for <code>POST /_emulator/connect/accounts/${escapeHtml(account.id)}/verify</code>.</p>
${outcomeForm(
  `/_emulator/connect/onboarding/${account.id}`,
  { return_url: str(params, "return_url") ?? "", refresh_url: str(params, "refresh_url") ?? "" },
  [
    { outcome: "complete", label: "Complete onboarding", primary: true },
    { outcome: "requirements_due", label: "Submit, then verification asks for more", primary: false },
    { outcome: "review", label: "Submit and stay in review", primary: false },
    { outcome: "incomplete", label: "Leave incomplete", primary: false },
  ],
)}`;
  return htmlResponse(200, page("Connected account onboarding", body));
}

const notFound = (id: string) =>
  jsonResponse(404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such account: '${id}'` },
  });
const notSubmitted = (id: string) =>
  jsonResponse(409, {
    error: {
      type: "invalid_request_error",
      message: `Account ${id} has not submitted onboarding yet: there is nothing to verify or require.`,
    },
  });

export function onboardingRoutes(core: Core): Route[] {
  return [
    {
      method: "GET",
      path: "/_emulator/connect/onboarding/:id",
      page: true,
      run: (ctx) => {
        const account = core.state.accounts.get(ctx.pathParams.id!);
        if (!account) return messagePage(404, "Unknown account", `No connected account ${ctx.pathParams.id} exists.`);
        return onboardingPage(core, account, ctx.params);
      },
    },
    {
      method: "POST",
      path: "/_emulator/connect/onboarding/:id",
      page: true,
      run: (ctx) => {
        const account = core.state.accounts.get(ctx.pathParams.id!);
        if (!account) return messagePage(404, "Unknown account", `No connected account ${ctx.pathParams.id} exists.`);
        const outcome = str(ctx.params, "outcome") as PageOutcome | undefined;
        if (outcome === "incomplete") {
          const refreshUrl = str(ctx.params, "refresh_url");
          return refreshUrl
            ? redirect(refreshUrl)
            : messagePage(200, "Onboarding left incomplete", "You can close this window.");
        }
        if (outcome !== "complete" && outcome !== "requirements_due" && outcome !== "review") {
          return messagePage(400, "Unknown outcome", "Choose one of the buttons on the onboarding page.");
        }
        submit(core, ctx, account);
        if (outcome === "review") core.cancelLater(verificationKey(account.id));
        else verifyLater(core, ctx, account.id, outcome === "complete" ? "verified" : "requirements_due");
        // Stripe sends the person back to return_url whatever the review will say: the platform reads the account.
        const returnUrl = str(ctx.params, "return_url");
        return returnUrl ? redirect(returnUrl) : messagePage(200, "Onboarding submitted", "You can close this window.");
      },
    },
    {
      // Verification answers now: `outcome=verified` (default) or `requirements_due` (the review failed).
      method: "POST",
      path: "/_emulator/connect/accounts/:id/verify",
      page: true,
      run: (ctx) => {
        const account = core.state.accounts.get(ctx.pathParams.id!);
        if (!account) return notFound(ctx.pathParams.id!);
        if (!account.details_submitted) return notSubmitted(account.id);
        const verdict = str(ctx.params, "outcome") ?? "verified";
        if (verdict !== "verified" && verdict !== "requirements_due")
          return jsonResponse(400, {
            error: { type: "invalid_request_error", message: "outcome is verified or requirements_due." },
          });
        core.cancelLater(verificationKey(account.id));
        verify(core, ctx, account, verdict);
        return jsonResponse(200, account);
      },
    },
    {
      // Requirements come due later: `fields[]` (default the identity document), `past_due=false` to keep the
      // account enabled until a deadline instead of disabling it now.
      method: "POST",
      path: "/_emulator/connect/accounts/:id/require",
      page: true,
      run: (ctx) => {
        const account = core.state.accounts.get(ctx.pathParams.id!);
        if (!account) return notFound(ctx.pathParams.id!);
        if (!account.details_submitted) return notSubmitted(account.id);
        core.cancelLater(verificationKey(account.id));
        requireMore(
          core,
          ctx,
          account,
          strArray(ctx.params, "fields") ?? REVIEWED_FIELDS,
          str(ctx.params, "past_due") !== "false",
        );
        return jsonResponse(200, account);
      },
    },
  ];
}
