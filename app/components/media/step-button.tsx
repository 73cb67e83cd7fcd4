/** A previous / next button of a gallery or the lightbox: a 44 px round target with an arrow, named by `label`. */
export function StepButton({ label, direction, onClick }: { label: string; direction: 1 | -1; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full border border-zinc-300 text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:outline-brand-300"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={direction === 1 ? "M8 4l6 6-6 6" : "M12 4l-6 6 6 6"} />
      </svg>
    </button>
  );
}
