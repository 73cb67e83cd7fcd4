import { Svg, type IconProps } from "./icons";

// Icons only the header menus' lazily loaded panels draw: in a module of their own, so they load with the panels
// (icons.tsx is in every page's JavaScript).

export function CheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Svg>
  );
}

export function LogOutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4.5H6.5a1.5 1.5 0 0 0-1.5 1.5v12a1.5 1.5 0 0 0 1.5 1.5H14M10 12h10M16.5 8.5 20 12l-3.5 3.5" />
    </Svg>
  );
}
