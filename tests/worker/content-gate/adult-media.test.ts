// The adult gate on the bytes (issue 75, finding 2; decision 110): an R-18 work's files (its media and og images) and
// an R-18 service's gallery are not at /media/ for anyone, and the pages hand the viewers the gate lets see them links
// signed for them alone, opened only with their own session and only while the gate still lets them.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as exploreRoute from "#app/routes/explore-creators";
import * as profileRoute from "#app/routes/profile";
import * as workRoute from "#app/routes/work";
import type { SessionUser } from "#worker/services/sessions";
import { PROFILE_SERVICE_PARAM } from "#worker/domain/service-links";
import { accountWithAdultChoice, seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { BASE, call } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import { grant } from "../support/visibility-fixtures";
import { newSession, viewerContext } from "../support/page-context";

const tag = uniqueTag();
let creator: SeededCreator;
let works: { allAges: string; r18: string };
let services: { plain: string; r18: string };
/** The stored files, as their media rows keep them (`/media/{key}`). */
let files: { allAges: string; r18: string; r18Og: string; r18Service: string };

type ViewerName = "signedOut" | "minor" | "plain" | "adult" | "owner" | "editor";
const users = {} as Record<ViewerName, SessionUser | null>;
const cookies = {} as Record<ViewerName, string>;
/** Kept out by the gate: signed out, a minor (who once ticked the box), an adult who did not confirm. */
const KEPT_OUT = ["signedOut", "minor", "plain"] as const;
/** Let in: the confirmed adult, the creator, an editor of the work (who is no confirmed adult). */
const LET_IN = ["adult", "owner", "editor"] as const;

const uid = () => crypto.randomUUID();

const account = (name: string, birthday: string | null, confirmed: boolean) =>
  accountWithAdultChoice(`${name}${tag}`, birthday, confirmed);

async function signIn(name: ViewerName, accountId: string) {
  ({ user: users[name], cookie: cookies[name] } = await newSession(accountId));
}

/** A media row of the owner attached to an item's field, its file stored in R2. */
async function attachFile(ownerType: "portfolio_work" | "commission_service", ownerId: string, field: string) {
  const domain = ownerType === "portfolio_work" ? "portfolio-work" : "commission-service";
  const mediaId = uid();
  const url = `/media/v1/${domain}/${ownerId}/${field}/${mediaId}.png`;
  await env.MEDIA.put(url.slice("/media/".length), PNG, { httpMetadata: { contentType: "image/png" } });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url) VALUES (?, ?, 'FILE', 'IMAGE', ?)",
    ).bind(mediaId, creator.accountId, url),
    env.DB.prepare(
      "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, ?, ?, ?, 0)",
    ).bind(uid(), mediaId, ownerType, ownerId, field),
  ]);
  return url;
}

const fileOfWork = async (workId: string) =>
  String(
    (await env.DB.prepare(
      "SELECT m.file_url FROM media m JOIN media_attachments a ON a.media_id = m.id WHERE a.owner_id = ? AND a.field = 'medias'",
    )
      .bind(workId)
      .first<{ file_url: string }>())!.file_url,
  );

beforeAll(async () => {
  creator = await seedCreator({
    handle: `bytes${tag}`,
    name: { en: `Bytes ${tag}` },
    works: 2,
    services: [
      { title: "Daytime", price: 5000 },
      { title: "Night", price: 9000 },
    ],
  });
  const [allAges, r18] = creator.works;
  works = { allAges, r18 };
  const [plain, adultService] = creator.services;
  services = { plain, r18: adultService };
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO portfolio_work_content_ratings (work_id, content_rating_code) VALUES (?, 'all-ages')",
    ).bind(allAges),
    env.DB.prepare("INSERT INTO portfolio_work_content_ratings (work_id, content_rating_code) VALUES (?, 'r18')").bind(
      r18,
    ),
    env.DB.prepare("UPDATE commission_services SET content_rating_code = 'r18' WHERE id = ?").bind(adultService),
  ]);
  files = {
    allAges: await fileOfWork(allAges),
    r18: await fileOfWork(r18),
    r18Og: await attachFile("portfolio_work", r18, "og_images"),
    r18Service: await attachFile("commission_service", adultService, "medias"),
  };
  for (const url of [files.allAges, files.r18])
    await env.MEDIA.put(url.slice("/media/".length), PNG, { httpMetadata: { contentType: "image/png" } });
  users.signedOut = null;
  cookies.signedOut = "";
  // Ticked the box, then the birthday was corrected to a minor's: the choice no longer holds.
  await signIn("minor", await account("minor", "2015-04-01", true));
  await signIn("plain", await account("plain", "1990-04-01", false));
  await signIn("adult", await account("adult", "1990-04-01", true));
  await signIn("owner", creator.accountId);
  const editor = await account("editor", null, false);
  await grant(works.r18, "edit", { userAccountId: editor });
  await signIn("editor", editor);
});

const get = (path: string, name: ViewerName) => call(path, cookies[name] ? { cookie: cookies[name] } : {});

function contextOf(name: ViewerName, path: string) {
  return viewerContext(users[name], cookies[name]?.split("=")[1], path, "en");
}

/** A page loader's answer for this viewer, as JSON. */
async function load(route: { loader: (args: never) => unknown }, name: ViewerName, path: string, params: object) {
  const data = await route.loader({
    params,
    request: new Request(`${BASE}${path}`),
    context: contextOf(name, path),
  } as never);
  return JSON.stringify(data);
}

/** The signed read URLs of a stored URL's object in a page's answer. */
const signedIn = (body: string, stored: string) => {
  const key = stored.slice("/media/".length).replace(/[.]/g, "\\.");
  return [...body.matchAll(new RegExp(`/api/google/storage/object/${key}\\?token=[A-Za-z0-9._~%-]+`, "g"))].map(
    (m) => m[0],
  );
};

/** What a viewer's pages hand out for the gated files: the profile (cards, lightbox, services, service modal), explore, the work page. */
async function pagesOf(name: ViewerName) {
  const profilePath = `/${creator.handle}?${PROFILE_SERVICE_PARAM}=${services.r18}`;
  const profile = await load(profileRoute, name, profilePath, { handle: creator.handle });
  const explore = await load(exploreRoute, name, `/explore/creators?q=bytes${tag}`, {});
  const workPath = `/${creator.handle}/works/${works.r18}`;
  const work = await load(workRoute, name, workPath, { handle: creator.handle, workId: works.r18 });
  return { profile, explore, work };
}

describe("/media/ serves no gated file, whoever asks (issue 75, finding 2)", () => {
  it("an R-18 work's files and og images and an R-18 service's gallery answer 404, kept by no cache", async () => {
    for (const name of [...KEPT_OUT, ...LET_IN]) {
      for (const file of [files.r18, files.r18Og, files.r18Service]) {
        const response = await get(file, name);
        expect({ name, file, status: response.status }).toEqual({ name, file, status: 404 });
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
    }
  });

  it("an all-ages work's file is still public and cacheable", async () => {
    const response = await call(files.allAges);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, s-maxage=60, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });
});

describe("the pages give the viewers the gate lets in links signed for them", () => {
  it("a confirmed adult, the creator and an editor get signed links that serve the bytes, kept by no cache", async () => {
    for (const name of ["adult", "owner"] as const) {
      const { profile, explore, work } = await pagesOf(name);
      // The profile's work card and lightbox, its service card's thumbnail and the open service's gallery.
      expect({ name, page: "profile", work: signedIn(profile, files.r18).length > 0 }).toEqual({
        name,
        page: "profile",
        work: true,
      });
      expect(signedIn(profile, files.r18Service).length).toBeGreaterThanOrEqual(2);
      expect(profile).not.toContain(`"${files.r18}"`);
      expect(profile).not.toContain(`"${files.r18Service}"`);
      // The all-ages work keeps its public, cacheable URL.
      expect(profile).toContain(`"${files.allAges}"`);
      expect(signedIn(profile, files.allAges)).toEqual([]);
      // Explore's card thumbnails.
      expect({ name, page: "explore", signed: signedIn(explore, files.r18).length > 0 }).toEqual({
        name,
        page: "explore",
        signed: true,
      });
      expect(explore).not.toContain(files.r18.replace(".png", ""));
      // The work page: its media and its og image (the page is one this viewer sees).
      expect(signedIn(work, files.r18).length).toBeGreaterThan(0);
      expect(signedIn(work, files.r18Og).length).toBeGreaterThan(0);
      expect(work).not.toContain(`"${files.r18}"`);
      for (const url of [
        ...signedIn(profile, files.r18),
        ...signedIn(profile, files.r18Service),
        ...signedIn(explore, files.r18),
        ...signedIn(work, files.r18Og),
      ]) {
        const response = await get(url, name);
        expect({ name, url, status: response.status }).toEqual({ name, url, status: 200 });
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
      }
    }
    // An editor who is no confirmed adult sees the work they edit (its page, as decision 110 says), and its pictures.
    const { work } = await pagesOf("editor");
    const [url] = signedIn(work, files.r18);
    expect((await get(url, "editor")).status).toBe(200);
  });

  it("a signed link opens for nobody but the viewer it was signed for: not signed out, not a minor, not another member", async () => {
    const { profile } = await pagesOf("adult");
    const [work] = signedIn(profile, files.r18);
    const [service] = signedIn(profile, files.r18Service);
    for (const url of [work, service]) {
      for (const name of [...KEPT_OUT, "editor"] as const) {
        const response = await get(url, name);
        expect({ name, url, status: response.status }).toEqual({ name, url, status: 403 });
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
      expect((await get(url, "adult")).status).toBe(200);
    }
  });

  it("a signed-out page, the edge cache's copy for everyone, holds no signed link and no gated file", async () => {
    const profilePath = `/${creator.handle}?${PROFILE_SERVICE_PARAM}=${services.r18}`;
    const profile = await load(profileRoute, "signedOut", profilePath, { handle: creator.handle });
    const explore = await load(exploreRoute, "signedOut", `/explore/creators?q=bytes${tag}`, {});
    expect(profile).toContain(files.allAges);
    for (const body of [profile, explore]) {
      expect(body).not.toContain("/api/google/storage/object/");
      expect(body).not.toContain(works.r18);
      expect(body).not.toContain(services.r18);
    }
  });
});

describe("a signed link stops at once when the gate closes", () => {
  it("an adult who turns the setting off no longer reads what was signed for them", async () => {
    const accountId = await account("lapsing", "1990-04-01", true);
    const { cookie } = await newSession(accountId);
    const signed = await call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url: files.r18 } });
    expect(signed.status).toBe(200);
    const { url } = await signed.json<{ url: string }>();
    expect((await call(pathOf(url), { cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE user_accounts SET adult_content_confirmed_at = NULL WHERE id = ?")
      .bind(accountId)
      .run();
    const after = await call(pathOf(url), { cookie });
    expect(after.status).toBe(403);
    expect(after.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a link signed while the work was all-ages no longer reads once it is rated R-18, but for those the gate lets in", async () => {
    const workId = uid();
    await env.DB.prepare(
      "INSERT INTO portfolio_works (id, profile_id, work_status, user_index) VALUES (?, ?, 'PUBLISHED', 9)",
    )
      .bind(workId, creator.profileId)
      .run();
    const file = await attachFile("portfolio_work", workId, "medias");
    const linkOf = async (name: ViewerName) => {
      const response = await call("/api/google/storage/sign/read", {
        method: "POST",
        cookie: cookies[name],
        json: { url: file },
      });
      return pathOf((await response.json<{ url: string }>()).url);
    };
    const links = { plain: await linkOf("plain"), adult: await linkOf("adult") };
    expect((await call(links.plain)).status).toBe(200);
    await env.DB.prepare("INSERT INTO portfolio_work_content_ratings (work_id, content_rating_code) VALUES (?, 'r18')")
      .bind(workId)
      .run();
    // Signed out, the reader a link names no longer opens it (a gated file opens only with their own session).
    expect((await call(links.plain)).status).toBe(403);
    expect((await call(links.adult)).status).toBe(403);
    expect((await get(links.plain, "plain")).status).toBe(403);
    expect((await get(links.adult, "adult")).status).toBe(200);
    expect((await call(file)).status).toBe(404);
  });
});
