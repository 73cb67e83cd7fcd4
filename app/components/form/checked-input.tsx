import { useRef, type InputHTMLAttributes } from "react";
import { useCheckedBeforeHydration } from "./typed-before-hydration";

type CheckedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> & {
  type: "checkbox" | "radio";
  /** The box's new `checked` (a radio: true, when chosen). Also called at hydration with what was ticked before it. */
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A bare checkbox or radio (styled by its caller) whose `checked` given before hydration is kept: put back and handed
 * to `onCheckedChange` as it hydrates (decision 060), so a controlled box's state follows what is on screen.
 */
export function CheckedInput({ onCheckedChange, ...inputProps }: CheckedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useCheckedBeforeHydration(ref, onCheckedChange);
  return (
    <input
      ref={ref}
      {...inputProps}
      onChange={onCheckedChange ? (event) => onCheckedChange(event.currentTarget.checked) : undefined}
    />
  );
}
