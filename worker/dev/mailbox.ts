import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { devMails } from "../db/schema";

/** How many messages /dev/mailbox shows: enough for a day of local testing, newest first. */
const DEV_MAILBOX_PAGE = 50;

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/** The messages the local mailer "sent" (worker/mail/mailer.ts, MAILER=dev-mailbox), newest first. */
export async function listDevMails(db: Database, limit = DEV_MAILBOX_PAGE): Promise<DevMail[]> {
  return db
    .select({
      id: devMails.id,
      to: devMails.to,
      subject: devMails.subject,
      text: devMails.text,
      createdAt: devMails.createdAt,
    })
    .from(devMails)
    .orderBy(desc(devMails.createdAt))
    .limit(limit);
}
