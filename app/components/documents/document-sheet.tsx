// An issued document as a sheet of A4 (decision 102): what the browser prints or saves as PDF. Every word and figure
// comes from the loader (app/loaders/documents/document-sheet.server.ts); this draws them. documents.css gives the
// sheet its paper on screen (and in dark mode its dark paper) and, in print, black on white with the site around it
// left off.
import { Link } from "react-router";
import type { Locale } from "#worker/domain/locales";

export interface DocumentSheetView {
  lang: Locale;
  title: string;
  /** The number and the date of issue. */
  head: { label: string; value: string }[];
  recipient: { label: string; name: string };
  issuer: { label: string; name: string; registration: string | null };
  /** Comet's line as the intermediary that delivers a registered creator's receipt (媒介者交付特例). */
  intermediary: string | null;
  factsHeading: string | null;
  /** The order's code, title and licence; a statement's period. */
  facts: { label: string; value: string }[];
  lines: {
    heading: string;
    columns: [string, string, string];
    rows: { label: string; detail: string | null; date: string; amount: string }[];
  } | null;
  /** Subtotal, the amount each rate applies to, its tax, and the total. */
  summary: { label: string; value: string; total?: boolean }[];
  totals: { heading: string; columns: string[]; rows: string[][] } | null;
  notes: string[];
  replaces: { text: string; href: string } | null;
  replacedBy: { notice: string; text: string; href: string } | null;
  print: string;
  reviewNote: string;
}

function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="button-primary print:hidden" onClick={() => window.print()}>
      {label}
    </button>
  );
}

export function DocumentSheet({ sheet }: { sheet: DocumentSheetView }) {
  return (
    <div className="document-page space-y-4">
      {sheet.replacedBy && (
        <p role="note" className="document-replaced" data-testid="document-replaced">
          {sheet.replacedBy.notice}{" "}
          <Link to={sheet.replacedBy.href} className="font-semibold underline">
            {sheet.replacedBy.text}
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 print:hidden">
        <PrintButton label={sheet.print} />
      </div>
      <article
        lang={sheet.lang}
        className="document-sheet"
        aria-labelledby="document-title"
        data-testid="document-sheet"
      >
        <header className="document-head">
          <h1 id="document-title" className="document-title">
            {sheet.title}
          </h1>
          <dl className="document-head-facts">
            {sheet.head.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd data-testid="document-head-value">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </header>

        <div className="document-parties">
          <section aria-label={sheet.recipient.label}>
            <h2 className="document-label">{sheet.recipient.label}</h2>
            <p className="document-recipient" data-testid="document-recipient">
              {sheet.recipient.name}
            </p>
          </section>
          <section aria-label={sheet.issuer.label} className="document-issuer">
            <h2 className="document-label">{sheet.issuer.label}</h2>
            <p className="font-semibold" data-testid="document-issuer">
              {sheet.issuer.name}
            </p>
            {sheet.issuer.registration && <p data-testid="document-issuer-registration">{sheet.issuer.registration}</p>}
          </section>
        </div>

        {sheet.facts.length > 0 && (
          <section aria-label={sheet.factsHeading ?? undefined}>
            {sheet.factsHeading && <h2 className="document-label">{sheet.factsHeading}</h2>}
            <dl className="document-facts" data-testid="document-facts">
              {sheet.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        {sheet.lines && (
          <table className="document-table" data-testid="document-lines">
            <caption className="document-label text-left">{sheet.lines.heading}</caption>
            <thead>
              <tr>
                <th scope="col">{sheet.lines.columns[0]}</th>
                <th scope="col">{sheet.lines.columns[1]}</th>
                <th scope="col" className="document-amount">
                  {sheet.lines.columns[2]}
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.lines.rows.map((row, index) => (
                <tr key={index}>
                  <td>
                    {row.label}
                    {row.detail && <span className="document-muted"> ({row.detail})</span>}
                  </td>
                  <td className="whitespace-nowrap">{row.date}</td>
                  <td className="document-amount">{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        {sheet.summary.length > 0 && (
          <dl className="document-summary" data-testid="document-summary">
            {sheet.summary.map((row) => (
              <div key={row.label} data-total={row.total ? "" : undefined}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}

        {sheet.totals && (
          <table className="document-table" data-testid="document-totals">
            <caption className="document-label text-left">{sheet.totals.heading}</caption>
            <thead>
              <tr>
                {sheet.totals.columns.map((column, index) => (
                  <th key={column} scope="col" className={index ? "document-amount" : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sheet.totals.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, index) =>
                    index ? (
                      <td key={index} className="document-amount">
                        {cell}
                      </td>
                    ) : (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <footer className="document-notes">
          {sheet.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          {sheet.intermediary && <p data-testid="document-intermediary">{sheet.intermediary}</p>}
          {sheet.replaces && (
            <p>
              <Link to={sheet.replaces.href} className="underline">
                {sheet.replaces.text}
              </Link>
            </p>
          )}
        </footer>
      </article>
      <p className="legal-review-note print:hidden">{sheet.reviewNote}</p>
    </div>
  );
}
