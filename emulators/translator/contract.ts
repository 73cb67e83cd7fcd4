// The translation models' contracts, written down once: what Workers AI documents for Meta's m2m100 and for Google's
// gemma-3-12b-it (the instruct model Comet translates with first), and the REST envelope both answer in. The stand-in (server.ts) validates against it and the contract test
// (tests/emulator/translator-standin.test.ts) holds the stand-in's answers to it; a Worker-side test can hold what the
// Worker sends to the same schemas. No Node import here, so workerd can load it too.
//
// Sources:
// - the model: https://developers.cloudflare.com/workers-ai/models/m2m100-1.2b/ (input and output JSON Schemas,
//   the REST form `POST https://api.cloudflare.com/client/v4/accounts/{ACCOUNT_ID}/ai/run/@cf/meta/m2m100-1.2b`,
//   $0.34 per million input tokens and $0.34 per million output tokens);
// - the instruct model: https://developers.cloudflare.com/workers-ai/models/gemma-3-12b-it/ and its generated types
//   (worker-configuration.d.ts, `Ai_Cf_Google_Gemma_3_12B_It_Messages` and `_Output`): `{ messages, max_tokens,
//   temperature, … }` in, `{ response, usage? }` out; 80,000 tokens of context on Workers AI; $0.345 per million input
//   tokens and $0.556 per million output tokens;
// - the errors: https://developers.cloudflare.com/workers-ai/platform/errors/ (internal code and HTTP status per
//   error). A schema violation is answered with code 5006, "AiError: Bad input: …", which that table does not list;
//   its shape is as Workers AI answered it in https://github.com/cloudflare/ai/issues/279. The binding throws the same
//   code at the head of its message ("3040: Capacity temporarily exceeded, please try again.", as quoted on
//   Cloudflare's forum: https://answeroverflow.com/m/1349849373210574900).

export const M2M100_MODEL = "@cf/meta/m2m100-1.2b";
export const INSTRUCT_MODEL = "@cf/google/gemma-3-12b-it";
/** What Workers AI generates when a call gives no `max_tokens` (the text-generation models' documented default). */
export const INSTRUCT_DEFAULT_MAX_TOKENS = 256;

/** The subset of JSON Schema these schemas use. */
export interface JsonSchema {
  type?: "object" | "string" | "integer" | "number" | "boolean" | "array" | "null" | ("object" | "null")[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** false: no key beyond `properties`. */
  additionalProperties?: boolean;
  minLength?: number;
  default?: unknown;
  const?: unknown;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  description?: string;
}

/**
 * The synchronous input, as documented. One stricter point, the stand-in's own: no key beyond the three
 * (`additionalProperties: false`), so a misspelt key (`sourceLang`) fails a test rather than silently translating
 * from the default language. The documented batch form (`{ requests: [...] }`, queued, answered later) is not served:
 * Comet translates one text per call.
 */
export const M2M100_INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    text: { type: "string", minLength: 1, description: "The text to be translated" },
    source_lang: {
      type: "string",
      default: "en",
      description: "The language code of the source text (e.g., 'en' for English). Defaults to 'en' if not specified",
    },
    target_lang: {
      type: "string",
      description: "The language code to translate the text into (e.g., 'es' for Spanish)",
    },
  },
  required: ["text", "target_lang"],
  additionalProperties: false,
};

/**
 * The synchronous output, as documented (`translated_text` is not marked required there; the stand-in always sends
 * it, and the contract test checks that separately). The binding returns this object; the REST form wraps it in
 * `result`.
 */
export const M2M100_OUTPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    translated_text: { type: "string", description: "The translated text in the target language" },
  },
  additionalProperties: false,
};

/**
 * The instruct model's synchronous input in its messages form, as documented, with the stand-in's own stricter points:
 * no key beyond those documented for a text call (tools, functions, images and `guided_json` are not Comet's and not
 * served), a message's `content` is a string (the documented list of parts is for images), and `stream` and `raw`,
 * which change what comes back, are refused (Comet waits for the whole answer). The prompt form (`{ prompt }`) is
 * documented too; the stand-in serves the messages form, which is what Comet sends.
 */
export const INSTRUCT_INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    messages: {
      type: "array",
      minItems: 1,
      description: "An array of message objects representing the conversation history.",
      items: {
        type: "object",
        properties: {
          role: {
            type: "string",
            description: "The role of the message sender (e.g., 'user', 'assistant', 'system').",
          },
          content: { type: "string", description: "The content of the message." },
        },
        required: ["role", "content"],
        additionalProperties: false,
      },
    },
    max_tokens: { type: "integer", description: "The maximum number of tokens to generate in the response." },
    temperature: { type: "number", description: "Controls the randomness of the output." },
    top_p: { type: "number" },
    top_k: { type: "number" },
    seed: { type: "integer" },
    repetition_penalty: { type: "number" },
    frequency_penalty: { type: "number" },
    presence_penalty: { type: "number" },
  },
  required: ["messages"],
  additionalProperties: false,
};

/** The instruct model's synchronous output, as documented (tool calls left out: Comet offers the model none). */
export const INSTRUCT_OUTPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    response: { type: "string", description: "The generated text response from the model" },
    usage: {
      type: "object",
      properties: {
        prompt_tokens: { type: "integer" },
        completion_tokens: { type: "integer" },
        total_tokens: { type: "integer" },
      },
      additionalProperties: false,
    },
  },
  required: ["response"],
  additionalProperties: false,
};

/** The REST answer to a call that ran: `{ result, success: true, errors: [], messages: [] }`, `result` the output. */
export function restSuccessSchema(output: JsonSchema): JsonSchema {
  return {
    type: "object",
    properties: {
      result: output,
      success: { const: true },
      errors: { type: "array", maxItems: 0 },
      messages: { type: "array" },
    },
    required: ["result", "success", "errors", "messages"],
    additionalProperties: false,
  };
}

/**
 * The REST answer to a call that did not: `{ result, success: false, errors: [{ code, message }], messages: [] }`.
 * The stand-in sends `result: null`; Workers AI has been seen sending `{}` (issue 279 above), so a reader must not
 * lean on either.
 */
export const REST_ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    result: { type: ["object", "null"] },
    success: { const: false },
    errors: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: { code: { type: "integer" }, message: { type: "string", minLength: 1 } },
        required: ["code", "message"],
        additionalProperties: false,
      },
    },
    messages: { type: "array" },
  },
  required: ["result", "success", "errors", "messages"],
  additionalProperties: false,
};

/** Workers AI's internal error codes the stand-in answers with (errors page above, and 5006 from issue 279). */
export const AI_ERROR = {
  /** 400: the body is missing. */
  incompleteRequest: 3003,
  /**
   * 400: the input breaks the model's schema, names a language the stand-in does not translate, or (the `refuse`
   * fault) the model will not take it.
   */
  badInput: 5006,
  /** 413: a body over the stand-in's 1 MiB. */
  requestTooLarge: 3006,
  /** 400: a model other than the two the stand-in serves. */
  noSuchModel: 5007,
  /** 429: "No more data centers to forward the request to" (the `capacity` fault). */
  outOfCapacity: 3040,
  /** 429: the account's daily free allocation is used up (the `quota` fault). */
  accountLimited: 3036,
  /** 408: Workers AI timed the call out itself (the `timeout-408` fault). */
  timeout: 3007,
  /**
   * 429: the Cloudflare API's "Please wait and consider throttling your request speed" (the `rate-limit` fault).
   * Workers AI documents per-minute limits per model but no code of its own for them.
   */
  throttled: 971,
  /** 500: the errors page lists no 500; this code is the stand-in's own (the `fail` fault). Do not branch on it. */
  internal: 3043,
  /** 404: the Cloudflare API's "Could not route to …" for a path it does not serve. */
  noRoute: 7003,
} as const;

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** What in `value` breaks `schema`, one line each (`text: must be at least 1 character`); empty when nothing does. */
export function schemaProblems(schema: JsonSchema, value: unknown, path = ""): string[] {
  const at = path || "body";
  if (schema.const !== undefined)
    return value === schema.const ? [] : [`${at}: must be ${JSON.stringify(schema.const)}`];
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    // JSON Schema's "number" takes integers too.
    const kind = kindOf(value) === "integer" && types.includes("number") ? "number" : kindOf(value);
    if (!types.includes(kind)) return [`${at}: must be ${types.join(" or ")}, got ${kindOf(value)}`];
  }
  const problems: string[] = [];
  if (typeof value === "string" && schema.minLength !== undefined && [...value].length < schema.minLength)
    problems.push(`${at}: must be at least ${schema.minLength} character${schema.minLength === 1 ? "" : "s"}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      problems.push(`${at}: must have at least ${schema.minItems} item(s)`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      problems.push(`${at}: must have at most ${schema.maxItems} item(s)`);
    const items = schema.items;
    if (items) value.forEach((item, i) => problems.push(...schemaProblems(items, item, `${at}[${i}]`)));
  }
  if (kindOf(value) === "object") {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (!Object.hasOwn(record, key)) problems.push(`${at}: must have required property '${key}'`);
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...schemaProblems(property, item, path ? `${path}.${key}` : key));
      else if (schema.additionalProperties === false) problems.push(`${at}: must not have property '${key}'`);
    }
  }
  return problems;
}
