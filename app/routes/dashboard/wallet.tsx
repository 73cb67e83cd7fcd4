import { data } from "react-router";
import * as v from "valibot";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import {
  REMOVE_REGISTRATION_INTENT,
  RegistrationForm,
  SAVE_REGISTRATION_INTENT,
  type RegistrationAnswer,
} from "#app/components/documents/registration-form";
import { registrationErrors, registrationTexts } from "#app/loaders/documents/registration-texts.server";
import { keptForRetry, readFormData } from "#app/lib/form-data.server";
import { fieldErrorsOf } from "#worker/domain/validation";
import { invoiceRegistrationSchema } from "#worker/documents/domain/registration-number";
import {
  invoiceRegistrationOf,
  removeInvoiceRegistration,
  saveInvoiceRegistration,
} from "#worker/documents/services/invoice-registrations";
import { pageFromQuery } from "#worker/domain/paging";
import { tableTexts } from "#app/loaders/history/table-texts.server";
import { walletStateTexts } from "#app/loaders/wallet/wallet-texts.server";
import { Wallet } from "#app/components/wallet/wallet-view";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { createStripe } from "#worker/payments/stripe-client";
import { loadWallet } from "#worker/orders/services/wallet";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/wallet";

/**
 * /dashboard/creator/wallet (creators and admins; issue 12, decision 029): the caller's own payout account, balance,
 * sales with their payouts, and bank payouts. Stripe's onboarding page sends the creator back here
 * (?onboarding=return|refresh); reading the status then also releases any payout held for the account.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, env, url, locale } = context.get(requestContext);
  const page = pageFromQuery(url.searchParams.get("page"));
  const [wallet, registration] = await Promise.all([
    loadWallet(db, createStripe(env), {
      userAccountId: user.accountId,
      page,
      locale,
      displayCurrencyCode: user.displayCurrencyCode,
    }),
    invoiceRegistrationOf(db, user.accountId),
  ]);
  return {
    wallet,
    // The qualified-invoice registration (decision 102): the creator's own, never another's.
    registration: registration && {
      registrationNumber: registration.registrationNumber,
      registeredName: registration.registeredName,
    },
    registrationTexts: registrationTexts(registration),
    stateTexts: walletStateTexts(wallet.status),
    tableTexts: tableTexts(),
    page,
    returned: url.searchParams.get("onboarding"),
  };
}

/**
 * The registration form posts here (decision 102): saved for the signed-in creator only (the form names nobody), once
 * its schema reads it; a refusal is a 400 with each field's words, and nothing is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const intent = form.get("intent");
  if (intent === REMOVE_REGISTRATION_INTENT) {
    await removeInvoiceRegistration(db, user.accountId);
    return { outcome: "removed" } satisfies RegistrationAnswer;
  }
  if (intent !== SAVE_REGISTRATION_INTENT)
    return data({ outcome: "refused", errors: registrationErrors({ form: "" }) } satisfies RegistrationAnswer, {
      status: 400,
    });
  const values = {
    registrationNumber: String(form.get("registrationNumber") ?? ""),
    registeredName: String(form.get("registeredName") ?? ""),
  };
  const parsed = v.safeParse(invoiceRegistrationSchema, values);
  if (!parsed.success)
    return data(
      {
        outcome: "refused",
        errors: registrationErrors(fieldErrorsOf(parsed.issues)),
        values: keptForRetry(values),
      } satisfies RegistrationAnswer,
      { status: 400 },
    );
  await saveInvoiceRegistration(db, user.accountId, parsed.output, Date.now());
  return { outcome: "saved" } satisfies RegistrationAnswer;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.wallet_title());

export default function WalletPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registration, registrationTexts, ...walletData } = loaderData;
  return (
    <DashboardPage title={m.wallet_title()} intro={m.wallet_intro()}>
      <Wallet {...walletData} />
      <RegistrationForm
        texts={registrationTexts}
        registration={registration}
        answer={(actionData as RegistrationAnswer | undefined) ?? null}
      />
    </DashboardPage>
  );
}
