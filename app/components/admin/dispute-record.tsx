// The sections of a disputed order's record on the dispute desk (issue 49, decision 088), read-only: the statements,
// the money, the request, the files, the chat and the admin actions. The loader made every word and figure
// (app/routes/admin/dispute-texts.server.ts, dispute-record-texts.server.ts); these only lay them out.
import type { ReactNode } from "react";
import { m } from "#app/paraglide/messages.js";
import type { auditView, chatView, filesView, requestView } from "#app/routes/admin/dispute-record-texts.server";
import type { FileLinkView, moneyView, threadView } from "#app/routes/admin/dispute-texts.server";

const headingClass = "text-lg font-semibold text-zinc-900 dark:text-zinc-50";
const mutedClass = "text-sm text-zinc-700 dark:text-zinc-300";
const cellClass = "px-3 py-2";

export function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The original as written, and beside it the machine translation the admin reads, when there is one. */
function Texts({ original, translation }: { original: string; translation: string | null }) {
  return (
    <div className="space-y-1">
      <p className="whitespace-pre-wrap break-words text-zinc-900 dark:text-zinc-100">{original}</p>
      {translation && (
        <p className="whitespace-pre-wrap break-words border-l-4 border-sky-300 pl-3 text-sm text-zinc-800 dark:border-sky-700 dark:text-zinc-200">
          <span className="font-medium">{m.admin_dispute_translation()}: </span>
          {translation}
        </p>
      )}
    </div>
  );
}

/** Files through the admin door (each read is audited); a settled dispute's files are named without a link. */
function FileLinks({ files }: { files: FileLinkView[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {files.map((file) => (
        <li key={file.id} className="break-all">
          {file.href ? (
            <a href={file.href} target="_blank" rel="noreferrer" className="text-sky-800 underline dark:text-sky-300">
              {file.name}
            </a>
          ) : (
            <span className="text-zinc-800 dark:text-zinc-200">{file.name}</span>
          )}
          {file.checksum && (
            <p
              data-testid="dispute-file-checksum"
              className={
                file.checksum.differs
                  ? "font-semibold text-red-800 dark:text-red-200"
                  : "font-mono text-xs text-zinc-700 dark:text-zinc-300"
              }
            >
              {file.checksum.text}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ThreadSection({ thread }: { thread: ReturnType<typeof threadView> }) {
  return (
    <RecordSection id="dispute-thread" title={m.admin_dispute_thread()}>
      <ol className="space-y-3">
        {thread.map((statement) => (
          <li key={statement.id} className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700">
            <p className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="font-semibold text-zinc-900 dark:text-zinc-50">{statement.who}</span>
              <time dateTime={statement.whenIso} className={mutedClass}>
                {statement.when}
              </time>
            </p>
            {statement.notes.map((note) => (
              <p key={note} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                {note}
              </p>
            ))}
            <Texts original={statement.body} translation={statement.translation} />
            <FileLinks files={statement.files} />
          </li>
        ))}
      </ol>
    </RecordSection>
  );
}

function Table({ head, rows }: { head: string[]; rows: { id: string; cells: string[] }[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-700">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={`${cellClass} font-medium`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 text-zinc-900 dark:divide-zinc-700 dark:text-zinc-100">
          {rows.map((row) => (
            <tr key={row.id}>
              {row.cells.map((cell, index) => (
                <td key={head[index]} className={`${cellClass} break-all`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MoneySection({ money }: { money: ReturnType<typeof moneyView> }) {
  return (
    <RecordSection id="dispute-money" title={m.admin_dispute_money()}>
      <p className="font-semibold text-zinc-900 dark:text-zinc-50" data-testid="dispute-stake">
        {money.stake}
      </p>
      <p className={mutedClass}>{m.admin_dispute_stake_hint()}</p>
      {money.depositTerms && (
        <p className="text-sm text-zinc-800 dark:text-zinc-200" data-testid="dispute-deposit-terms">
          {money.depositTerms}
        </p>
      )}
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_dispute_effects()}</h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {money.effects.map((effect) => (
          <div key={effect.outcome} className="contents">
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">{effect.outcome}</dt>
            <dd className="text-zinc-700 dark:text-zinc-300">{effect.effect}</dd>
          </div>
        ))}
      </dl>
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_dispute_payments()}</h3>
      {money.payments.length === 0 ? (
        <p className={mutedClass}>{m.admin_dispute_payments_none()}</p>
      ) : (
        <Table
          head={[
            m.admin_dispute_col_started(),
            m.admin_dispute_col_status(),
            m.admin_dispute_col_intent(),
            m.admin_dispute_col_amount(),
            m.admin_dispute_col_refunded(),
            m.admin_dispute_col_stripe(),
          ]}
          rows={money.payments.map((p) => ({
            id: p.id,
            cells: [p.when, p.status, p.intentId, p.amount, p.refunded, p.stripe],
          }))}
        />
      )}
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_dispute_payouts()}</h3>
      {money.payouts.length === 0 ? (
        <p className={mutedClass}>{m.admin_dispute_payouts_none()}</p>
      ) : (
        <Table
          head={[
            m.admin_dispute_col_for(),
            m.admin_dispute_col_status(),
            m.admin_dispute_col_amount(),
            m.admin_dispute_col_transfer(),
            m.admin_dispute_col_stripe(),
          ]}
          rows={money.payouts.map((p) => ({ id: p.id, cells: [p.part, p.status, p.amount, p.transferId, p.stripe] }))}
        />
      )}
    </RecordSection>
  );
}

function Links({ links }: { links: { id: string; url: string; name: string | null }[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {links.map((link) => (
        <li key={link.id} className="break-all">
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer nofollow"
            className="text-sky-800 underline dark:text-sky-300"
          >
            {link.name ?? link.url}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function RequestSection({ questions }: { questions: ReturnType<typeof requestView> }) {
  return (
    <RecordSection id="dispute-request" title={m.admin_dispute_request()}>
      {questions.length === 0 ? (
        <p className={mutedClass}>{m.admin_dispute_request_none()}</p>
      ) : (
        <dl className="space-y-3">
          {questions.map((question) => (
            <div key={question.id} className="space-y-1">
              <dt className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{question.title}</dt>
              <dd className="space-y-1">
                {question.answer ? (
                  <Texts original={question.answer} translation={question.translation} />
                ) : (
                  !question.choices &&
                  question.files.length === 0 && <p className={mutedClass}>{m.admin_dispute_no_answer()}</p>
                )}
                {question.choices && <p className="text-sm text-zinc-900 dark:text-zinc-100">{question.choices}</p>}
                <FileLinks files={question.files} />
                <Links links={question.links} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </RecordSection>
  );
}

export function FilesSection({ files, open }: { files: ReturnType<typeof filesView>; open: boolean }) {
  const none = <p className={mutedClass}>{m.admin_dispute_none()}</p>;
  return (
    <RecordSection id="dispute-files" title={m.admin_dispute_deliverables()}>
      <p className={mutedClass}>{open ? m.admin_dispute_file_note() : m.admin_dispute_files_closed()}</p>
      {files.deliverables.files.length + files.deliverables.links.length === 0 ? (
        none
      ) : (
        <>
          <FileLinks files={files.deliverables.files} />
          <Links links={files.deliverables.links} />
        </>
      )}
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_dispute_previews()}</h3>
      {files.previews.length === 0 ? none : <FileLinks files={files.previews} />}
    </RecordSection>
  );
}

export function ChatSection({ chat }: { chat: ReturnType<typeof chatView> }) {
  return (
    <RecordSection id="dispute-chat" title={m.admin_dispute_chat()}>
      {chat.length === 0 ? (
        <p className={mutedClass}>{m.admin_dispute_chat_empty()}</p>
      ) : (
        <ol className="space-y-3">
          {chat.map((message) => (
            <li key={message.id} className="space-y-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
              <p className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-medium text-zinc-900 dark:text-zinc-50">{message.who}</span>
                <time dateTime={message.whenIso} className={mutedClass}>
                  {message.when}
                </time>
              </p>
              {message.text && (
                <p
                  lang={message.languageCode}
                  className="whitespace-pre-wrap break-words text-zinc-900 dark:text-zinc-100"
                >
                  {message.text}
                </p>
              )}
              {message.translations.map((t) => (
                <p key={t.label} className="whitespace-pre-wrap break-words text-sm text-zinc-800 dark:text-zinc-200">
                  <span className="font-medium">{t.label}: </span>
                  {t.text}
                </p>
              ))}
              <FileLinks files={message.files} />
              <Links links={message.links.map((link, index) => ({ id: String(index), ...link }))} />
            </li>
          ))}
        </ol>
      )}
    </RecordSection>
  );
}

export function AuditSection({ audit }: { audit: ReturnType<typeof auditView> }) {
  return (
    <RecordSection id="dispute-audit" title={m.admin_dispute_audit()}>
      {audit.length === 0 ? (
        <p className={mutedClass}>{m.admin_dispute_audit_empty()}</p>
      ) : (
        <Table
          head={[m.admin_audit_when(), m.admin_audit_admin(), m.admin_audit_action(), m.admin_audit_reason()]}
          rows={audit.map((line) => ({ id: line.id, cells: [line.when, line.admin, line.action, line.reason] }))}
        />
      )}
    </RecordSection>
  );
}
