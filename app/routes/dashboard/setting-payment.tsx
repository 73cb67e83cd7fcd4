import { useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { AddCardPanel } from "#app/components/payments/add-card-panel";
import { SavedCardList } from "#app/components/payments/saved-card-list";
import { Toast, useToast } from "#app/components/toast/toast";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { cardEntryFor } from "#worker/payments/card-entry";
import { settleReturnedSetup } from "#app/lib/payments/card-return.server";
import { listCards } from "#worker/payments/cards";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-payment";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, env } = context.get(requestContext);
  // Back from a 3-D Secure redirect: the card is saved by reading the intent.
  const returned = await settleReturnedSetup(new URL(request.url), db, env, user.accountId);
  return { cards: await listCards(db, user.accountId), cardEntry: cardEntryFor(env), returned };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.settings_payment_title());

export default function SettingPaymentPage({ loaderData }: Route.ComponentProps) {
  const { cards, cardEntry, returned } = loaderData;
  const { toast, show } = useToast();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [returnError, setReturnError] = useState(returned === "failed" ? m.card_error_authentication_failed() : null);
  const success = () => show({ title: m.toast_success_title(), description: m.toast_success_description() });

  // Once per return from 3-D Secure (keyed on `returned` alone): the toast, then the redirect's query dropped, so a
  // reload does not settle the same intent again.
  useEffect(() => {
    if (!returned) return;
    if (returned === "saved") success();
    navigate(".", { replace: true, preventScrollReset: true });
  }, [returned]);

  const saved = () => {
    setReturnError(null);
    success();
    revalidator.revalidate();
  };

  return (
    <DashboardPage title={m.settings_payment_title()} intro={m.payments_intro()}>
      <SavedCardList cards={cards} onDeleted={() => (success(), revalidator.revalidate())} />
      <section aria-labelledby="add-card-heading" className="space-y-4">
        <h2 id="add-card-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {m.payments_add_card_heading()}
        </h2>
        <AddCardPanel
          cardEntry={cardEntry}
          onSaved={saved}
          initiallyOpen={returned === "failed"}
          error={returnError}
          onClose={() => setReturnError(null)}
        />
      </section>
      <Toast toast={toast} />
    </DashboardPage>
  );
}
