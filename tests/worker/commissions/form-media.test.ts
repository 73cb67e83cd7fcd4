import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { commissionForms, media, mediaAttachments } from "#worker/db/schema";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { FORM_QUESTION_MEDIA_MAX, parseFormDraft, type FormDraft } from "#worker/domain/commission-form";
import { createAccount } from "#worker/services/accounts";
import { getPublicForm } from "#worker/services/catalog";
import {
  createFormFromTemplate,
  deleteForm,
  getFormForEdit,
  saveForm,
  setFormStatus,
} from "#worker/services/commission-forms";
import { parsedFormDraft } from "../support/draft-fixtures";
import { creatorOf } from "../support/helpers";

const db = () => createDb(env.DB);
let serial = 0;
async function newCreator() {
  const handle = `Fmed${Date.now() % 100000}${serial++}`;
  return createAccount(db(), { email: `${handle.toLowerCase()}@example.com`, handle, languageCode: "en" });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

async function storedFile(formId: string, field: "question_medias" | "choice_media", bytes: Uint8Array = PNG) {
  const key = `v1/commission-form/${formId}/${field}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  return { key, url: `/media/${key}` };
}

const draftWith = (
  questionMedias: FormDraft["questions"][number]["medias"],
  choiceMedia: FormDraft["questions"][number]["choices"][number]["media"] = null,
): FormDraft => ({
  title: "With media",
  description: "",
  categoryCode: "",
  price: "",
  currency: "JPY",
  questions: [
    { type: "LONG_TEXT", title: "Describe it", description: "", isRequired: true, choices: [], medias: questionMedias },
    {
      type: "SINGLE_CHOICE",
      title: "Size",
      description: "",
      isRequired: true,
      choices: [
        { title: "Bust", price: "1000", media: choiceMedia },
        { title: "Full", price: "" },
      ],
    },
  ],
});

describe("commission form question and choice media", () => {
  it("saves media on questions and an image on a choice, in order, and keeps them across saves", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const file = await storedFile(formId, "question_medias");
    const choiceFile = await storedFile(formId, "choice_media");
    const saved = await saveForm(
      db(),
      owner,
      formId,
      parsedFormDraft(
        draftWith([{ url: file.url, formatType: "FILE" }, { url: YOUTUBE }, { url: "https://example.com/ref.jpg" }], {
          url: choiceFile.url,
          formatType: "FILE",
        }),
      ),
      "en",
      env.MEDIA,
    );
    expect(saved).toEqual({ ok: true });
    const form = (await getFormForEdit(db(), owner, formId, "en"))!;
    const [q0, q1] = form.draft.questions;
    expect(q0.medias?.map((m) => [m.formatType, m.mediaType, m.url])).toEqual([
      ["FILE", "IMAGE", file.url],
      ["LINK", "VIDEO", YOUTUBE],
      ["LINK", "IMAGE", "https://example.com/ref.jpg"],
    ]);
    expect(q0.medias?.[1].thumbnailUrl).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(q1.choices[0].media).toMatchObject({ formatType: "FILE", url: choiceFile.url });
    expect(q1.choices[1].media).toBeNull();
    const row = await db().select().from(media).where(eq(media.id, q0.medias![0].id!)).get();
    expect(row).toMatchObject({ fileSize: PNG.byteLength, fileType: "image/png", ownerUserAccountId: owner });

    // Saving again replaces the questions (new ids): kept media follow by id, reordered; a dropped file goes from R2.
    const again = {
      ...form.draft,
      questions: form.draft.questions.map((q, i) => (i === 0 ? { ...q, medias: [q.medias![2], q.medias![1]] } : q)),
    };
    expect(await saveForm(db(), owner, formId, parsedFormDraft(again), "en", env.MEDIA)).toEqual({ ok: true });
    const reloaded = (await getFormForEdit(db(), owner, formId, "en"))!;
    expect(reloaded.draft.questions[0].id).not.toBe(q0.id);
    expect(reloaded.draft.questions[0].medias?.map((m) => m.id)).toEqual([q0.medias![2].id, q0.medias![1].id]);
    expect(reloaded.draft.questions[1].choices[0].media?.id).toBe(q1.choices[0].media?.id);
    expect(await db().select().from(media).where(eq(media.id, q0.medias![0].id!)).get()).toBeUndefined();
    expect(await env.MEDIA.head(file.key)).toBeNull();
    expect(await env.MEDIA.head(choiceFile.key)).not.toBeNull();

    // The public page shows them once published.
    await setFormStatus(db(), owner, formId, "PUBLISHED");
    const code = (await db()
      .select({ code: commissionForms.code })
      .from(commissionForms)
      .where(eq(commissionForms.id, formId))
      .get())!.code;
    const shown = (await getPublicForm(db(), code, { locale: "en", accountId: null, displayCurrencyId: null }))!;
    expect(shown.questions[0].medias.map((m) => [m.formatType, m.site, m.thumbnailUrl])).toEqual([
      ["LINK", "direct", "https://example.com/ref.jpg"],
      ["LINK", "youtube", "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"],
    ]);
    expect(shown.questions[1].choices[0].media).toMatchObject({
      formatType: "FILE",
      url: choiceFile.url,
      mediaType: "IMAGE",
    });
    expect(shown.questions[1].choices[1].media).toBeNull();

    // Deleting the form removes its media rows and files.
    const ids = reloaded.draft.questions[0].medias!.map((m) => m.id!);
    expect(await deleteForm(db(), owner, formId, env.MEDIA)).toEqual({ ok: true });
    expect(await db().select().from(media).where(inArray(media.id, ids))).toEqual([]);
    expect(await env.MEDIA.head(choiceFile.key)).toBeNull();
  });

  it("keeps a file two questions show until neither does (issue 31: dropping one copy deleted the stored object)", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const file = await storedFile(formId, "question_medias");
    const twice: FormDraft = {
      ...draftWith([{ url: file.url, formatType: "FILE" }]),
      questions: [
        {
          type: "LONG_TEXT",
          title: "One",
          description: "",
          isRequired: false,
          choices: [],
          medias: [{ url: file.url, formatType: "FILE" }],
        },
        {
          type: "LONG_TEXT",
          title: "Two",
          description: "",
          isRequired: false,
          choices: [],
          medias: [{ url: file.url, formatType: "FILE" }],
        },
      ],
    };
    expect(await saveForm(db(), owner, formId, parsedFormDraft(twice), "en", env.MEDIA)).toEqual({ ok: true });
    const form = (await getFormForEdit(db(), owner, formId, "en"))!;
    const dropFirst = {
      ...form.draft,
      questions: form.draft.questions.map((q, i) => (i === 0 ? { ...q, medias: [] } : q)),
    };
    expect(await saveForm(db(), owner, formId, parsedFormDraft(dropFirst), "en", env.MEDIA)).toEqual({ ok: true });
    expect(await env.MEDIA.head(file.key)).not.toBeNull();
    expect(await deleteForm(db(), owner, formId, env.MEDIA)).toEqual({ ok: true });
    expect(await env.MEDIA.head(file.key)).toBeNull();
  });

  it("refuses someone else's object or media, and changes nothing", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const otherFormId = (await createFormFromTemplate(db(), await creatorOf(other), "en", { title: "y" }))!;
    const theirs = await storedFile(otherFormId, "question_medias");
    const before = await getFormForEdit(db(), owner, formId, "en");
    const result = await saveForm(
      db(),
      owner,
      formId,
      parsedFormDraft(draftWith([{ url: theirs.url, formatType: "FILE" }])),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      errors: { "questions.0.medias.0": "authoring_form_media_forbidden" },
    });
    expect(await env.MEDIA.head(theirs.key)).not.toBeNull();
    expect(await getFormForEdit(db(), owner, formId, "en")).toEqual(before);

    // Their stored media row, by id: not this form's.
    expect(
      await saveForm(db(), other, otherFormId, parsedFormDraft(draftWith([{ url: YOUTUBE }])), "en", env.MEDIA),
    ).toEqual({ ok: true });
    const theirMediaId = (await getFormForEdit(db(), other, otherFormId, "en"))!.draft.questions[0].medias![0].id!;
    const byId = await saveForm(
      db(),
      owner,
      formId,
      parsedFormDraft(draftWith([{ id: theirMediaId, url: "" }])),
      "en",
      env.MEDIA,
    );
    expect(byId).toEqual({ ok: false, reason: "invalid", errors: { "questions.0.medias.0": "authoring_invalid" } });
    const attached = await db()
      .select()
      .from(mediaAttachments)
      .where(and(eq(mediaAttachments.mediaId, theirMediaId)));
    expect(attached).toHaveLength(1);
    expect(await getFormForEdit(db(), owner, formId, "en")).toEqual(before);
  });

  it("refuses a presigned .png holding text, deleting it; too many media and a non-image choice are refused with messages", async () => {
    const owner = await newCreator();
    const formId = (await createFormFromTemplate(db(), await creatorOf(owner), "en", { title: "x" }))!;
    const fake = await storedFile(
      formId,
      "question_medias",
      new TextEncoder().encode("just some text, not a picture at all"),
    );
    const result = await saveForm(
      db(),
      owner,
      formId,
      parsedFormDraft(draftWith([{ url: fake.url, formatType: "FILE" }])),
      "en",
      env.MEDIA,
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      errors: { "questions.0.medias.0": "media_error_unsupported_type" },
    });
    expect(translateAuthoringErrors({ x: "media_error_unsupported_type" }, "en").x).toBe(
      "Error: file type is not supported.",
    );
    expect(await env.MEDIA.head(fake.key)).toBeNull();

    const tooMany = parseFormDraft(
      draftWith(Array.from({ length: FORM_QUESTION_MEDIA_MAX + 1 }, () => ({ url: YOUTUBE }))),
    );
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) {
      expect(tooMany.errors["questions.0.medias"]).toBe("media_limit_exceeded");
      expect(translateAuthoringErrors(tooMany.errors, "en")["questions.0.medias"]).toBe("Limit exceeded");
    }
    const video = parseFormDraft(draftWith([], { url: YOUTUBE }));
    expect(video.ok ? null : video.errors).toEqual({ "questions.1.choices.0.media": "authoring_choice_media_image" });
    // A FILE outside any form folder is not a form media at all.
    const stray = parseFormDraft(
      draftWith([
        { url: "/media/v1/portfolio-work/w1/medias/00000000-0000-0000-0000-000000000000.png", formatType: "FILE" },
      ]),
    );
    expect(stray.ok ? null : stray.errors).toEqual({ "questions.0.medias.0": "authoring_media_url" });
  });
});
