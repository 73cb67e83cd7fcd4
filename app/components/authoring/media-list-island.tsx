import { island } from "~/components/island/island";

/**
 * The shared media list (media-list-field.tsx) as an island (decision 041): its code (items, thumbnails, reordering,
 * the add and preview dialogs) loads when the list is first used, not with the editor that shows it.
 */
export const MediaListIsland = island(() => import("./media-list-field").then((module) => module.MediaListField));
