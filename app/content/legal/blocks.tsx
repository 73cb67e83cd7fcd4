import type { ReactNode } from "react";

// The few shapes the legal texts need beyond plain HTML. Styled by app/components/legal/legal.css.

/**
 * Something the operator must fill in before the page goes live (a name, an address, a date). The text carries its
 * own brackets ("[Operator's registered address]", "【所在地】"), so it reads as a placeholder without the highlight too.
 */
export function Fill({ children }: { children: ReactNode }) {
  return <mark className="legal-fill">{children}</mark>;
}

/** A two-column list of items and their details: the 特定商取引法 notice's table. */
export function Facts({ items }: { items: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <dl className="legal-facts">
      {items.map(([term, detail], index) => (
        <div key={index}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A note for the lawyer or the operator about a choice the draft makes, shown as such. */
export function ReviewNote({ children }: { children: ReactNode }) {
  return <p className="legal-review-note">{children}</p>;
}
