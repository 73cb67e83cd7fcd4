// The emulator behind node:http. `startStripeEmulator` is the contract the dev script and the test harnesses use.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createStripeEmulator, type EmulatorOptions } from "./emulator.ts";
import { ConnectionDroppedError, type FaultRuleInput } from "./faults.ts";

export interface StartOptions {
  /** 0 picks any free port. Default 12111 (stripe-mock's conventional port). */
  port?: number;
  /** Default 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /**
   * Endpoints registered at start, each receiving every event type, signed with its secret. As with Stripe, a
   * `connect: true` endpoint receives only connected accounts' events (e.g. `account.updated`), the others only
   * the platform's; register the same URL twice to receive both.
   */
  webhooks?: { url: string; secret: string; connect?: boolean }[];
  /** Waits between webhook attempts (ms). Default: Stripe's live schedule, about three days; tests use a few ms. */
  webhookRetryDelaysMs?: number[];
  /** The platforms and their keys; the first owns `webhooks`. Default: comet_local, then emulator_suite (platforms.ts). */
  platforms?: EmulatorOptions["platforms"];
  /** How long a submitted onboarding stays in review (ms). Default 0: verified within the submission. */
  accountVerificationDelayMs?: number;
  /** Fault rules active from the start (Stripe's bad days; faults.ts). `/_emulator/faults` changes them later. */
  faults?: FaultRuleInput[];
  /** Hands every exchange to the contract check (contract-recorder.ts `ContractLog.record`); off by default. */
  contract?: EmulatorOptions["contract"];
}

export interface RunningStripeEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, res: ServerResponse, base: string): Promise<Request> {
  // Aborted when the client hangs up before its answer (its own timeout): a `timeout` fault then stops holding.
  const clientGone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) clientGone.abort();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  // The Host the client used, so links to emulator pages (3-D Secure, onboarding) point where it can reach.
  const origin = req.headers.host ? `http://${req.headers.host}` : base;
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    signal: clientGone.signal,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startStripeEmulator(options: StartOptions = {}): Promise<RunningStripeEmulator> {
  const emulatorOptions: EmulatorOptions = {
    webhooks: options.webhooks,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    faults: options.faults,
    platforms: options.platforms,
    accountVerificationDelayMs: options.accountVerificationDelayMs,
    contract: options.contract,
  };
  const emulator = createStripeEmulator(emulatorOptions);
  const host = options.host ?? "127.0.0.1";
  let base = "";
  // Each request is its own promise chain, so a slow one (a `latency` or `timeout` fault) never holds up the others.
  const server = createServer((req, res) => {
    toRequest(req, res, base)
      .then((request) => emulator.handle(request))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        // A lost connection, as the client sees it: no status line, the socket closed under it.
        if (error instanceof ConnectionDroppedError) {
          req.socket.destroy();
          return;
        }
        console.error("[stripe-emulator]", error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 12111, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url: base,
    port,
    close: async () => {
      await emulator.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
