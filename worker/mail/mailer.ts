import type { Database } from "../db/client";
import { devMails } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mailer port: services send through this and never know which provider is behind it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Local default: keeps every message in D1 so /dev/mailbox can show it. */
export function createDevMailbox(db: Database): Mailer {
  return {
    async send(message) {
      await db.insert(devMails).values({ id: crypto.randomUUID(), ...message });
    },
  };
}

/**
 * Production: any provider with a JSON "send" endpoint taking {from, to, subject, text} and a bearer key
 * (Resend, Postmark's compatible gateway, or your own). Configured by MAIL_API_URL and MAIL_API_KEY secrets.
 */
export function createHttpMailer(config: { url: string; apiKey: string; from: string }): Mailer {
  return {
    async send(message) {
      const response = await fetch(config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: config.from, to: [message.to], subject: message.subject, text: message.text }),
      });
      if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
    },
  };
}

export function mailerFromEnv(env: Env, db: Database): Mailer {
  if (env.MAILER === "http") {
    const { MAIL_API_URL, MAIL_API_KEY } = env as unknown as { MAIL_API_URL?: string; MAIL_API_KEY?: string };
    if (!MAIL_API_URL || !MAIL_API_KEY) throw new Error("MAILER=http needs the MAIL_API_URL and MAIL_API_KEY secrets");
    return createHttpMailer({ url: MAIL_API_URL, apiKey: MAIL_API_KEY, from: env.MAIL_FROM });
  }
  return createDevMailbox(db);
}
