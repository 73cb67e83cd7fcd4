import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as editServicePage from "#app/routes/dashboard/commission-forms-service-edit";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-nav";
import { createDb } from "#worker/db/client";
import { LOCALIZED, MEDIA_OWNERS } from "#worker/db/schema/localized-entities";
import { setBookmark } from "#worker/services/bookmarks";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { getBookmark } from "../support/helpers";

/**
 * Deleting a service from its edit page (intent=delete): the owner deletes it with its texts, thumbnail media and
 * categories, and clients' bookmarks of it go by cascade; the form it sold and other services stay. Anyone else
 * gets a 404 and nothing changes. Each test seeds its own creators.
 */
const db = () => createDb(env.DB);

async function pageContext(accountId: string) {
  const { token } = await createSession(db(), accountId);
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL("http://localhost/dashboard"),
    executionCtx: {} as ExecutionContext,
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale: "en",
  });
  return context;
}

async function deleteAs(accountId: string, serviceId: string): Promise<Response> {
  const body = new FormData();
  body.set("intent", "delete");
  const request = new Request(`http://localhost/dashboard/commission/setting/service/${serviceId}`, {
    method: "POST",
    body,
  });
  try {
    return (await editServicePage.action({
      request,
      context: await pageContext(accountId),
      params: { serviceId },
    } as never)) as Response;
  } catch (thrown) {
    // React Router's data()/redirect() are thrown; a thrown data() carries its status in `init`.
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

async function seedServiceWithThumbnail() {
  const tag = uniqueTag();
  const owner = await seedCreator({
    handle: `sdel${tag}`,
    forms: [{ title: { en: "Sold form" }, price: 1000 }],
    services: [
      { title: "Goes", price: 1000, formIndex: 0, category: "logo-graphic" },
      { title: "Stays", price: 2000, formIndex: 0 },
    ],
  });
  const client = await seedCreator({ handle: `scli${tag}`, creator: false });
  const [serviceId] = owner.services;
  const mediaId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO media (id, owner_user_account_id, format_type, media_type, link_url, link_site) VALUES (?, ?, 'LINK', 'IMAGE', 'https://example.com/t.png', 'example.com')",
    ).bind(mediaId, owner.accountId),
    env.DB.prepare(
      "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field) VALUES (?, ?, ?, ?, 'medias')",
    ).bind(crypto.randomUUID(), mediaId, MEDIA_OWNERS.commissionService.type, serviceId),
  ]);
  expect(await setBookmark(db(), client.accountId, { kind: "service", id: serviceId }, true)).toBe(true);
  return { owner, client, serviceId, mediaId };
}

describe("deleting a service", () => {
  it("lets the owner delete it with its texts, thumbnail, categories and bookmarks, and keeps the form and other services", async () => {
    const { owner, client, serviceId, mediaId } = await seedServiceWithThumbnail();
    const response = await deleteAs(owner.accountId, serviceId);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(DASHBOARD_PATHS.forms);

    expect(await count("SELECT count(*) AS n FROM commission_services WHERE id = ?", serviceId)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM localized_texts WHERE entity_type = ? AND entity_id = ?",
        LOCALIZED.commissionService.type,
        serviceId,
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM media WHERE id = ?", mediaId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM media_attachments WHERE owner_id = ?", serviceId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM commission_service_categories WHERE service_id = ?", serviceId)).toBe(
      0,
    );
    expect(await getBookmark(db(), client.accountId, { kind: "service", id: serviceId })).toBeNull();
    expect(await count("SELECT count(*) AS n FROM bookmarks WHERE service_id = ?", serviceId)).toBe(0);

    expect(await count("SELECT count(*) AS n FROM commission_forms WHERE id = ?", owner.forms[0].id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM commission_services WHERE id = ?", owner.services[1])).toBe(1);
  });

  it("answers 404 to another creator and leaves the service, its media and its bookmarks as they were", async () => {
    const { client, serviceId, mediaId } = await seedServiceWithThumbnail();
    const stranger = await seedCreator({ handle: `sstr${uniqueTag()}` });
    expect((await deleteAs(stranger.accountId, serviceId)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM commission_services WHERE id = ?", serviceId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM media WHERE id = ?", mediaId)).toBe(1);
    expect(await getBookmark(db(), client.accountId, { kind: "service", id: serviceId })).toBe(true);
  });

  it("answers 404 for a service that no longer exists", async () => {
    const { owner, serviceId } = await seedServiceWithThumbnail();
    expect((await deleteAs(owner.accountId, serviceId)).status).toBe(302);
    expect((await deleteAs(owner.accountId, serviceId)).status).toBe(404);
  });
});
