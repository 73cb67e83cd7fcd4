import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, pageInNewContext, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";

/**
 * A dispute on the order page (issue 49, decision 088): on a paid order the English-reading client opens one (a blank
 * statement is refused on its field first, with what was chosen kept); the Japanese-reading creator sees the banner,
 * reads the client's statement in Japanese (the original a click away) and answers in Japanese; the client reads the
 * answer in English while the order waits for Comet's team. The statements are in the translator stand-in's phrase book.
 */
const STATEMENT = {
  en: "The delivery is not what we agreed. I asked for changes, but there was no reply.",
  ja: "納品物が合意した内容と違います。修正をお願いしましたが、返事がありませんでした。",
};
const ANSWER = {
  ja: "ご説明と参考資料どおりに制作しました。もう一度修正することは可能です。",
  en: "I followed the brief and the references. I am happy to make one more revision.",
};
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const ja = (key: string) => message("disputes", "ja", key);
const dispute = (page: Page) => page.getByTestId("order-dispute");

test("the client opens a dispute on a paid order, the creator answers in Japanese, the client reads the answer", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = page;
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${210 + testInfo.repeatEachIndex}`);
  const creator = await newCreator(creatorPage);
  await switchToJapanese(creatorPage);
  const buyer = await signUpWithApi(client);
  const order = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 10_000,
    title: `Dispute mascot ${Date.now().toString(36)}`,
  });
  const now = Date.now();
  await setOrderState(order.id, {
    progress: "APPROVED",
    payment: "COMPLETED",
    approvedAt: now - 86_400_000,
    deliveryDeadline: now + 10 * 86_400_000,
  });

  // The client reports a problem: a quiet fold under the order's buttons, with the form inside.
  // Opened until the network is idle: the page has hydrated (its posts and the translation's toggle are React's).
  await visit(client, `${REQUESTS}?order=${order.code}`);
  const report = client.getByTestId("dispute-report");
  await report.getByText("Report a problem").click();
  await expect(report.getByRole("heading", { name: "Open a dispute" })).toBeVisible();
  await expect(report.getByText(/the order's deadlines pause/)).toBeVisible();
  await report.getByRole("radio", { name: "Not what was agreed" }).check();
  const statement = report.getByRole("textbox", { name: "What happened" });
  await statement.fill("   ");
  await report.getByRole("button", { name: "Open dispute" }).click();
  await expect(report.getByText("Write your statement in 1 to 4000 characters.")).toBeVisible();
  await expect(statement).toHaveAttribute("aria-invalid", "true");
  // What was chosen and typed is still there.
  await expect(report.getByRole("radio", { name: "Not what was agreed" })).toBeChecked();
  await expect(statement).toHaveValue("   ");
  await statement.fill(STATEMENT.en);
  // The counter as seen (its twin is the words a screen reader hears).
  await expect(report.getByText(`${STATEMENT.en.length} / 4,000 characters`).first()).toBeVisible();
  // A screenshot as evidence: uploaded into the order's dispute folder at once, posted with the statement.
  await report
    .getByLabel("Add files (optional)")
    .setInputFiles({ name: "screenshot.png", mimeType: "image/png", buffer: pngBytes(32, 24) });
  await expect(report.getByTestId("dispute-evidence").getByText("screenshot.png", { exact: true })).toBeVisible();
  await expectAccessible(client);
  await report.getByRole("button", { name: "Open dispute" }).click();

  // The order now waits for Comet's team: the banner, the next step, the client's own statement as written.
  await expect(dispute(client).getByRole("heading", { name: "Dispute open — deadlines paused" })).toBeVisible();
  await expect(client.getByTestId("dispute-report")).toHaveCount(0);
  await expect(client.getByTestId("next-step")).toContainText("Dispute open: waiting for Comet's team");
  await expect(client.getByTestId("next-step")).toContainText("Paused");
  await expect(client.getByRole("button", { name: "Waiting for Comet's team" })).toBeDisabled();
  const opening = dispute(client).getByTestId("dispute-entry");
  await expect(opening).toHaveCount(1);
  await expect(opening.getByText("Reason: Not what was agreed")).toBeVisible();
  await expect(opening.getByText(STATEMENT.en)).toBeVisible();
  await expect(dispute(client).getByText(/Waiting for .+'s answer/)).toBeVisible();
  await expectAccessible(client);

  // The creator, in Japanese: the banner, the client's statement read in Japanese with the original a click away.
  await visit(creatorPage, `${MANAGEMENTS}?order=${order.code}`);
  await expect(dispute(creatorPage).getByRole("heading", { name: ja("disputes_banner_title") })).toBeVisible();
  const theirs = dispute(creatorPage).getByTestId("dispute-entry");
  await expect(theirs.getByText(STATEMENT.ja)).toBeVisible({ timeout: 15_000 });
  await expect(theirs.getByText("理由：合意した内容と違う")).toBeVisible();
  // The client's screenshot opens for the creator through its signed URL.
  const evidence = theirs.getByRole("link", { name: "screenshot.png" });
  const opened = await creatorPage.request.get((await evidence.getAttribute("href"))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/png");
  await theirs.getByRole("button", { name: "原文を表示" }).click();
  await expect(theirs.getByText(STATEMENT.en)).toBeVisible();
  // The creator's moves wait: no Deliver, no Cancel.
  await expect(creatorPage.getByRole("button", { name: message("orders", "ja", "orders_deliver") })).toHaveCount(0);
  await expect(creatorPage.getByRole("button", { name: message("orders", "ja", "orders_cancel") })).toHaveCount(0);
  await expectAccessible(creatorPage);
  await dispute(creatorPage)
    .getByRole("textbox", { name: ja("disputes_answer_label") })
    .fill(ANSWER.ja);
  await dispute(creatorPage)
    .getByRole("button", { name: ja("disputes_answer_submit") })
    .click();
  await expect(dispute(creatorPage).getByText(ja("disputes_banner_answered"))).toBeVisible();
  await expect(dispute(creatorPage).getByText(ANSWER.ja)).toBeVisible();
  await expect(dispute(creatorPage).getByRole("button", { name: ja("disputes_answer_submit") })).toHaveCount(0);

  // The client reads the creator's answer in English, on a phone's width too.
  await client.setViewportSize({ width: 375, height: 812 });
  await client.reload({ waitUntil: "networkidle" });
  const entries = dispute(client).getByTestId("dispute-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1).getByText(ANSWER.en)).toBeVisible({ timeout: 15_000 });
  await expect(entries.nth(1).getByText(/^The creator · Answer · /)).toBeVisible();
  await expect(dispute(client).getByText("Both sides have written. Waiting for Comet's team.")).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(client);
  await creatorPage.context().close();
});
