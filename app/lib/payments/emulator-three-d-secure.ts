/**
 * Stripe.js's part in 3-D Secure, played against the local Stripe emulator (development and tests only; decision
 * 057). Where Stripe.js's `handleNextAction` opens the bank's challenge in a frame over the page, this opens the
 * emulator's challenge page (the `use_stripe_sdk` action's `stripe_js` address) in a full-screen modal <dialog>,
 * waits for the page to say it is finished (it posts THREE_D_SECURE_DONE_MESSAGE to its parent) or for the client to
 * close it, then reads the intent back with its client secret, as Stripe.js does. Nothing navigates away.
 */
import { m } from "#app/paraglide/messages.js";
import { readIntentOnEmulator, type EmulatorKeys, type IntentKind, type IntentOutcome } from "./emulator-cards";

/** Mirrors `THREE_D_SECURE_DONE_MESSAGE` of emulators/stripe/three-d-secure.ts (the emulator is not in this bundle). */
const DONE_MESSAGE = "stripe-emulator:3ds-done";

/** The client closed the challenge without finishing it: Stripe.js's error for it; the intent still waits for them. */
const closed = (kind: IntentKind): IntentOutcome => ({
  status: "failed",
  error: { code: `${kind}_authentication_failure` },
});

export async function authenticateOnEmulator(
  keys: EmulatorKeys,
  intent: { kind: IntentKind; id: string; clientSecret: string; challengeUrl: string },
): Promise<IntentOutcome> {
  const finished = await showChallenge(new URL(intent.challengeUrl, keys.apiUrl), intent.id);
  if (!finished) return closed(intent.kind);
  return readIntentOnEmulator(keys, intent.kind, intent.id, intent.clientSecret);
}

/** Resolves true once the challenge page reports it is done, false if the client closes it first. */
function showChallenge(url: URL, intentId: string): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = document.createElement("dialog");
  dialog.setAttribute("aria-label", m.payments_three_d_secure_title());
  dialog.dataset.testid = "three-d-secure";
  dialog.className = "m-0 h-dvh max-h-none w-screen max-w-none bg-zinc-950/70 p-0 backdrop:bg-zinc-950/60 sm:p-6";
  const panel = document.createElement("div");
  panel.className =
    "mx-auto flex h-full max-w-2xl flex-col overflow-hidden rounded-none bg-white shadow-2xl sm:rounded-2xl dark:bg-zinc-900";
  const bar = document.createElement("div");
  bar.className = "flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800";
  const heading = document.createElement("h2");
  heading.className = "font-semibold text-zinc-900 dark:text-zinc-50";
  heading.textContent = m.payments_three_d_secure_title();
  const close = document.createElement("button");
  close.type = "button";
  close.className = "button-secondary min-h-11";
  close.textContent = m.payments_three_d_secure_close();
  bar.appendChild(heading);
  bar.appendChild(close);
  const frame = document.createElement("iframe");
  frame.title = m.payments_three_d_secure_frame();
  frame.className = "w-full flex-1 border-0 bg-white";
  frame.src = url.toString();
  panel.appendChild(bar);
  panel.appendChild(frame);
  dialog.appendChild(panel);
  document.body.appendChild(dialog);

  return new Promise<boolean>((resolve) => {
    const finish = (done: boolean) => {
      window.removeEventListener("message", onMessage);
      dialog.close();
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(done);
    };
    // Only the emulator's own frame may end it, and only for this intent: anything else posting is ignored.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; intent?: unknown } | null;
      if (
        event.origin !== url.origin ||
        event.source !== frame.contentWindow ||
        data?.type !== DONE_MESSAGE ||
        data.intent !== intentId
      )
        return;
      finish(true);
    };
    window.addEventListener("message", onMessage);
    close.addEventListener("click", () => finish(false));
    // Escape closes it too, as Stripe's challenge frame does; the intent still waits.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(false);
    });
    dialog.showModal();
    frame.focus();
  });
}
