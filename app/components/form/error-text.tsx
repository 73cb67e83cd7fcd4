/**
 * Every inline error: announced when it appears (role="alert"); `id` lets the control it belongs to point at it
 * (aria-describedby). `persistent` keeps the live region in the page while empty (visually hidden), for errors that
 * come and go while the user stays on the control (uploads, media lists), so each new one is announced.
 */
export function ErrorText({
  id,
  text,
  persistent = false,
  className = "",
}: {
  id?: string;
  text?: string | null;
  persistent?: boolean;
  className?: string;
}) {
  if (!text && !persistent) return null;
  return (
    <p
      id={id}
      role="alert"
      className={text ? `text-sm font-medium text-red-700 dark:text-red-400 ${className}`.trim() : "sr-only"}
    >
      {text}
    </p>
  );
}
