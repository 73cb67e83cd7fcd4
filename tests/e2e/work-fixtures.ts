// Portfolio works with visibility grants for the browser tests, written straight into the served test build's local D1
// (openD1, as order-fixtures does): the work editor that writes grants is another helper's issue. Each test makes its
// own works between its own fresh users, so repeated runs share nothing.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { openD1 } from "./order-fixtures";
import { pngBytes } from "./png";

type Visibility = "PUBLIC" | "UNLISTED" | "PRIVATE";

/** A PUBLISHED work of the user at `ownerEmail` with an English title and description; returns its id and the owner's handle. */
export function insertWork({ ownerEmail, title, description, visibility }: { ownerEmail: string; title: string; description: string; visibility: Visibility }) {
  const db = openD1();
  try {
    const owner = db.prepare("SELECT p.id, p.original_handle AS handle FROM user_profiles p JOIN user_accounts u ON u.id = p.account_id WHERE u.email = ?").get(ownerEmail) as
      | { id: string; handle: string }
      | undefined;
    if (!owner) throw new Error(`no profile for ${ownerEmail}`);
    const id = crypto.randomUUID();
    const now = Date.now();
    const text = (field: string, value: string) =>
      db.prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'portfolio_work', ?, ?, 'en', 1, ?)").run(crypto.randomUUID(), id, field, value);
    db.exec("BEGIN");
    db.prepare("INSERT INTO portfolio_works (id, profile_id, work_status, created_at, updated_at) VALUES (?, ?, 'PUBLISHED', ?, ?)").run(id, owner.id, now, now);
    text("title", title);
    text("description", description);
    db.prepare("INSERT INTO portfolio_work_tags (work_id, tag) VALUES (?, 'harbour')").run(id);
    db.prepare("INSERT INTO visibility_settings (id, item_type, item_id, visibility_status, created_at, updated_at) VALUES (?, 'portfolio_work', ?, ?, ?, ?)").run(
      crypto.randomUUID(),
      id,
      visibility,
      now,
      now,
    );
    db.exec("COMMIT");
    return { id, handle: owner.handle };
  } finally {
    db.close();
  }
}

/** Gives `permission` on the work to the user at `email`. */
export function grantWork(workId: string, permission: "view" | "edit" | "admin" | "credit", email: string) {
  const db = openD1();
  try {
    db.prepare(
      `INSERT INTO visibility_grants (id, visibility_setting_id, permission, user_account_id, created_at)
       VALUES (?, (SELECT id FROM visibility_settings WHERE item_type = 'portfolio_work' AND item_id = ?), ?, (SELECT id FROM user_accounts WHERE email = ?), ?)`,
    ).run(crypto.randomUUID(), workId, permission, email, Date.now());
  } finally {
    db.close();
  }
}

/**
 * Uploads a PNG into the work's media folder as its owner (signed in on `page`), through POST /sign/write and the
 * signed PUT, and attaches it as the work's first media. Returns the stored `/media/…` URL.
 */
export async function uploadWorkPicture(page: Page, workId: string, ownerEmail: string): Promise<string> {
  const bytes = pngBytes(16, 16);
  const signed = await page.request.post("/api/google/storage/sign/write", {
    data: { path: `v1/portfolio-work/${workId}/medias/picture.png`, contentType: "image/png", size: bytes.length },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const { url, storedUrl, headers } = (await signed.json()) as { url: string; storedUrl: string; headers: Record<string, string> };
  const put = await page.request.put(url, { data: bytes, headers: { ...headers, "sec-fetch-site": "same-origin" } });
  expect(put.status(), await put.text()).toBeLessThan(300);
  const db = openD1();
  try {
    const mediaId = crypto.randomUUID();
    db.prepare(
      `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url, file_type, file_size, created_at, updated_at)
       VALUES (?, (SELECT id FROM user_accounts WHERE email = ?), 'FILE', 'IMAGE', ?, 'image/png', ?, ?, ?)`,
    ).run(mediaId, ownerEmail, storedUrl, bytes.length, Date.now(), Date.now());
    db.prepare("INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, 'portfolio_work', ?, 'medias', 0)").run(crypto.randomUUID(), mediaId, workId);
    db.prepare("DELETE FROM pending_uploads WHERE key = ?").run(storedUrl.replace(/^\/media\//, ""));
  } finally {
    db.close();
  }
  return storedUrl;
}

/** How many visits of the work the server counted. */
export function visitsOf(workId: string): number {
  const db = openD1();
  try {
    return (db.prepare("SELECT count(*) AS n FROM page_visits WHERE model_name = 'portfolio_work' AND model_id = ?").get(workId) as { n: number }).n;
  } finally {
    db.close();
  }
}
