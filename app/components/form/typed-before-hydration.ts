import { useLayoutEffect, useSyncExternalStore, type RefObject } from "react";

/**
 * Text typed before a page is interactive (decision 060). The server's fields are on screen seconds before React
 * hydrates them (a reload, a bookmark, a slow line), and the browser lets the user type into them. React then loses
 * that text in two ways:
 * - a textarea: hydration sets its value back to the server's text (react-dom's initTextarea);
 * - a controlled input or select: hydration leaves the text on screen but not in the component's state, so the next
 *   render puts the state back, and a form posting its state (the work and form editors' JSON payload) saves the
 *   old text.
 * So the browser remembers what each field holds that differs from what the server rendered, read when this module
 * is first evaluated (the field components import it, so that is before React hydrates any of them) and kept up to
 * date by the user's input until the field is hydrated; `useTypedBeforeHydration` hands it to the field as it
 * hydrates.
 * Checkboxes and radios the same way: hydration leaves a box ticked before it on screen (react-dom's initInput), but
 * a controlled one's state keeps the server's `checked`, and the next render unticks it. So `checked` is remembered
 * when it differs from `defaultChecked`, and `useCheckedBeforeHydration` hands it to the box as it hydrates.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The fields a user types into or chooses in. */
const TYPED_FIELDS =
  "input:not([type=checkbox],[type=radio],[type=file],[type=hidden],[type=submit],[type=button],[type=reset],[type=image]),textarea,select:not([multiple])";

/** The boxes ticked or chosen in. */
const CHECKED_FIELDS = "input[type=checkbox],input[type=radio]";

const typed = new WeakMap<Node, string>();
const checked = new WeakMap<Node, boolean>();
/** Fields React has hydrated (through the hook): what is typed into them from then on is React's. */
const hydrated = new WeakSet<Node>();

/** What the server rendered into a field: its value attribute, its text, or its selected option. */
function renderedValue(field: Field) {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const options = [...field.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value;
}

function rememberChecked(box: HTMLInputElement) {
  if (hydrated.has(box)) return;
  if (box.checked !== box.defaultChecked) checked.set(box, box.checked);
  else checked.delete(box);
}

function remember(field: Element) {
  if (field instanceof HTMLInputElement && field.matches(CHECKED_FIELDS)) {
    // Choosing a radio unticks the others of its group without an event of theirs.
    const group =
      field.type === "radio" && field.name
        ? document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(field.name)}"]`)
        : [field];
    for (const box of group) rememberChecked(box);
    return;
  }
  if (hydrated.has(field) || !field.matches(TYPED_FIELDS)) return;
  const value = (field as Field).value;
  if (value !== renderedValue(field as Field)) typed.set(field, value);
  else typed.delete(field);
}

if (typeof document !== "undefined") {
  for (const field of document.querySelectorAll(`${TYPED_FIELDS},${CHECKED_FIELDS}`)) remember(field);
  // Capture, ahead of React: the text typed while the page's code is loading or hydrating.
  for (const type of ["input", "change"])
    document.addEventListener(type, (event) => event.target instanceof Element && remember(event.target), true);
}

/** What was typed into `field` before React hydrated it, if it differs from the server's value. */
function typedBeforeHydration(field: Node): string | undefined {
  return hydrated.has(field) ? undefined : typed.get(field);
}

/**
 * For a field component: as React hydrates `ref`'s field, puts back what was typed into it before (hydration may
 * have replaced it) and tells `onTyped`, so a controlled field's state takes it (an uncontrolled one only needs it
 * on screen). A field mounted by the browser (a navigation, a dialog) has nothing remembered, and this does nothing.
 */
export function useTypedBeforeHydration(ref: RefObject<Field | null>, onTyped?: (value: string) => void) {
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const value = typedBeforeHydration(field);
    hydrated.add(field);
    typed.delete(field);
    if (value === undefined) return;
    // Through the field's own setter: React's value tracker records it as what it has seen.
    if (field.value !== value) field.value = value;
    onTyped?.(value);
    // Once, at hydration: the callback of the first render is the one to call.
  }, []);
}

/** Whether `box` was ticked (or unticked) before React hydrated it, if that differs from the server's. */
function checkedBeforeHydration(box: Node): boolean | undefined {
  return hydrated.has(box) ? undefined : checked.get(box);
}

/**
 * `useTypedBeforeHydration` for a checkbox or radio: as React hydrates `ref`'s box, puts back the `checked` it was
 * given before (so the next render does not undo it) and tells `onChecked`, so a controlled box's state takes it. A
 * radio is told only when chosen: the one chosen instead of it tells its own state.
 */
export function useCheckedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  onChecked?: (checked: boolean) => void,
) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const value = checkedBeforeHydration(box);
    hydrated.add(box);
    checked.delete(box);
    if (value === undefined) return;
    // Through the element's own setter: React's value tracker records it as what it has seen.
    if (box.checked !== value) box.checked = value;
    if (box.type !== "radio" || value) onChecked?.(value);
    // Once, at hydration: the callback of the first render is the one to call.
  }, []);
}

/**
 * Files chosen in `ref`'s file input before React hydrated it (its label opens the browser's picker without any of the
 * page's code): handed to `onFiles` as it hydrates, as if chosen then, and the input emptied, so a change React replays
 * after hydrating finds nothing to add twice. A field mounted by the browser has none, and this does nothing.
 */
export function useFilesChosenBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  onFiles: (files: File[]) => void,
) {
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input?.files?.length) return;
    const files = [...input.files];
    input.value = "";
    onFiles(files);
    // Once, at hydration: the callback of the first render is the one to call.
  }, []);
}

const noSubscription = () => () => {};

/**
 * False while the server's markup is on screen and during hydration, true once React has it. For a form whose state
 * lives in the browser (posted as a JSON payload): its submit waits for this, as a post before hydration would send
 * the state the server rendered, not what is on screen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
