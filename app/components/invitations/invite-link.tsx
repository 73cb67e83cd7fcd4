import { island } from "~/components/island/island";

/**
 * The invite link's field and copy button as an island (decision 041): the page renders the link, and the copy
 * button's code loads when it is first neared, focused or pressed (a press made meanwhile is replayed).
 */
export const InviteLinkIsland = island(() => import("./invite-link-field").then((module) => module.InviteLinkField));
