import { useEffect, useState } from "react";
import { m } from "#app/paraglide/messages.js";

/**
 * How many of an `each` choice the client asks for (issue 63: "Extra character, 8,000 each" × 2), 1 up to the
 * creator's maximum: a number field between − and + buttons, each 44 px, named with the choice's title so a screen
 * reader says what is being counted. What is typed is kept as typed until it reads as a count; leaving the field puts
 * back the count in force.
 */
export function CountStepper(props: { title: string; value: number; max: number; onChange: (count: number) => void }) {
  const { value, max } = props;
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const set = (count: number) => props.onChange(Math.max(1, Math.min(max, count)));
  const button =
    "inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-300 bg-white text-lg font-semibold text-zinc-900 hover:bg-zinc-50 disabled:opacity-40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={button}
        aria-label={m.requests_count_fewer({ title: props.title })}
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={typed}
        aria-label={m.requests_count_label({ title: props.title })}
        onChange={(event) => {
          setTyped(event.target.value);
          const count = Number(event.target.value);
          if (event.target.value !== "" && Number.isInteger(count)) set(count);
        }}
        onBlur={() => setTyped(String(value))}
        className="min-h-11 w-16 rounded-md border border-zinc-400 bg-white px-2 text-center text-base text-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100"
      />
      <button
        type="button"
        className={button}
        aria-label={m.requests_count_more({ title: props.title })}
        disabled={value >= max}
        onClick={() => set(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
