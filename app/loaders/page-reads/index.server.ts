import { formReads } from "./form-reads.server";
import { profileReads } from "./profile-reads.server";

/** The pages whose reads a signed-in GET sends with the session's statement (decision 114; worker/index.ts). */
export const PAGE_READS = [profileReads, formReads];
