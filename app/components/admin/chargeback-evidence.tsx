// A chargeback's evidence as the admin reviews it before it goes to Stripe (decision 103): the request and its terms,
// the payments, the chat, the deliveries and the client's downloads, then the text fields exactly as sent. The loader
// made every word (app/routes/admin/chargeback-texts.server.ts).
import { m } from "#app/paraglide/messages.js";
import type { ChargebackEvidenceView } from "#app/routes/admin/chargeback-texts.server";
import { RecordSection } from "./dispute-record";

const mutedClass = "text-sm text-zinc-700 dark:text-zinc-300";
const subheadingClass = "font-semibold text-zinc-900 dark:text-zinc-50";

function Empty() {
  return <p className={mutedClass}>{m.chargebacks_evidence_empty()}</p>;
}

export function ChargebackEvidenceSection({ evidence }: { evidence: ChargebackEvidenceView }) {
  return (
    <RecordSection id="chargeback-evidence" title={m.chargebacks_evidence_heading()}>
      <p className={mutedClass}>{m.chargebacks_evidence_intro()}</p>
      <dl className="grid gap-1 text-sm text-zinc-800 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-200">
        {evidence.order.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium">{row.label}</dt>
            <dd className="break-words">{row.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="evidence-request" className="space-y-2">
        <h3 id="evidence-request" className={subheadingClass}>
          {m.chargebacks_evidence_request()}
        </h3>
        <p className={mutedClass}>
          {evidence.request.sent} · {evidence.request.terms}
        </p>
        {evidence.request.approved && <p className={mutedClass}>{evidence.request.approved}</p>}
        {evidence.request.answers.length === 0 ? (
          <p className={mutedClass}>{m.chargebacks_evidence_no_answers()}</p>
        ) : (
          <dl className="space-y-2 text-sm">
            {evidence.request.answers.map((answer, index) => (
              <div key={index}>
                <dt className="font-medium text-zinc-900 dark:text-zinc-100">{answer.question}</dt>
                <dd className="whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="evidence-payments" className="space-y-2">
        <h3 id="evidence-payments" className={subheadingClass}>
          {m.chargebacks_evidence_payments()}
        </h3>
        {evidence.payments.length === 0 ? (
          <Empty />
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-800 dark:text-zinc-200">
            {evidence.payments.map((payment, index) => (
              <li key={index} className="break-all">
                <time dateTime={payment.iso}>{payment.text}</time> · {payment.amount}
                {payment.intentId && ` · ${payment.intentId}`}
              </li>
            ))}
          </ul>
        )}
        <p className={mutedClass}>{evidence.completed}</p>
      </section>

      <section aria-labelledby="evidence-chat" className="space-y-2">
        <h3 id="evidence-chat" className={subheadingClass}>
          {m.chargebacks_evidence_chat()}
        </h3>
        {evidence.chat.length === 0 ? (
          <Empty />
        ) : (
          <ol className="space-y-2 text-sm">
            {evidence.chat.map((line, index) => (
              <li key={index} className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-700">
                <p className="text-zinc-700 dark:text-zinc-300">
                  <span className="font-medium">{line.who}</span> · <time dateTime={line.iso}>{line.text}</time>
                </p>
                <p className="whitespace-pre-wrap break-words text-zinc-900 dark:text-zinc-100">{line.message}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="evidence-deliveries" className="space-y-2">
        <h3 id="evidence-deliveries" className={subheadingClass}>
          {m.chargebacks_evidence_deliveries()}
        </h3>
        {evidence.deliveries.length === 0 ? (
          <Empty />
        ) : (
          <ul className="space-y-2 text-sm text-zinc-800 dark:text-zinc-200">
            {evidence.deliveries.map((delivery, index) => (
              <li key={index}>
                <p className="font-medium">
                  <time dateTime={delivery.iso}>{delivery.heading}</time>
                </p>
                <ul className="list-disc pl-5">
                  {delivery.files.map((file, n) => (
                    <li key={n} className="break-all">
                      {file}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="evidence-downloads" className="space-y-2">
        <h3 id="evidence-downloads" className={subheadingClass}>
          {m.chargebacks_evidence_downloads()}
        </h3>
        {evidence.downloads.length === 0 ? (
          <Empty />
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-800 dark:text-zinc-200">
            {evidence.downloads.map((download, index) => (
              <li key={index} className="break-all">
                <time dateTime={download.iso}>{download.text}</time> · {download.fileName}
              </li>
            ))}
          </ul>
        )}
      </section>

      <details className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
        <summary className="cursor-pointer text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          {m.chargebacks_evidence_sent_heading()}
        </summary>
        <p className={`${mutedClass} mt-2`}>{m.chargebacks_evidence_sent_note()}</p>
        <dl className="mt-2 space-y-3 text-sm">
          {evidence.sent.map((field) => (
            <div key={field.field}>
              <dt className="font-mono text-xs text-zinc-700 dark:text-zinc-300">{field.field}</dt>
              <dd>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-50 p-2 text-xs text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
                  {field.text}
                </pre>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </RecordSection>
  );
}
