// The address of a work's page, written once for the route's redirect, the profile's cards and the share button.

/** /{handle}/works/{id}: the id finds the work; the handle is the owner's, so the address reads as theirs (decision 031). */
export function workPagePath(handle: string, workId: string): string {
  return `/${encodeURIComponent(handle)}/works/${encodeURIComponent(workId)}`;
}
