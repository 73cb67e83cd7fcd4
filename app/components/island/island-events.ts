/**
 * The browser side of islands (island.tsx): until an island's code has loaded and React has hydrated it, its server
 * markup is on screen but React ignores events on it (react-dom stops a click on a boundary it cannot hydrate yet).
 * One set of capture listeners on `window`, ahead of React's on the document:
 * - a pointer over an island, a press or a focus in it starts loading its code;
 * - a click, Enter or Escape in it is held (its default prevented) and dispatched again on the same element once
 *   the island is hydrated, when React handles it; hydration keeps the server's elements, so the target is still the
 *   element the user pressed;
 * - text typed into its fields meanwhile stays in them (the browser edits them), and is handed to React after
 *   hydration as an input event, so the component's state takes it (typedText, restoreTypedText).
 */
export interface IslandHandle {
  /** Starts loading the island's code (idempotent). */
  start(): void;
  isHydrated(): boolean;
  /** Runs `replay` once the island is hydrated (at once if it is). */
  whenHydrated(replay: () => void): void;
}

const islands = new WeakMap<Element, IslandHandle>();
let listening = false;

/** Lets the listeners find `handle` from events inside `element`; returns the undo. */
export function watchIsland(element: Element, handle: IslandHandle): () => void {
  islands.set(element, handle);
  if (!listening) listen();
  return () => islands.delete(element);
}

function islandOf(target: EventTarget | null): IslandHandle | undefined {
  const element = target instanceof Element ? target.closest("[data-island]") : null;
  return element ? islands.get(element) : undefined;
}

function listen() {
  listening = true;
  const prepare = (event: Event) => islandOf(event.target)?.start();
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"]) window.addEventListener(type, prepare, { capture: true, passive: true });
  window.addEventListener("click", (event) => hold(event, (target) => target.click()), true);
  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Enter" || event.key === "Escape") hold(event, (target) => target.dispatchEvent(new KeyboardEvent("keydown", event)));
    },
    true,
  );
}

function hold(event: Event, replay: (target: HTMLElement) => void) {
  const island = islandOf(event.target);
  if (!island || island.isHydrated() || !(event.target instanceof HTMLElement)) return;
  const target = event.target;
  event.preventDefault();
  event.stopImmediatePropagation();
  island.start();
  island.whenHydrated(() => {
    if (target.isConnected) replay(target);
  });
}

const UNTYPED_INPUTS = new Set(["checkbox", "radio", "file", "hidden", "submit", "button", "reset", "image"]);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The text typed into `root`'s fields before hydration, read as React hydrates them: React keeps such text on screen
 * but not in its state (the field's `defaultValue` is what it rendered), and its next render of the field puts its
 * state back. Hand them to React afterwards with restoreTypedText.
 */
export function typedText(root: Element): [TextField, string][] {
  return [...root.querySelectorAll<TextField>("input, textarea")]
    .filter((field) => !(field instanceof HTMLInputElement && UNTYPED_INPUTS.has(field.type)) && field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

/**
 * Gives React the typed text as a keystroke would. React records the value it last saw through the field's own
 * `value` setter and ignores an input event that does not change it, so: the field's setter is given the value on
 * screen (React's), the prototype's setter puts the typed text in without React seeing it, and an input event makes
 * React read the difference.
 */
export function restoreTypedText(typed: [TextField, string][]) {
  for (const [field, text] of typed) {
    if (!field.isConnected || field.value === text) continue;
    const shown = field.value;
    field.value = shown;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
