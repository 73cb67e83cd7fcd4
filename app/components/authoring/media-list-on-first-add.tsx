import { Suspense, lazy, useState } from "react";
import { MediaListFrame } from "./media-list-frame";
import type { MediaListProps } from "./media-list-field";

const loadMediaList = () => import("./media-list-field");
const MediaListField = lazy(() => loadMediaList().then((module) => ({ default: module.MediaListField })));
const prepareMediaList = () => void loadMediaList();

/**
 * A media list that is empty when its page opens and often stays so there: a new service's gallery, which takes
 * files only once the service is saved (decision 040). The page draws the list's frame and add button; the list
 * itself (items, thumbnails, reordering) loads with the first add, or when a pointer nears the button or it gets
 * focus, as the add-media dialog already does, and the click that opened it opens the dialog. A list that has items
 * (a refused save sent back what was added) is the full list from the start.
 */
export function MediaListOnFirstAdd(props: MediaListProps) {
  const [opened, setOpened] = useState(false);
  const frame = (onAdd: () => void) => (
    <MediaListFrame
      idPrefix={props.idPrefix}
      legend={props.legend}
      hint={props.hint}
      count={props.medias.length}
      max={props.max}
      error={props.error}
      addLabel={props.addLabel}
      onAdd={onAdd}
      onPrepareAdd={prepareMediaList}
    />
  );
  if (!opened && props.medias.length === 0) return frame(() => setOpened(true));
  return (
    <Suspense fallback={frame(() => {})}>
      <MediaListField {...props} startAdding={opened} />
    </Suspense>
  );
}
