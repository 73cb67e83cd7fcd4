import { Suspense, lazy, use, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { restoreTypedText, typedText, watchIsland, type IslandHandle } from "./island-events";

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

/** On the server the code loads with the Worker (the import resolves before its first request), and renders as is. */
function serverIsland<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Component: ComponentType<P> | undefined;
  const loaded = load().then((component) => (Component = component));
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
    const [state] = useState(() => new IslandState(props, load));
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
function ServerMarkupCopy({ state }: { state: { serverMarkup: string; start(): void } }) {
  useLayoutEffect(() => state.start(), [state]);
  return state.serverMarkup ? <div className="contents" dangerouslySetInnerHTML={{ __html: state.serverMarkup }} /> : null;
}

/** One island's props, load and hydration; the handle the event listeners use. */
class IslandState<P extends object> implements IslandHandle {
  readonly Body: ComponentType;
  serverMarkup = "";
  private props: P;
  private readonly serverProps: P;
  private root: Element | null = null;
  private hydrated = false;
  private readonly listeners = new Set<() => void>();
  private replays: (() => void)[] = [];
  private startLoad!: () => void;

  constructor(props: P, load: () => Promise<ComponentType<P>>) {
    this.props = this.serverProps = props;
    const started = new Promise<void>((resolve) => (this.startLoad = resolve));
    this.Body = lazy(() => started.then(load).then((Component) => ({ default: this.bodyOf(Component) })));
  }

  private bodyOf(Component: ComponentType<P>) {
    const state = this;
    return function IslandBody() {
      // Hydration renders with the props the server rendered; a change since comes as a render right after.
      const props = useSyncExternalStore(state.subscribe, state.getProps, state.getServerProps);
      useLayoutEffect(() => state.didHydrate(), []);
      return <Component {...props} />;
    };
  }

  private readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private readonly getProps = () => this.props;
  private readonly getServerProps = () => this.serverProps;

  attach(root: Element) {
    this.root = root;
    // Before React replaces it: the dehydrated markup, for ServerMarkupCopy (empty after a client navigation).
    this.serverMarkup = root.innerHTML;
    return watchIsland(root, this);
  }

  setProps(props: P) {
    if (props === this.props) return;
    // A new callback changes nothing on screen; new data does, and the server markup cannot show it: load.
    const changed = Object.keys({ ...this.props, ...props }).some(
      (key) => typeof props[key as keyof P] !== "function" && !Object.is(props[key as keyof P], this.props[key as keyof P]),
    );
    this.props = props;
    if (this.hydrated) this.listeners.forEach((listener) => listener());
    else if (changed) this.start();
  }

  start() {
    this.startLoad();
  }

  isHydrated() {
    return this.hydrated;
  }

  whenHydrated(replay: () => void) {
    if (this.hydrated) replay();
    else this.replays.push(replay);
  }

  private didHydrate() {
    this.hydrated = true;
    const typed = this.root ? typedText(this.root) : [];
    // After React's renders that follow hydration (the latest props): typed text first, then (once React has rendered
    // it, which it does after the event, not in it) the held clicks and keys, so a replayed Enter acts on the text.
    setTimeout(() => {
      restoreTypedText(typed);
      setTimeout(() => {
        const replays = this.replays;
        this.replays = [];
        replays.forEach((replay) => replay());
      });
    });
  }
}
