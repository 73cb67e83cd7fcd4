import { Svg, type IconProps } from "./icons";

// The home page's category icons: only the home route draws them, so they are not in icons.tsx, which every page loads.

export function BrushIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M19.5 4.5 11 13M14.5 3.5l6 6" />
      <path d="M10.5 13.5c-2 0-3.5 1.4-3.5 3.3 0 1.4-.9 2.4-2.5 2.7 1.2.9 2.8 1.3 4.3 1.3 2.6 0 4.6-1.9 4.6-4.3l-2.9-3Z" />
    </Svg>
  );
}

export function CubeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 4 7.5v9L12 21l8-4.5v-9L12 3Z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </Svg>
  );
}

export function FilmIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <path d="M7.5 5v14M16.5 5v14M3.5 9.5h4M3.5 14.5h4M16.5 9.5h4M16.5 14.5h4" />
    </Svg>
  );
}

export function MusicIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 18V5.5l11-2V16" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </Svg>
  );
}

export function SparkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3.5 13.8 10l6.7 2-6.7 2L12 20.5 10.2 14l-6.7-2 6.7-2L12 3.5Z" />
    </Svg>
  );
}
