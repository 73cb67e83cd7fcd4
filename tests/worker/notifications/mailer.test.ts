import { describe, expect, inject, it } from "vitest";
import { createHttpMailer, mailerFromEnv } from "#worker/mail/mailer";
import { db } from "../support/helpers";
import type { SeenRequest } from "#tests/global/provided-context";

/**
 * The production mailer (MAILER = "http") against a real local HTTP server (tests/global/mail-server.ts): the
 * request leaves workerd over the network, as it would to Resend. Each test posts to a path of its own.
 */
const server = inject("mailServerUrl");
const ownPath = (prefix = "emails") => `/${prefix}/${crypto.randomUUID()}`;
const seen = async (path: string) => (await fetch(`${server}/__seen${path}`)).json<SeenRequest[]>();
const message = { to: "client@example.com", subject: "Your sign-in code", text: "Your code is 123456." };

describe("the production HTTP mailer", () => {
  it("POSTs {from, to, subject, text} as JSON to the configured URL with the bearer key", async () => {
    const path = ownPath();
    await createHttpMailer({
      url: `${server}${path}`,
      apiKey: "re_test_key",
      from: "Comet <no-reply@comet.example>",
    }).send(message);
    const requests = await seen(path);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      path,
      authorization: "Bearer re_test_key",
      contentType: "application/json",
    });
    expect(JSON.parse(requests[0].body)).toEqual({
      from: "Comet <no-reply@comet.example>",
      to: ["client@example.com"],
      subject: message.subject,
      text: message.text,
    });
  });

  it("throws when the provider answers 500, naming the status, after one request", async () => {
    const path = ownPath("fail");
    await expect(
      createHttpMailer({ url: `${server}${path}`, apiKey: "k", from: "a@b.example" }).send(message),
    ).rejects.toThrow("Mail provider answered 500");
    expect(await seen(path)).toHaveLength(1);
  });

  it("is what MAILER=http selects, with the URL and key from the secrets; without them it refuses to start", async () => {
    const path = ownPath();
    const env = {
      MAILER: "http",
      MAIL_FROM: "from@comet.example",
      MAIL_API_URL: `${server}${path}`,
      MAIL_API_KEY: "secret-key",
    } as unknown as Env;
    await mailerFromEnv(env, db()).send(message);
    expect((await seen(path))[0]).toMatchObject({ authorization: "Bearer secret-key" });
    expect(() => mailerFromEnv({ MAILER: "http", MAIL_FROM: "x" } as unknown as Env, db())).toThrow(
      "MAILER=http needs the MAIL_API_URL and MAIL_API_KEY secrets",
    );
  });
});
