/**
 * What a page gives the "View in 3D" button (lazy-model-viewer.tsx), of which the viewer itself (model-viewer.tsx, its
 * own chunk) reads the URL and the name: a module of its own below both, so neither imports the other for a type.
 */
export interface LazyModelViewerProps {
  /** A URL the viewer's browser can load (a signed read URL for a private file). */
  url: string;
  name: string;
  /**
   * The file is a VRM, as far as the page knows. The viewer needs no hint: it reads every model with three-vrm's reader,
   * which shows a plain glTF as its scene (a VRM sniffs as glb, so the page often cannot tell).
   */
  vrm: boolean;
  /** A picture of the model to show until the viewer is opened (a portfolio work's thumbnail). */
  posterUrl?: string | null;
  /**
   * A fresh URL when the viewer opens, for a short-lived link (a deliverable's lives 5 minutes, decision 059): the
   * page may have been open longer. Null: the file can't be read now, and the viewer shows its error.
   */
  resolveUrl?: () => Promise<string | null>;
}
