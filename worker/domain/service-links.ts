/**
 * A service's address: its creator's profile with `?service={id}`, which opens the service's request modal. Named
 * once: the catalog writes the link, the profile's loader reads the parameter, and the edge cache keys the profile by
 * it (page-cache.ts), so the three cannot drift apart.
 */
export const PROFILE_SERVICE_PARAM = "service";

export const serviceHref = (handle: string, serviceId: string) =>
  `/${handle}?${new URLSearchParams({ [PROFILE_SERVICE_PARAM]: serviceId })}`;
