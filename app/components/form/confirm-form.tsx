import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A form that posts only once the user confirms `question` (window.confirm); without JavaScript it posts straight
 * away. Every delete and remove action uses it. `fields` become hidden inputs (the id and intent the action reads).
 */
export function ConfirmForm({
  question,
  fields = {},
  className,
  children,
}: {
  question: string;
  fields?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className={className}
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** The editor pages' delete: a confirmed post of `intent=delete`, set apart below the editor. */
export function DeleteItemForm({ question, label }: { question: string; label: string }) {
  return (
    <ConfirmForm
      question={question}
      fields={{ intent: "delete" }}
      className="border-t border-zinc-200 pt-6 dark:border-zinc-700"
    >
      <button
        type="submit"
        className="min-h-11 rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
      >
        {label}
      </button>
    </ConfirmForm>
  );
}
