/**
 * The data download's one JSON document (decision 104), written into its sink section by section in the order the
 * readme names them. Orders, their chats and the files are read a page at a time and written as they are read, so
 * the document is never whole in memory (data-export-writer.ts sends it on in parts).
 */
import type { Database } from "../../db/client";
import { OBJECT_ROUTE, parseMediaKey } from "../../media/domain/media-keys";
import { issueToken } from "../../services/signed-tokens";
import {
  EXPORT_FORMAT,
  EXPORT_README,
  type FileRow,
  type OrderRow,
  type OrderSide,
  chatMessageEntry,
  fileEntry,
  orderEntry,
  reviewEntry,
} from "../domain/data-export-sections";
import {
  type Owner,
  accountSection,
  answersOf,
  bookmarksOf,
  followsOf,
  chatPage,
  documentsOf,
  filePage,
  formsSection,
  notificationsOf,
  orderPage,
  ownerOf,
  paymentsOf,
  payoutsOf,
  profileSection,
  reviewsOf,
  savedCardsOf,
  servicesSection,
  worksSection,
} from "./data-export-reads";
import { type ExportSink, writeArrayMember } from "./data-export-writer";

interface Context {
  env: Env;
  db: Database;
}

const member = (sink: ExportSink, name: string, value: unknown) =>
  sink.write(`,${JSON.stringify(name)}:${JSON.stringify(value)}`);

export async function writeExportDocument(
  sink: ExportSink,
  { env, db }: Context,
  userAccountId: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  const owner = await ownerOf(db, userAccountId);
  await sink.write(`{"format":${JSON.stringify(EXPORT_FORMAT)}`);
  await member(sink, "exportedAt", new Date(now).toISOString());
  await member(sink, "readme", EXPORT_README);
  await member(sink, "account", await accountSection(db, owner));
  await member(sink, "profile", await profileSection(db, owner));
  await member(sink, "works", await worksSection(db, owner));
  await member(sink, "forms", await formsSection(db, owner));
  await member(sink, "services", await servicesSection(db, owner));
  for (const [name, side] of [
    ["ordersAsClient", "client"],
    ["ordersAsCreator", "creator"],
  ] as const) {
    await writeArrayMember(sink, name, ordersOf(db, owner, side), (item) => writeOrder(sink, db, owner, item));
  }
  await member(
    sink,
    "reviewsWritten",
    (await reviewsOf(db, owner, "written", now)).map((review) => reviewEntry(review, "written")),
  );
  await member(
    sink,
    "reviewsReceived",
    (await reviewsOf(db, owner, "received", now)).map((review) => reviewEntry(review, "received")),
  );
  await member(sink, "notifications", await notificationsOf(db, owner));
  await member(sink, "bookmarks", await bookmarksOf(db, owner));
  await member(sink, "follows", await followsOf(db, owner));
  await member(sink, "savedCards", await savedCardsOf(db, owner));
  await member(sink, "documents", await documentsOf(db, owner));
  await writeArrayMember(sink, "files", filesOf(db, owner), async (file) =>
    sink.write(JSON.stringify(fileEntry(file, await fileUrl(env, owner, file, now, expiresAt)))),
  );
  await sink.write("}");
}

type OrderItem = { order: OrderRow; side: OrderSide; entry: ReturnType<typeof orderEntry> };

/** The user's orders on one side, page by page, each with its answers, payments and payouts. */
async function* ordersOf(db: Database, owner: Owner, side: OrderSide): AsyncGenerator<OrderItem> {
  let after = "";
  for (;;) {
    const page = await orderPage(db, owner, side, after);
    if (page.length === 0) return;
    const ids = page.map((order) => order.id);
    const [answers, payments, payouts] = await Promise.all([
      answersOf(db, ids),
      paymentsOf(db, ids),
      side === "creator" ? payoutsOf(db, owner, ids) : Promise.resolve([]),
    ]);
    for (const order of page) {
      const of = <T extends { orderId: string }>(rows: T[]) => rows.filter((row) => row.orderId === order.id);
      yield {
        order,
        side,
        entry: orderEntry(order, side, { answers: of(answers), payments: of(payments), payouts: of(payouts) }),
      };
    }
    after = page[page.length - 1].id;
  }
}

/** One order, then its chat inside it, message page by message page. */
async function writeOrder(sink: ExportSink, db: Database, owner: Owner, { order, entry }: OrderItem) {
  const json = JSON.stringify(entry);
  await sink.write(`${json.slice(0, -1)},"chat":[`);
  let after: { createdAt: number; id: string } | null = null;
  let first = true;
  for (;;) {
    const page = await chatPage(db, order.id, after);
    for (const message of page) {
      await sink.write(`${first ? "" : ","}${JSON.stringify(chatMessageEntry(message, order, owner.userAccountId))}`);
      first = false;
    }
    if (page.length === 0) break;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
  await sink.write("]}");
}

async function* filesOf(db: Database, owner: Owner): AsyncGenerator<FileRow> {
  let after = "";
  for (;;) {
    const page = await filePage(db, owner, after);
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1].id;
  }
}

/**
 * A file's link in the download: a signed read (the token kind and route of every private read, worker/media/services/
 * media-access.ts) for its owner, valid until the download expires; still asked at each use whether they may read it.
 */
async function fileUrl(env: Env, owner: Owner, file: FileRow, now: number, until: number): Promise<string> {
  const key = parseMediaKey(file.storedUrl);
  if (!key) return file.storedUrl;
  const scope = {
    key: key.key,
    ...(owner.profileId ? { sub: owner.profileId } : {}),
    ...(file.name ? { name: file.name } : {}),
  };
  const { token } = await issueToken(env, "media-read", scope, until - now, now);
  return `${env.APP_ORIGIN}${OBJECT_ROUTE}${key.key}?token=${encodeURIComponent(token)}`;
}
