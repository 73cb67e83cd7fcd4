// Both workerd projects (vitest.config.ts: the shared world and the files that run alone) list the same globalSetup
// files, and vitest calls each once per project, in one Node process. The servers they start are the run's, not a
// project's: the Worker of either project reaches them on the one port vitest.config.ts chose. So the first project to
// set one up starts it, the others take the same one, and the last to finish stops it.

interface Shared<T> {
  started: Promise<T>;
  users: number;
}

// On globalThis: each project may load this file through a Vite server of its own, so a module-level map would be
// one per project.
const SERVERS = Symbol.for("comet.tests.once-per-run");
const holder = globalThis as { [SERVERS]?: Map<string, Shared<unknown>> };
const servers = (holder[SERVERS] ??= new Map());

/** Starts the server named `name` unless this run already has it; resolves to this project's teardown. */
export async function oncePerRun<T>(
  name: string,
  start: () => Promise<T>,
  stop: (server: T) => Promise<void> | void,
): Promise<() => Promise<void>> {
  let shared = servers.get(name) as Shared<T> | undefined;
  if (!shared) {
    shared = { started: start(), users: 0 };
    servers.set(name, shared);
  }
  shared.users += 1;
  const server = await shared.started;
  const entry = shared;
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    servers.delete(name);
    await stop(server);
  };
}
