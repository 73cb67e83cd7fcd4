import type { ComponentProps } from "react";
import { ConfirmForm } from "#app/components/form/confirm-form";
import { useHydrated } from "#app/components/form/typed-before-hydration";

/**
 * A money action's form (issue 75: a stage approval, a completion, a cancel): its dialog asks `question`, and only
 * then does it post, with `confirmed=true`. That field is sent by a form React has hydrated, so a press before its
 * part of the page hydrated (or without script) posts without it, and the server answers with the confirm page
 * (order-confirm.tsx) instead of moving money.
 */
export function MoneyConfirmForm({ children, ...props }: ComponentProps<typeof ConfirmForm>) {
  const hydrated = useHydrated();
  return (
    <ConfirmForm {...props}>
      <input type="hidden" name="confirmed" value="true" disabled={!hydrated} />
      {children}
    </ConfirmForm>
  );
}
