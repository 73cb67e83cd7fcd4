// Webhook delivery as Stripe does it: the pretty-printed event JSON, `Stripe-Signature: t=<unix>,v1=<hex>` where
// v1 is HMAC-SHA256 keyed by the whole `whsec_…` secret over `${t}.${body}`, and retries with backoff when the
// endpoint answers non-2xx or cannot be reached.
import { createHmac } from "node:crypto";
import type Stripe from "stripe";

export interface EndpointRecord {
  endpoint: Stripe.WebhookEndpoint;
  secret: string;
  /** Connect endpoints receive only connected accounts' events (those with `account`), the others only the platform's. */
  connect: boolean;
  disabled: boolean;
}

function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function endpointWants(record: EndpointRecord, event: Stripe.Event): boolean {
  if (record.disabled) return false;
  if (record.connect !== Boolean(event.account)) return false;
  const enabled = record.endpoint.enabled_events;
  return enabled.includes("*") || enabled.includes(event.type);
}

export interface DeliveryAttempt {
  eventId: string;
  endpointId: string;
  attempt: number;
  status: number | null;
  error: string | null;
}

/**
 * Sends events and retries failures on a schedule of delays (ms): attempt n+1 waits `retryDelaysMs[n-1]`.
 * The default is Stripe's live schedule, about three days (emulator.ts), so a Worker that is down for an hour still
 * gets its events, and no sooner than Stripe would send them.
 */
export class WebhookDeliverer {
  retryDelaysMs: number[];
  attempts: DeliveryAttempt[] = [];
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(retryDelaysMs: number[]) {
    this.retryDelaysMs = retryDelaysMs;
  }

  /** One attempt now, retries later; resolves once this first attempt has an answer. */
  async deliver(event: Stripe.Event, record: EndpointRecord, attempt = 1): Promise<boolean> {
    if (this.closed) return false;
    const payload = JSON.stringify(event, null, 2);
    const sending = this.post(record, payload);
    this.inFlight.add(sending);
    const result = await sending.finally(() => this.inFlight.delete(sending));
    this.attempts.push({ eventId: event.id, endpointId: record.endpoint.id, attempt, ...result });
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const delay = this.retryDelaysMs[attempt - 1];
    if (!ok && delay !== undefined && !this.closed) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.deliver(event, record, attempt + 1);
      }, delay);
      this.timers.add(timer);
    }
    return ok;
  }

  private async post(
    record: EndpointRecord,
    payload: string,
  ): Promise<{ status: number | null; error: string | null }> {
    try {
      const response = await fetch(record.endpoint.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) comet-stripe-emulator",
          "Stripe-Signature": signatureHeader(payload, record.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, error: null };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Stops retries; waits for requests already on the wire so a closing server leaves nothing behind. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /** For reset: forget pending retries but keep delivering new events. */
  cancelRetries(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.attempts = [];
  }
}
