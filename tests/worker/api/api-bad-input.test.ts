// Issue 31, "bad input never breaks anything": the storage, page-visit and bookmark calls parse their JSON body with a
// schema first (worker/http/json-body.ts). Bad bodies get 400 invalid_request (415 not JSON, 413 too large), never a
// 500 and never a lax reading of them, and change nothing: no object stored or deleted, no row written.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { getSessionUser } from "#worker/services/sessions";
import { freshIp } from "../support/auth-helpers";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { call, countVisits, db, signUp } from "../support/helpers";
import { PNG, newMember } from "../support/media-fixtures";

/** A POST whose body is sent exactly as given (not JSON.stringify'd), as application/json unless told otherwise. */
function postRaw(
  path: string,
  body: string,
  { cookie, contentType = "application/json", ip }: { cookie?: string; contentType?: string; ip?: string } = {},
) {
  return call(path, {
    method: "POST",
    body,
    cookie,
    headers: { "content-type": contentType, ...(ip ? { "cf-connecting-ip": ip } : {}) },
  });
}

const DEEP_ARRAY = "[".repeat(5000) + "]".repeat(5000);
/** JSON that is not an object, or an object whose only key is a prototype method's name. */
const NON_OBJECT_BODIES = ['{"toString":1}', DEEP_ARRAY, "null", '"x"', "1", "[]"];
/** Over MAX_JSON_BODY_BYTES, however valid the rest of the body. */
const PADDING = "x".repeat(70_000);

async function expectRefused(response: Response, status: number, error: string) {
  expect([response.status, await response.json()]).toEqual([status, { error }]);
}

const pendingUploadsOf = async (profileId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM pending_uploads WHERE owner_profile_id = ?")
      .bind(profileId)
      .first<{ n: number }>()
  )?.n;
const objectsUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

describe("storage calls refuse bad JSON bodies", () => {
  let member: Awaited<ReturnType<typeof newMember>>;
  let avatarUrl: string;
  let avatarKey: string;
  const folder = () => `v1/user-profile/${member.profileId}/`;
  const avatarPath = () => `${folder()}avatar`;

  beforeAll(async () => {
    member = await newMember("Badi");
    const form = new FormData();
    form.append("files", new File([PNG], "a.png", { type: "image/png" }));
    form.set("domainPath", "user-profile");
    form.set("domainIdPath", member.profileId);
    form.set("fieldPath", "avatar");
    const uploaded = await call("/api/google/storage/upload", { method: "POST", body: form, cookie: member.cookie });
    avatarUrl = (await uploaded.json<{ urls: string[] }>()).urls[0];
    avatarKey = parseMediaKey(avatarUrl)!.key;
  });

  /** The folder as it stood after the upload: the avatar only, nothing pending. */
  async function expectFolderUnchanged() {
    expect(await objectsUnder(folder())).toEqual([avatarKey]);
    expect(await pendingUploadsOf(member.profileId)).toBe(0);
  }

  it("answers 400 invalid_request to non-object JSON, deep nesting and toString keys on /sign/write, /sign/read and /delete", async () => {
    const prototypeFields = [
      '{"path":{"toString":1}}',
      '{"url":{"toString":1}}',
      '{"path":{"toString":1},"contentType":"image/png","size":10}',
    ];
    for (const path of ["/sign/write", "/sign/read", "/delete"]) {
      for (const body of [...NON_OBJECT_BODIES, ...prototypeFields]) {
        const response = await postRaw(`/api/google/storage${path}`, body, { cookie: member.cookie });
        expect([path, body.slice(0, 24), response.status, await response.json()]).toEqual([
          path,
          body.slice(0, 24),
          400,
          { error: "invalid_request" },
        ]);
      }
    }
    await expectFolderUnchanged();
  });

  it("refuses a path or url that is not a string instead of reading it as one: an array path deletes nothing", async () => {
    await expectRefused(
      await postRaw("/api/google/storage/delete", JSON.stringify({ path: [avatarUrl] }), { cookie: member.cookie }),
      400,
      "invalid_request",
    );
    await expectRefused(
      await postRaw("/api/google/storage/delete", JSON.stringify({ url: [avatarUrl] }), { cookie: member.cookie }),
      400,
      "invalid_request",
    );
    await expectRefused(
      await postRaw("/api/google/storage/sign/read", JSON.stringify({ url: [avatarUrl] }), { cookie: member.cookie }),
      400,
      "invalid_request",
    );
    await expectRefused(
      await postRaw("/api/google/storage/delete", "{}", { cookie: member.cookie }),
      400,
      "invalid_request",
    );
    await expectFolderUnchanged();
  });

  it("refuses signed-write sizes that are not positive safe integers: 10.5, true, [10], '10', '1e2', '0x10'", async () => {
    for (const size of [10.5, true, [10], "10", "1e2", "0x10", 0, -1, 2 ** 53, null]) {
      const body = JSON.stringify({ path: avatarPath(), contentType: "image/png", size });
      const response = await postRaw("/api/google/storage/sign/write", body, { cookie: member.cookie });
      expect([size, response.status, await response.json()]).toEqual([size, 400, { error: "invalid_request" }]);
    }
    await expectFolderUnchanged();
    // The same body with a whole size is signed as before.
    const valid = await postRaw(
      "/api/google/storage/sign/write",
      JSON.stringify({ path: avatarPath(), contentType: "image/png", size: 10 }),
      { cookie: member.cookie },
    );
    expect(valid.status).toBe(200);
  });

  it("refuses a body that is not sent as JSON (415) or is over the size limit (413), deleting nothing", async () => {
    const body = JSON.stringify({ url: avatarUrl });
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      await expectRefused(
        await postRaw("/api/google/storage/delete", body, { cookie: member.cookie, contentType }),
        415,
        "unsupported_media_type",
      );
    }
    await expectRefused(
      await postRaw("/api/google/storage/delete", JSON.stringify({ url: avatarUrl, padding: PADDING }), {
        cookie: member.cookie,
      }),
      413,
      "payload_too_large",
    );
    await expectFolderUnchanged();
  });
});

describe("page visits refuse bad JSON bodies", () => {
  let creator: SeededCreator;
  const FORM_VISIT = "/api/features/pageVisit/commission/form";
  beforeAll(async () => {
    creator = await seedCreator({ handle: `badv${uniqueTag()}`, forms: [{ title: { en: "Visited" }, price: 1000 }] });
  });
  const visits = () => countVisits(db(), "commission_form", creator.forms[0].id);

  it("answers 400 invalid_request to non-object JSON, deep nesting and toString keys, counting nothing", async () => {
    const formId = creator.forms[0].id;
    const prototypeFields = [
      JSON.stringify({ modelName: { toString: 1 }, modelId: formId }),
      JSON.stringify({ modelName: "commission_form", modelId: { toString: 1 } }),
    ];
    const before = await visits();
    for (const body of [...NON_OBJECT_BODIES, ...prototypeFields]) {
      const response = await postRaw(FORM_VISIT, body, { ip: freshIp() });
      expect([body.slice(0, 24), response.status, await response.json()]).toEqual([
        body.slice(0, 24),
        400,
        { error: "invalid_request" },
      ]);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await visits()).toBe(before);
  });

  it("refuses a visit not sent as JSON (415) or over the size limit (413), counting nothing", async () => {
    const formId = creator.forms[0].id;
    const before = await visits();
    const body = JSON.stringify({ modelName: "commission_form", modelId: formId });
    await expectRefused(
      await postRaw(FORM_VISIT, body, { contentType: "text/plain", ip: freshIp() }),
      415,
      "unsupported_media_type",
    );
    await expectRefused(
      await postRaw(FORM_VISIT, JSON.stringify({ modelName: "commission_form", modelId: formId, padding: PADDING }), {
        ip: freshIp(),
      }),
      413,
      "payload_too_large",
    );
    expect(await visits()).toBe(before);
  });
});

describe("bookmarks refuse bad JSON bodies", () => {
  let creator: SeededCreator;
  let cookie: string;
  let accountId: string;
  const BOOKMARK = "/api/features/bookmark/order/submit";
  beforeAll(async () => {
    const tag = uniqueTag();
    creator = await seedCreator({
      handle: `badb${tag}`,
      forms: [{ title: { en: "Bookmarked" }, price: 1000 }],
      services: [{ title: "Service", price: 1000, formIndex: 0 }],
    });
    cookie = await signUp(`bb${tag}`, `bb${tag}@example.com`);
    accountId = (await getSessionUser(db(), decodeURIComponent(cookie.split("=")[1])))!.accountId;
  });
  const bookmarkRows = async () =>
    (
      await env.DB.prepare("SELECT count(*) AS n FROM bookmarks WHERE user_account_id = ?")
        .bind(accountId)
        .first<{ n: number }>()
    )?.n;

  it("refuses an empty commissionFormId or commissionServiceId with 400, writing no row", async () => {
    const bodies = [
      { commissionFormId: "", isActive: true },
      { commissionServiceId: "", isActive: true },
      { commissionFormId: "", commissionServiceId: creator.services[0], isActive: true },
      { commissionFormId: creator.forms[0].id, commissionServiceId: "", isActive: true },
    ];
    for (const body of bodies) {
      await expectRefused(await postRaw(BOOKMARK, JSON.stringify(body), { cookie }), 400, "invalid_request");
    }
    expect(await bookmarkRows()).toBe(0);
  });

  it("answers 400 invalid_request to non-object JSON, deep nesting and toString keys, writing no row", async () => {
    for (const body of [...NON_OBJECT_BODIES, JSON.stringify({ commissionFormId: { toString: 1 }, isActive: true })]) {
      await expectRefused(await postRaw(BOOKMARK, body, { cookie }), 400, "invalid_request");
    }
    expect(await bookmarkRows()).toBe(0);
  });

  it("refuses a bookmark not sent as JSON (415) or over the size limit (413), writing no row", async () => {
    const body = { commissionFormId: creator.forms[0].id, isActive: true };
    await expectRefused(
      await postRaw(BOOKMARK, JSON.stringify(body), { cookie, contentType: "text/plain" }),
      415,
      "unsupported_media_type",
    );
    await expectRefused(
      await postRaw(BOOKMARK, JSON.stringify({ ...body, padding: PADDING }), { cookie }),
      413,
      "payload_too_large",
    );
    expect(await bookmarkRows()).toBe(0);
  });
});
