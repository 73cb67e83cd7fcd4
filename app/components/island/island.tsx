import { Suspense, lazy, use, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { restoreTypedValues, typedValues, watchIsland } from "./island-events";

/**
 * An island: a part of a server-rendered page whose code loads when it is first used, not with the page (decision
 * 041). The server renders the component as usual. In the browser its markup stays on screen, dehydrated, and its
 * code loads when a pointer comes over it, it is pressed or gets focus, or its props change; React then hydrates it
 * in place (the same elements, so focus and selection stay), and a click, Enter or Escape made meanwhile is replayed
 * (island-events.ts). Mounted by a client navigation, it loads at once.
 *
 *   const WorkMediaField = island(() => import("./work-editor-media").then((module) => module.WorkMediaField));
 *
 * Its props should keep their identity while unchanged (a shared empty object, not `{}` per render): new data loads
 * it, as the server markup cannot show it (new callbacks do not). A React context change that reaches a dehydrated
 * island (React Router's, on a navigation or a fetcher's load) makes React render it from scratch: it then shows a
 * copy of its server markup while its code loads, and text typed into that copy is lost.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return import.meta.env.SSR ? serverIsland(load) : browserIsland(load);
}

/**
 * "No errors" as one object for a page's whole life, for an editor whose islands take its errors: `{}` per render
 * would be new data to them each time, and load them.
 */
export const NO_ERRORS: Readonly<Record<string, string>> = {};

/** The server's island imports still in flight (islandsLoaded). */
const serverLoads = new Set<Promise<unknown>>();

/**
 * On the server: settles once every island's code defined so far has loaded. A route module defines its islands when
 * React Router loads it, before the page renders, and entry.server.tsx waits for this before rendering, so an island
 * renders with the page instead of as a boundary streamed after it.
 */
export function islandsLoaded() {
  return Promise.all(serverLoads);
}

/** On the server the code loads when the island is defined (see islandsLoaded), and renders as is. */
function serverIsland<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Component: ComponentType<P> | undefined;
  const loaded = load().then((component) => (Component = component));
  serverLoads.add(loaded);
  void loaded.finally(() => serverLoads.delete(loaded));
  function Loaded(props: P) {
    const Body = Component ?? use(loaded);
    return <Body {...props} />;
  }
  return function ServerIsland(props: P) {
    return (
      <div data-island="" className="contents">
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </div>
    );
  };
}

function browserIsland<P extends object>(load: () => Promise<ComponentType<P>>) {
  return function Island(props: P) {
    const root = useRef<HTMLDivElement>(null);
    const [state] = useState(() => islandState(props, load));
    useLayoutEffect(() => state.setProps(props));
    useLayoutEffect(() => state.attach(root.current!), [state]);
    // One element for the island's whole life: React passes an unchanged element by, so the parent's renders never
    // reach the dehydrated boundary; the body reads the latest props from `state`.
    const boundary = useMemo(
      () => (
        <Suspense fallback={<ServerMarkupCopy state={state} />}>
          <state.Body />
        </Suspense>
      ),
      [state],
    );
    return (
      <div ref={root} data-island="" className="contents">
        {boundary}
      </div>
    );
  };
}

/**
 * Shown only when React renders the island from scratch before its code is there (a client navigation, or a context
 * change that reached it dehydrated): it starts the load, and shows the server's markup meanwhile so nothing jumps.
 */
function ServerMarkupCopy({ state }: { state: { serverMarkup(): string; start(): void } }) {
  useLayoutEffect(() => state.start(), [state]);
  const markup = state.serverMarkup();
  return markup ? <div className="contents" dangerouslySetInnerHTML={{ __html: markup }} /> : null;
}

/** One island's props, load and hydration, and the handle the event listeners use (island-events.ts). */
function islandState<P extends object>(serverProps: P, load: () => Promise<ComponentType<P>>) {
  let props = serverProps;
  let root: Element | null = null;
  let serverMarkup = "";
  // The held clicks and keys until hydration; null after.
  let replays: (() => void)[] | null = [];
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function didHydrate() {
    const held = replays ?? [];
    replays = null;
    const typed = root ? typedValues(root) : [];
    // After React's renders that follow hydration (the latest props): typed text first, then (once React has rendered
    // it, which it does after the event, not in it) the held clicks and keys, so a replayed Enter acts on the text.
    setTimeout(() => {
      restoreTypedValues(typed);
      setTimeout(() => held.forEach((replay) => replay()));
    });
  }

  const Body = lazy(() =>
    started.then(load).then((Component) => ({
      default: function IslandBody() {
        // Hydration renders with the props the server rendered; a change since comes as a render right after.
        const current = useSyncExternalStore(subscribe, () => props, () => serverProps);
        useLayoutEffect(didHydrate, []);
        return <Component {...current} />;
      },
    })),
  );

  return {
    Body,
    start: () => start(),
    serverMarkup: () => serverMarkup,
    hold: (replay: () => void) => Boolean(replays?.push(replay)),
    attach(element: Element) {
      root = element;
      // Before React replaces it: the dehydrated markup, for ServerMarkupCopy (empty after a client navigation).
      serverMarkup = element.innerHTML;
      return watchIsland(element, this);
    },
    setProps(next: P) {
      if (next === props) return;
      // A new callback changes nothing on screen; new data does, and the server markup cannot show it: load.
      const changed = (Object.keys(next) as (keyof P)[]).some((key) => typeof next[key] !== "function" && !Object.is(next[key], props[key]));
      props = next;
      if (!replays) listeners.forEach((listener) => listener());
      else if (changed) start();
    },
  };
}
