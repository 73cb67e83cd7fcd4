import { island } from "~/components/island/island";

/**
 * The editor pages' delete (DeleteItemForm, confirm-form.tsx) as an island (decision 041): the page shows its button,
 * and the confirm step's code loads when it is first neared or pressed; without JavaScript it posts straight away.
 */
export const DeleteItemIsland = island(() => import("./confirm-form").then((module) => module.DeleteItemForm));
