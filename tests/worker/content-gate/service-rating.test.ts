// A service's content rating from the service editor (issue 66, decision 110): saved with the service, kept by a save
// without the field, cleared by all-ages; an R-18 one leaves the profile of a signed-out visitor and stays on its
// creator's; an unknown code is refused with the editor's message, never a 500.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseServiceDraft } from "#worker/domain/commission-form";
import { getCreatorProfile } from "#worker/services/catalog";
import { getServiceForEdit, saveService } from "#worker/services/commission-services";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { creatorOf, db } from "../support/helpers";

const draft = {
  title: "Night piece",
  description: "",
  medias: [],
  price: "8000",
  currency: "JPY",
  formId: "",
  terms: "",
  categoryCodes: [],
};

const parsed = (contentRatingCode?: string) => {
  const input = parseServiceDraft({ ...draft, ...(contentRatingCode !== undefined && { contentRatingCode }) });
  if (!input.ok) throw new Error(JSON.stringify(input.errors));
  return input.data;
};

describe("a service's content rating (decision 110)", () => {
  it("is saved, kept, cleared, and gates the service on the profile", async () => {
    const { accountId, handle } = await seedCreator({ handle: `svc${uniqueTag()}` });
    const creator = await creatorOf(accountId);
    const created = await saveService(db(), creator, null, parsed("r18"), "en", env.MEDIA);
    if (!created.ok) throw new Error("not saved");
    const id = created.serviceId;
    const rating = async () => (await getServiceForEdit(db(), accountId, id, "en"))?.contentRatingCode;
    expect(await rating()).toBe("r18");

    const shownTo = async (viewerAccountId: string | null) =>
      (
        (await getCreatorProfile(db(), handle, { locale: "en", accountId: viewerAccountId, displayCurrencyId: null }))
          ?.services ?? []
      ).map((s) => s.id);
    expect(await shownTo(null)).toEqual([]);
    expect(await shownTo(accountId)).toEqual([id]);

    await saveService(db(), creator, id, parsed(undefined), "en", env.MEDIA);
    expect(await rating()).toBe("r18");
    await saveService(db(), creator, id, parsed("all-ages"), "en", env.MEDIA);
    expect(await rating()).toBe("all-ages");
    expect(await shownTo(null)).toEqual([id]);
  });

  it("refuses a code that is not a rating with the editor's message", () => {
    expect(parseServiceDraft({ ...draft, contentRatingCode: "r21" })).toEqual({
      ok: false,
      errors: { contentRatingCode: "authoring_content_rating" },
    });
  });
});
