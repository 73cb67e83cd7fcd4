import { Suspense, lazy, type ComponentProps } from "react";

const MediaLightbox = lazy(() =>
  import("#app/components/media/media-lightbox").then((module) => ({ default: module.MediaLightbox })),
);

/** The media lightbox, fetched on its first open: card pages (explore, profiles) do not ship the dialog and players up front. */
export function LazyMediaLightbox(props: ComponentProps<typeof MediaLightbox>) {
  return (
    <Suspense fallback={null}>
      <MediaLightbox {...props} />
    </Suspense>
  );
}
