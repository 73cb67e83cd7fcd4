/** The hosts a request from this machine names: the browser tests call the server they started on localhost. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request is addressed to this machine: the dev tools that write (the fixtures, the dev clock) answer no other. */
export function isLocalRequest(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname);
}
