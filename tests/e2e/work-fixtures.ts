// Portfolio works with visibility grants for the browser tests, made by the server under test through its test-only
// fixtures route (devFixture, as order-fixtures does): the work editor that writes grants is another helper's issue.
// Each test makes its own works between its own fresh users, so repeated runs share nothing.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { devFixture } from "./order-fixtures";
import { pngBytes } from "./png";

type Visibility = "PUBLIC" | "UNLISTED" | "PRIVATE";

/** A PUBLISHED work of the user at `ownerEmail` with an English title and description; returns its id and the owner's handle. */
export function insertWork(work: {
  ownerEmail: string;
  title: string;
  description: string;
  visibility: Visibility;
}): Promise<{ id: string; handle: string }> {
  return devFixture("work", work);
}

/** Gives `permission` on the work to the user at `email`. */
export function grantWork(
  workId: string,
  permission: "view" | "edit" | "admin" | "credit",
  email: string,
): Promise<unknown> {
  return devFixture("workGrant", { workId, permission, email });
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
  const { url, storedUrl, headers } = (await signed.json()) as {
    url: string;
    storedUrl: string;
    headers: Record<string, string>;
  };
  const put = await page.request.put(url, { data: bytes, headers: { ...headers, "sec-fetch-site": "same-origin" } });
  expect(put.status(), await put.text()).toBeLessThan(300);
  await devFixture("workPicture", { workId, ownerEmail, storedUrl, size: bytes.length });
  return storedUrl;
}

/** How many visits of the work the server counted. */
export async function visitsOf(workId: string): Promise<number> {
  return (await devFixture<{ visits: number }>("workVisits", { workId })).visits;
}
