// The translator stand-in: a local HTTP server answering Workers AI's REST form of Meta's m2m100 and Google's
// gemma-3-12b-it (contract.ts, models.ts) with the phrase-book translation of translate.ts, for `npm run dev` and the
// tests, where no model is reachable. The Worker reaches it as it would reach the binding (worker/translation/), so
// the code path is the production one. `startTranslatorStandIn` is what the dev script (main.ts) and the test
// harnesses use.
//
//   POST /client/v4/accounts/:account/ai/run/@cf/meta/m2m100-1.2b      m2m100 (no Authorization checked: the binding
//   POST /client/v4/accounts/:account/ai/run/@cf/google/gemma-3-12b-it   has none; a REST caller's token is ignored)
//   GET | POST | DELETE /__standin/faults                               the bad day in force (faults.ts)
//   GET | DELETE /__standin/calls                                       the calls the models took, oldest first
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AI_ERROR, schemaProblems } from "./contract.ts";
import { type FaultSetting, FaultSettingError, FaultSwitch, parseFaultSetting } from "./faults.ts";
import { STANDIN_MODELS, type StandInModel } from "./models.ts";
import { warmUp } from "./translate.ts";

export interface TranslatorStandInOptions {
  /** 0 picks any free port. Default 12112 (beside the Stripe emulator's 12111). */
  port?: number;
  /**
   * Default 127.0.0.1, and ::1 on the same port where the machine has it, since the Worker asks for `localhost`, which
   * some systems resolve to ::1 first. Loopback only: the stand-in is for this machine.
   */
  host?: string;
  /** A bad day from the start (faults.ts); `/__standin/faults` changes it later. */
  fault?: FaultSetting;
}

export interface RunningTranslatorStandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * One call a model took, as `GET /__standin/calls` lists it: the text and languages as the stand-in read them (for
 * m2m100 `source_lang` with its default applied; for the instruct model the text between the prompt's delimiters and
 * the languages its system message names, as ISO 639-1 codes), and the model.
 */
export interface StandInCall {
  text: string;
  source_lang: string;
  target_lang: string;
  model: string;
}

const RUN_PATH = /^\/client\/v4\/accounts\/[^/]+\/ai\/run\/(.+)$/;
const FAULTS_PATH = "/__standin/faults";
const CALLS_PATH = "/__standin/calls";
/** Past this many, the oldest calls are forgotten (a long `npm run dev` session). */
const CALL_LOG_LIMIT = 10_000;
/** Bodies above this are refused as Workers AI refuses a request too large (413, 3006). */
const MAX_BODY_BYTES = 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** Workers AI's REST error shape. */
function sendError(res: ServerResponse, status: number, code: number, message: string, headers = {}): void {
  send(res, status, { result: null, success: false, errors: [{ code, message }], messages: [] }, headers);
}

/** The body as text, or null when it is larger than MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function decodedSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

class StandIn {
  readonly faults: FaultSwitch;
  private calls: StandInCall[] = [];
  private closing = new AbortController();

  constructor(fault?: FaultSetting) {
    this.faults = new FaultSwitch(fault);
  }

  close(): void {
    this.closing.abort();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path === FAULTS_PATH) return this.faultControl(req, res);
    if (path === CALLS_PATH) return this.callsControl(req, res);
    const run = RUN_PATH.exec(path);
    if (!run || req.method !== "POST")
      return sendError(res, 404, AI_ERROR.noRoute, `Could not route to ${req.method} ${path}`);
    const name = decodedSafely(run[1]!);
    const model = STANDIN_MODELS.get(name);
    if (!model) return sendError(res, 400, AI_ERROR.noSuchModel, `No such model ${name} or task`);
    return this.runModel(model, req, res);
  }

  private async runModel(model: StandInModel, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === null) return sendError(res, 413, AI_ERROR.requestTooLarge, "Request is too large");
    if (body.trim() === "")
      return sendError(res, 400, AI_ERROR.incompleteRequest, "Request is missing headers or body: body");
    const parsed = parseJson(body);
    if (!parsed.ok) return sendError(res, 400, AI_ERROR.badInput, "AiError: Bad input: the body is not JSON");
    const problems = schemaProblems(model.inputSchema, parsed.value);
    if (problems.length > 0)
      return sendError(res, 400, AI_ERROR.badInput, `AiError: Bad input: ${problems.join("; ")}`);
    const reading = model.read(parsed.value);
    if (!reading.ok) return sendError(res, 400, AI_ERROR.badInput, `AiError: Bad input: ${reading.problem}`);
    const { call } = reading;

    this.calls.push({ text: call.text, source_lang: call.source, target_lang: call.target, model: model.id });
    if (this.calls.length > CALL_LOG_LIMIT) this.calls.splice(0, this.calls.length - CALL_LOG_LIMIT);
    const fault = this.faults.draw(call.text, model.id);
    if (fault.delayMs > 0 && !(await this.wait(fault.delayMs, res))) return;
    const note = `stand-in fault "${fault.mode}"`;
    switch (fault.mode) {
      case "fail":
        return sendError(res, 500, AI_ERROR.internal, `AiError: Internal server error (${note})`);
      case "refuse":
        return sendError(res, 400, AI_ERROR.badInput, `AiError: the model refused this input (${note})`);
      case "bad-input":
        return sendError(
          res,
          400,
          AI_ERROR.badInput,
          `AiError: Bad input: the model could not read this input (${note})`,
        );
      case "rate-limit":
        return sendError(res, 429, AI_ERROR.throttled, "Please wait and consider throttling your request speed", {
          "Retry-After": String(fault.retryAfterSeconds),
        });
      case "capacity":
        return sendError(res, 429, AI_ERROR.outOfCapacity, "No more data centers to forward the request to");
      case "quota":
        return sendError(
          res,
          429,
          AI_ERROR.accountLimited,
          "You have used up your daily free allocation of 10,000 neurons. Please upgrade to Cloudflare's Workers Paid plan if you would like to continue usage.",
        );
      case "timeout-408":
        return sendError(res, 408, AI_ERROR.timeout, "Request timeout");
      default: {
        const result = model.answer(call, fault.mode === "truncated");
        return send(res, 200, { result, success: true, errors: [], messages: [] });
      }
    }
  }

  /** Resolves true after `ms`, or false as soon as the caller hangs up or the stand-in closes (nothing to answer). */
  private wait(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closing.signal.aborted) return resolve(false);
      const end = (answered: boolean) => {
        clearTimeout(timer);
        res.off("close", gone);
        this.closing.signal.removeEventListener("abort", gone);
        resolve(answered);
      };
      const gone = () => end(false);
      const timer = setTimeout(() => end(true), ms);
      res.once("close", gone);
      this.closing.signal.addEventListener("abort", gone, { once: true });
    });
  }

  private async faultControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === "GET") return send(res, 200, this.faults.view());
    if (req.method === "DELETE") return send(res, 200, this.faults.clear());
    if (req.method !== "POST")
      return send(
        res,
        405,
        { error: `${req.method} ${FAULTS_PATH}: GET, POST or DELETE.` },
        { Allow: "GET, POST, DELETE" },
      );
    const parsed = parseJson((await readBody(req)) ?? "");
    try {
      if (!parsed.ok) throw new FaultSettingError(`Not JSON: expected a setting such as {"mode":"fail","times":1}.`);
      return send(res, 200, this.faults.set(parseFaultSetting(parsed.value)));
    } catch (error) {
      if (!(error instanceof FaultSettingError)) throw error;
      return send(res, 400, { error: error.message });
    }
  }

  private callsControl(req: IncomingMessage, res: ServerResponse): void {
    if (req.method === "GET") send(res, 200, { calls: this.calls });
    else if (req.method === "DELETE") {
      send(res, 200, { deleted: this.calls.length });
      this.calls = [];
    } else send(res, 405, { error: `${req.method} ${CALLS_PATH}: GET or DELETE.` }, { Allow: "GET, DELETE" });
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export async function startTranslatorStandIn(
  options: TranslatorStandInOptions = {},
): Promise<RunningTranslatorStandIn> {
  warmUp();
  const standIn = new StandIn(options.fault);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    standIn.handle(req, res).catch((error: unknown) => {
      console.error("[translator-standin]", error);
      if (!res.headersSent) sendError(res, 500, AI_ERROR.internal, "AiError: the stand-in failed");
      else res.end();
    });
  };
  const host = options.host ?? "127.0.0.1";
  const primary = createServer(handler);
  await listen(primary, options.port ?? 12112, host);
  const port = (primary.address() as AddressInfo).port;
  const servers = [primary];
  if (options.host === undefined) {
    // The IPv6 loopback too, where there is one; a machine without it (or with the port taken there) keeps IPv4 only.
    const secondary = createServer(handler);
    try {
      await listen(secondary, port, "::1");
      servers.push(secondary);
    } catch {}
  }
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: async () => {
      standIn.close();
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      );
    },
  };
}
