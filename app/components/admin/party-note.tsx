// Decision 093: a party is never the judge. Where the console would offer a decision to an admin who is a party to the
// case (a dispute's settle form, a report's hide and keep, a ban), it shows this instead: why they may not decide, and
// who will (another admin, or none yet: the case waits until another admin is added).

/** The note in place of an action the reading admin may not take. */
export function PartyNote({ text }: { text: string }) {
  return (
    <p
      data-testid="admin-party-note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {text}
    </p>
  );
}
