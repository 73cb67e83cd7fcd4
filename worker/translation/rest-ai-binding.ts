/**
 * The Workers AI binding's shape over Workers AI's REST API (`POST {baseUrl}/client/v4/accounts/{account}/ai/run/
 * {model}` → `{ result, success, errors, messages }`): `run` answers the `result`, as the binding does, and throws as
 * the binding throws, an error named InferenceUpstreamError whose message starts with Workers AI's code ("3040: …"),
 * plus the HTTP `status` the binding lacks. Outside production the Worker reaches the local stand-in this way; the
 * translation eval (`npm run translation:eval -- --remote`) reaches Cloudflare itself with a token.
 */
import type { AiBinding } from "./model-call";

export interface RestAiSettings {
  /** Where the API is: `https://api.cloudflare.com`, or the stand-in's `http://127.0.0.1:{port}`. */
  baseUrl: string;
  accountId: string;
  /** A Cloudflare API token with Workers AI read access; the stand-in needs none. */
  token?: string;
}

interface RestAnswer {
  result?: unknown;
  success?: boolean;
  errors?: { code?: unknown; message?: unknown }[];
}

/** An error as the binding throws it, with the REST answer's status beside. */
function inferenceUpstreamError(code: number, message: string, status: number): Error & { status: number } {
  const error = Object.assign(new Error(`${code}: ${message}`), { status });
  error.name = "InferenceUpstreamError";
  return error;
}

async function answerOf(response: Response): Promise<RestAnswer | null> {
  try {
    return (await response.json()) as RestAnswer;
  } catch {
    return null;
  }
}

export function restAiBinding({ baseUrl, accountId, token }: RestAiSettings): AiBinding {
  const base = `${baseUrl.replace(/\/+$/, "")}/client/v4/accounts/${encodeURIComponent(accountId)}/ai/run/`;
  return {
    async run(model, input, options = {}) {
      const response = await fetch(`${base}${model}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(input),
        signal: options.signal,
      });
      const answer = await answerOf(response);
      if (response.ok && answer?.success !== false) return answer?.result;
      const [first] = answer?.errors ?? [];
      const code = typeof first?.code === "number" ? first.code : response.status;
      const message = typeof first?.message === "string" ? first.message : response.statusText || "no message";
      throw inferenceUpstreamError(code, message, response.status);
    },
  };
}
