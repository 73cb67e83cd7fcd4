/**
 * The browser side of islands (island.tsx): until an island's code has loaded and React has hydrated it, its server
 * markup is on screen but React ignores events on it (react-dom stops a click on a boundary it cannot hydrate yet).
 * One set of capture listeners on `window`, ahead of React's on the document:
 * - a pointer over an island, a press or a focus in it starts loading its code;
 * - a click, Enter or Escape in it is held (its default prevented) and dispatched again on the same element once
 *   the island is hydrated, when React handles it; hydration keeps the server's elements, so the target is still the
 *   element the user pressed;
 * - text typed (or an option chosen) in its fields meanwhile stays on screen (the browser edits them), and is handed
 *   to React after hydration as an input or change event, so the component's state takes it (typedValues,
 *   restoreTypedValues).
 */
import { TYPED_FIELDS, renderedValue, typedBeforeHydration } from "~/components/form/typed-before-hydration";

export interface IslandHandle {
  /** Starts loading the island's code (idempotent). */
  start(): void;
  /** Before hydration: keeps `replay` for it and answers true. After: false. */
  hold(replay: () => void): boolean;
}

const islands = new WeakMap<Element, IslandHandle>();
let listening = false;

/** Lets the listeners find `handle` from events inside `element`; returns the undo. */
export function watchIsland(element: Element, handle: IslandHandle): () => void {
  islands.set(element, handle);
  if (!listening) listen();
  return () => islands.delete(element);
}

/** The innermost island around `target` that is on the page: an island inside a dehydrated one is not there yet. */
function islandOf(target: EventTarget | null): IslandHandle | undefined {
  for (let element = target instanceof Element ? target.closest("[data-island]") : null; element; element = element.parentElement?.closest("[data-island]") ?? null) {
    const island = islands.get(element);
    if (island) return island;
  }
  return undefined;
}

function listen() {
  listening = true;
  const prepare = (event: Event) => islandOf(event.target)?.start();
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"]) window.addEventListener(type, prepare, { capture: true, passive: true });
  // Dispatched, not target.click(): the target may be an icon's SVG inside the button.
  window.addEventListener("click", (event) => hold(event, (target) => target.dispatchEvent(new MouseEvent("click", event))), true);
  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Enter" || event.key === "Escape") hold(event, (target) => target.dispatchEvent(new KeyboardEvent("keydown", event)));
    },
    true,
  );
}

function hold(event: Event, replay: (target: Element) => void) {
  const island = islandOf(event.target);
  const target = event.target;
  if (island && target instanceof Element && island.hold(() => target.isConnected && replay(target))) {
    event.preventDefault();
    event.stopImmediatePropagation();
    island.start();
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What was typed or chosen in `root`'s fields before hydration, read as React hydrates them: React keeps it on screen
 * but not in its state (a textarea's not even on screen: hydration puts its server text back, so the text is read
 * from what typed-before-hydration.ts remembered), and its next render of the field puts its state back. Hand it to
 * React afterwards with restoreTypedValues.
 */
export function typedValues(root: Element): [Field, string][] {
  return ([...root.querySelectorAll(TYPED_FIELDS)] as Field[])
    .map((field): [Field, string] => [field, typedBeforeHydration(field) ?? field.value])
    .filter(([field, value]) => value !== renderedValue(field));
}

/**
 * Gives React what was typed or chosen, as the user's own input would. A select's change event is enough. For text,
 * React records the value it last saw through the field's own `value` setter and ignores an input event that does not
 * change it, so: the field's setter is given the value on screen (React's), the prototype's setter puts the typed text
 * in without React seeing it, and an input event makes React read the difference.
 */
export function restoreTypedValues(typed: [Field, string][]) {
  for (const [field, value] of typed) {
    if (!field.isConnected || field.value === value) continue;
    const select = field instanceof HTMLSelectElement;
    const shown = field.value;
    field.value = select ? value : shown;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event(select ? "change" : "input", { bubbles: true }));
  }
}
