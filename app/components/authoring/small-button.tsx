/**
 * A small text button for move/remove controls. The visible words come first in its name and the target follows
 * for screen readers only ("Move up question 3"), so speech users can say what they see (WCAG 2.5.3).
 */
export function SmallButton({
  target,
  visible,
  onClick,
  disabled,
}: {
  target: string;
  visible: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="min-h-9 rounded-md border border-zinc-400 px-2.5 text-sm font-medium text-zinc-900 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
    >
      {visible}
      <span className="sr-only"> {target}</span>
    </button>
  );
}
