import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, pageInNewContext, switchToJapanese } from "./order-steps";

/**
 * Reviews both ways (issue 49, decision 086): an English-reading client and a Japanese-reading creator finish an order;
 * the client reviews first and the creator sees only that a review waits for theirs; once the creator's is in, both
 * show, each read in the reader's language, and the creator's profile shows the client's review with its average.
 * The texts are in the translator stand-in's phrase book (the demo reviews), so what each side reads is known.
 */
/** The demo reviews' texts (scripts/seed/orders.mjs DEMO_REVIEWS), which the stand-in's phrase book holds. */
const DEMO_REVIEWS = {
  buyer: {
    en: "Wonderful work, and every sketch came on time. Thank you!",
    ja: "素晴らしい仕上がりで、ラフも毎回期日どおりでした。ありがとうございました！",
  },
  seller: {
    en: "Thank you for your request. Your brief was very clear, and it was a joy to draw.",
    ja: "ご依頼ありがとうございました。とても丁寧なご説明で、楽しく描けました。",
  },
};
/** In the stand-in's phrase book too (its own sentences). */
const REPLY = { ja: "ご依頼ありがとうございます！", en: "Thank you for your request!" };
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const ja = (key: string, params: Record<string, string> = {}) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    message("reviews", "ja", key),
  );
const reviews = (page: Page) => page.getByTestId("order-reviews");
/** A star, as a person picks it: a click on the drawn star, which is the radio's label. */
const pickStars = (page: Page, name: string) =>
  reviews(page)
    .locator("label", { has: page.getByRole("radio", { name }) })
    .click({ timeout: 15_000 });

test("both parties review a completed order; neither sees the other's until both are in; the profile shows it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = page;
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${90 + testInfo.repeatEachIndex}`);
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const buyer = await signUpWithApi(client);
  const order = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 10_000,
    title: `Chibi mascot ${Date.now().toString(36)}`,
  });
  const hourAgo = Date.now() - 3_600_000;
  await setOrderState(order.id, {
    progress: "COMPLETED",
    payment: "COMPLETED",
    approvedAt: hourAgo - 86_400_000,
    deliveredAt: hourAgo - 3_600_000,
    completedAt: hourAgo,
  });

  // The client reviews first. An empty review is refused with the rule's words, and nothing is kept.
  await visit(client, `${REQUESTS}?order=${order.code}`);
  await expect(reviews(client).getByRole("heading", { name: "Reviews" })).toBeVisible();
  await pickStars(client, "5 stars");
  await expect(reviews(client).getByRole("radio", { name: "5 stars" })).toBeChecked();
  await reviews(client).getByRole("textbox", { name: "Your review" }).fill("   ");
  await reviews(client).getByRole("button", { name: "Post review" }).click();
  await expect(reviews(client).getByText("Write your review in 1 to 2000 characters.")).toBeVisible();
  await reviews(client).getByRole("textbox", { name: "Your review" }).fill(DEMO_REVIEWS.buyer.en);
  await reviews(client).getByRole("button", { name: "Post review" }).click();
  await expect(reviews(client).getByRole("button", { name: "Update review" })).toBeVisible();
  await expect(
    reviews(client).getByText(/Your review is saved\. It shows once the other party has reviewed too/),
  ).toBeVisible();
  await expectAccessible(client);
  // A signed-out visitor's copy of the creator's profile, cached at the edge before any review shows.
  const visitor = await pageInNewContext(browser, baseURL!, `203.0.113.${120 + testInfo.repeatEachIndex}`);
  await visitor.goto(`/${creator.handle}`);
  expect((await visitor.reload())?.headers()["x-cache"]).toBe("HIT");
  await expect(visitor.getByTestId("creator-reviews").getByText("No reviews yet.")).toBeVisible();

  // The creator sees that a review waits, not what it says, and writes theirs in Japanese.
  await visit(creatorPage, `${MANAGEMENTS}?order=${order.code}`);
  await expect(reviews(creatorPage).getByTestId("their-review-waiting")).toBeVisible();
  await expect(reviews(creatorPage).getByText(DEMO_REVIEWS.buyer.ja)).toHaveCount(0);
  await pickStars(creatorPage, ja("reviews_star_choice", { n: "4" }));
  await reviews(creatorPage)
    .getByRole("textbox", { name: ja("reviews_order_text_label") })
    .fill(DEMO_REVIEWS.seller.ja);
  await reviews(creatorPage)
    .getByRole("button", { name: ja("reviews_order_submit") })
    .click();
  // Both in: the client's review shows to the creator, in Japanese.
  const theirs = reviews(creatorPage).getByTestId("their-review");
  await expect(theirs.getByText(DEMO_REVIEWS.buyer.ja)).toBeVisible();
  await expect(theirs.getByRole("img", { name: ja("reviews_stars_label", { rating: "5" }) })).toBeVisible();
  await expect(reviews(creatorPage).getByRole("button", { name: ja("reviews_order_update") })).toHaveCount(0);
  await expectAccessible(creatorPage);
  // The creator's one public reply, in Japanese.
  await theirs.getByRole("textbox", { name: ja("reviews_reply_label") }).fill(REPLY.ja);
  await theirs.getByRole("button", { name: ja("reviews_reply_submit") }).click();
  await expect(theirs.getByText(REPLY.ja)).toBeVisible();
  await expect(theirs.getByRole("button", { name: ja("reviews_reply_submit") })).toHaveCount(0);

  // The client reads the creator's review in English; theirs can no longer change.
  await client.reload();
  await expect(reviews(client).getByTestId("their-review").getByText(DEMO_REVIEWS.seller.en)).toBeVisible();
  await expect(reviews(client).getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(reviews(client).getByRole("button", { name: "Update review" })).toHaveCount(0);

  // The creator's profile: the average, the review and the reply, read in English.
  await client.goto(`/${creator.handle}`);
  const section = client.getByTestId("creator-reviews");
  await expect(section.getByText("5.0 out of 5 · 1 review")).toBeVisible();
  await expect(section.getByTestId("review")).toHaveCount(1);
  await expect(section.getByTestId("review").getByText(DEMO_REVIEWS.buyer.en)).toBeVisible();
  await expect(section.getByTestId("review").getByText(REPLY.en)).toBeVisible();
  // Its author is offered no report of their own review (issue 59); the creator, reading their profile, is.
  await expect(section.getByTestId("review").getByText("Report", { exact: true })).toHaveCount(0);
  await creatorPage.goto(`/${creator.handle}`);
  await expect(creatorPage.getByTestId("review").getByText(ja("reviews_report"), { exact: true })).toBeVisible();
  // The visitor's cached copy was purged when the reviews showed: a reload brings them.
  expect((await visitor.reload())?.headers()["x-cache"]).toBe("MISS");
  await expect(visitor.getByTestId("creator-reviews").getByText("5.0 out of 5 · 1 review")).toBeVisible();
  await expect(visitor.getByTestId("review").getByText(DEMO_REVIEWS.buyer.en)).toBeVisible();
  await visitor.context().close();
  await creatorPage.context().close();
});
