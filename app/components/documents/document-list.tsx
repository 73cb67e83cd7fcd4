// A user's issued documents on their history pages (decision 102): a table per kind, newest first, each number a link
// to its print page; or what will appear, and when. Words from the loader (app/loaders/documents/document-list.server.ts).
import { Link, useLoaderData } from "react-router";
import type { DocumentKind } from "#worker/db/schema/enums";

export interface DocumentListView {
  heading: string;
  intro: string;
  empty: string;
  columns: { number: string; issued: string; about: string; total: string };
  groups: {
    kind: DocumentKind;
    heading: string;
    rows: { id: string; href: string; number: string; issued: string; about: string; total: string; notes: string[] }[];
  }[];
}

const cell = "border-b border-zinc-200 px-3 py-2 align-top dark:border-zinc-800";

export function DocumentList({ list }: { list: DocumentListView }) {
  return (
    <section aria-labelledby="documents-heading" className="space-y-4" data-testid="document-list">
      <header className="space-y-1">
        <h2 id="documents-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {list.heading}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{list.intro}</p>
      </header>
      {list.groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-400 px-6 py-6 text-sm text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {list.empty}
        </p>
      ) : (
        list.groups.map((group) => (
          <div key={group.kind} className="overflow-x-auto" data-kind={group.kind}>
            <table className="w-full border-collapse text-sm">
              <caption className="pb-2 text-left font-semibold text-zinc-900 dark:text-zinc-100">
                {group.heading}
              </caption>
              <thead>
                <tr className="text-left text-zinc-700 dark:text-zinc-300">
                  <th scope="col" className={cell}>
                    {list.columns.number}
                  </th>
                  <th scope="col" className={cell}>
                    {list.columns.issued}
                  </th>
                  <th scope="col" className={cell}>
                    {list.columns.about}
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    {list.columns.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.id} data-document={row.id}>
                    <td className={cell}>
                      <Link to={row.href} className="font-semibold text-brand-700 underline dark:text-brand-300">
                        {row.number}
                      </Link>
                      {row.notes.map((note) => (
                        <span key={note} className="block text-xs text-zinc-700 dark:text-zinc-300">
                          {note}
                        </span>
                      ))}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{row.issued}</td>
                    <td className={cell}>{row.about}</td>
                    <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}

/** The order's receipts as its page's loader reads them (app/routes/dashboard/orders.server.ts). */
interface OrderDocumentsData {
  orderDocuments?: {
    heading: string;
    pending: string;
    links: { id: string; href: string; label: string; detail: string }[];
  } | null;
}

/**
 * The order's receipts on its Payment tab, or when they will appear. Read from the order page's loader data, so the
 * tab's other parts need not carry them.
 */
export function OrderReceipts() {
  const documents = useLoaderData<OrderDocumentsData>()?.orderDocuments;
  if (!documents) return null;
  return (
    <section aria-labelledby="order-documents" data-testid="order-documents" className="space-y-1">
      <h3 id="order-documents" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {documents.heading}
      </h3>
      {documents.links.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{documents.pending}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {documents.links.map((link) => (
            <li key={link.id}>
              <Link to={link.href} className="font-semibold text-brand-700 underline dark:text-brand-300">
                {link.label}
              </Link>
              <span className="ml-2 text-zinc-700 dark:text-zinc-300">{link.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
