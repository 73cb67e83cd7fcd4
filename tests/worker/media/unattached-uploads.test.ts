import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { pendingUploads } from "#worker/db/schema";
import { parseFormDraft } from "#worker/domain/commission-form";
import { parseWorkDraft } from "#worker/domain/portfolio";
import { runScheduledJobs } from "#worker/scheduled";
import { createFormFromTemplate, saveForm } from "#worker/services/commission-forms";
import { saveWork } from "#worker/services/portfolio";
import { signWrite } from "#worker/media/services/storage";
import { BASE, call, db, creatorOf } from "../support/helpers";
import { PNG, newMember, newWork, objectExists, putTo, signWriteAs } from "../support/media-fixtures";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

/** Stored objects no record attached are pending; the cron deletes those older than a day. */

const DAY = 24 * 60 * 60 * 1000;

async function pendingRow(key: string) {
  return db().select().from(pendingUploads).where(eq(pendingUploads.key, key)).get();
}

async function backdate(keys: string[], by: number) {
  await db()
    .update(pendingUploads)
    .set({ createdAt: new Date(Date.now() - by) })
    .where(inArray(pendingUploads.key, keys));
}

async function uploadTo(cookie: string, path: string) {
  const signed = await signWriteAs(cookie, path, PNG.length);
  expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
  return signed;
}

describe("unattached uploads", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("the cron deletes an object no record attached for a day, with its row; attached and fresh ones stay", async () => {
    const owner = await newMember("Unat");
    const workId = await newWork(owner.profileId);
    const folder = `v1/portfolio-work/${workId}/medias`;
    const stale = await uploadTo(owner.cookie, folder);
    const attached = await uploadTo(owner.cookie, folder);
    const fresh = await uploadTo(owner.cookie, folder);
    for (const signed of [stale, attached, fresh])
      expect(await pendingRow(signed.key)).toMatchObject({ ownerProfileId: owner.profileId });

    const draft = parseWorkDraft({
      title: "Attached",
      description: "Keeps its file.",
      medias: [{ url: attached.storedUrl, formatType: "FILE" }],
      contentRatingCode: "all-ages",
      categoryCodes: [],
      tags: [],
      visibility: "PUBLIC",
      credits: "",
    });
    if (!draft.ok) throw new Error(JSON.stringify(draft.errors));
    expect(await saveWork(db(), owner.accountId, workId, draft.data, "en", env.MEDIA)).toMatchObject({ ok: true });
    expect(await pendingRow(attached.key)).toBeUndefined();

    await backdate([stale.key, attached.key], 2 * DAY);
    await backdate([fresh.key], DAY - 60_000);
    await runScheduledJobs(env, Date.now());

    expect(await objectExists(stale.key)).toBe(false);
    expect(await pendingRow(stale.key)).toBeUndefined();
    expect(await objectExists(attached.key)).toBe(true);
    expect(await objectExists(fresh.key)).toBe(true);
    expect(await pendingRow(fresh.key)).toBeDefined();
    // Running it again is harmless.
    await runScheduledJobs(env, Date.now());
    expect(await objectExists(fresh.key)).toBe(true);
  });

  it("a profile picture is pending until the account attaches it, after a Worker PUT as after a presigned one", async () => {
    const owner = await newMember("Unat");
    const local = await uploadTo(owner.cookie, `v1/user-profile/${owner.profileId}/avatar`);
    expect(await pendingRow(local.key)).toMatchObject({ ownerProfileId: owner.profileId });
    const attachedLocal = await call("/api/account/picture", {
      method: "POST",
      cookie: owner.cookie,
      json: { field: "avatar", url: local.storedUrl },
    });
    expect(attachedLocal.status).toBe(200);
    expect(await pendingRow(local.key)).toBeUndefined();

    // A presigned PUT never reaches the Worker: the object is pending from the moment the write is signed.
    const r2Env = {
      ...env,
      R2_ACCOUNT_ID: "acct123",
      R2_ACCESS_KEY_ID: "AKIDEXAMPLE",
      R2_SECRET_ACCESS_KEY: "secret",
    } as Env;
    const presigned = await signWrite(
      createDb(env.DB),
      r2Env,
      owner,
      { path: `v1/user-profile/${owner.profileId}/cover`, contentType: "image/png", size: PNG.length },
      BASE,
    );
    if (!presigned.ok) throw new Error(presigned.error);
    expect(await pendingRow(presigned.key)).toMatchObject({ ownerProfileId: owner.profileId });
    // The bytes arrive in R2 directly; the browser then asks the account to use them as the cover.
    await env.MEDIA.put(presigned.key, PNG, { httpMetadata: { contentType: "image/png" } });
    const attached = await call("/api/account/picture", {
      method: "POST",
      cookie: owner.cookie,
      json: { field: "cover", url: presigned.storedUrl },
    });
    expect(attached.status).toBe(200);
    expect(await pendingRow(presigned.key)).toBeUndefined();
  });

  it("a form save attaches the question and choice files it takes", async () => {
    const owner = await newMember("Unat");
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner.accountId), "en", { title: "Attach" }))!;
    const question = await uploadTo(owner.cookie, `v1/commission-form/${formId}/question_medias`);
    const choice = await uploadTo(owner.cookie, `v1/commission-form/${formId}/choice_media`);
    expect(await pendingRow(question.key)).toBeDefined();
    const draft = parseFormDraft({
      title: "Attach",
      description: "",
      categoryCode: "",
      price: "",
      currency: "JPY",
      questions: [
        {
          type: "LONG_TEXT",
          title: "Describe it",
          description: "",
          isRequired: true,
          choices: [],
          medias: [{ url: question.storedUrl, formatType: "FILE" }],
        },
        {
          type: "SINGLE_CHOICE",
          title: "Size",
          description: "",
          isRequired: true,
          choices: [{ title: "Bust", price: "", media: { url: choice.storedUrl, formatType: "FILE" } }],
        },
      ],
    });
    if (!draft.ok) throw new Error(JSON.stringify(draft.errors));
    expect(await saveForm(db(), owner.accountId, formId, draft.data, "en", env.MEDIA)).toEqual({ ok: true });
    expect(await pendingRow(question.key)).toBeUndefined();
    expect(await pendingRow(choice.key)).toBeUndefined();
  });
});
