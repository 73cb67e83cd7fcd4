/** An inline error, announced when it appears; `id` lets the control it belongs to point at it (aria-describedby). */
export function ErrorText({ id, text }: { id?: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  );
}
