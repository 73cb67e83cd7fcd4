/**
 * The spec's "3D model viewer" for a GLB or VRM file (issue 60, decision 096). Seam: the viewer itself is being built;
 * this stub shows a link to the file so the pages that place it compile.
 */
export interface LazyModelViewerProps {
  /** A URL the viewer's browser can load (a signed read URL for a private file). */
  url: string;
  name: string;
  vrm: boolean;
}

export function LazyModelViewer({ url, name }: LazyModelViewerProps) {
  return <a href={url}>{name}</a>;
}
