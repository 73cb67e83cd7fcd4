// Spec section 2's "cut at n characters", in a module of its own: the cards import it without bringing the explore
// search's URL parsing (search.ts, which re-exports it) into every page that shows a card.

/** "Cut at n characters" of spec section 2, by code point so a Japanese or emoji character is never split. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}
