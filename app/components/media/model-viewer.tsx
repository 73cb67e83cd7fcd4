// The in-page 3D viewer for a GLB or VRM file (issue 60, the spec's "3D model viewer"): three.js with
// @pixiv/three-vrm, loaded only when someone presses "View in 3D" (lazy-model-viewer.tsx imports this module
// dynamically, so three.js is a chunk of its own and no route's JS at start grows).
//
// Why three.js with three-vrm rather than Google's <model-viewer>: <model-viewer> knows glTF but not VRM, so a VRM's
// MToon (toon-shaded) materials would show as flat PBR and its spring bones (hair, clothes) would not move; three-vrm
// is the reference implementation of both, by VRM's own authors. It also lets the viewer be ours: its controls are
// buttons in our design, in en and ja, and it renders where the GPU is absent (WebGL on SwiftShader).
import { VRMLoaderPlugin, VRMUtils, type VRM } from "@pixiv/three-vrm";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  Box3,
  Clock,
  DirectionalLight,
  HemisphereLight,
  LoadingManager,
  PerspectiveCamera,
  Scene,
  Sphere,
  TextureLoader,
  Vector3,
  WebGLRenderer,
  type Object3D,
} from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { GLTFLoader, type GLTF } from "three/addons/loaders/GLTFLoader.js";
import { m } from "#app/paraglide/messages.js";
import type { LazyModelViewerProps } from "./model-viewer-props";

type Status = "loading" | "shown" | "error";

/** How far one press of a turn button turns the model, and one press of zoom moves the camera. */
const TURN = Math.PI / 8;
const ZOOM = 1.25;

export default function ModelViewer({ url, name }: Pick<LazyModelViewerProps, "url" | "name">) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controlsRef = useRef<OrbitControls | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  /** How the file was read: as a VRM (three-vrm) or as a plain glTF scene. */
  const [readAs, setReadAs] = useState<"vrm" | "gltf" | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const abort = new AbortController();
    let stage: Stage | null = null;
    try {
      stage = createStage(canvas);
    } catch {
      // No WebGL at all (disabled, blocklisted, or no software fallback): the error state says so.
      setStatus("error");
      return;
    }
    controlsRef.current = stage.controls;
    const lost = (event: Event) => {
      event.preventDefault();
      setStatus("error");
    };
    canvas.addEventListener("webglcontextlost", lost);
    loadModel(url, abort.signal)
      .then((model) => {
        if (abort.signal.aborted || !stage) return;
        stage.show(model);
        setReadAs(model.vrm ? "vrm" : "gltf");
        setStatus("shown");
      })
      .catch(() => {
        if (!abort.signal.aborted) setStatus("error");
      });
    return () => {
      abort.abort();
      canvas.removeEventListener("webglcontextlost", lost);
      controlsRef.current = null;
      stage?.dispose();
    };
  }, [url]);

  const act = (action: "left" | "right" | "up" | "down" | "in" | "out" | "reset") => {
    const controls = controlsRef.current;
    if (!controls || status !== "shown") return;
    if (action === "left") controls.rotateLeft(-TURN);
    else if (action === "right") controls.rotateLeft(TURN);
    else if (action === "up") controls.rotateUp(TURN / 2);
    else if (action === "down") controls.rotateUp(-TURN / 2);
    else if (action === "in") controls.dollyIn(ZOOM);
    else if (action === "out") controls.dollyOut(ZOOM);
    else {
      // What is left of a turn's easing first, so it does not go on turning the view after the reset.
      const damping = controls.enableDamping;
      controls.enableDamping = false;
      controls.update();
      controls.reset();
      controls.enableDamping = damping;
    }
  };

  // Keys anywhere in the viewer (the canvas or a button): arrows turn, + and - zoom, 0 or Home resets.
  const onKeyDown = (event: KeyboardEvent) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    act(action);
  };

  return (
    <div
      role="group"
      aria-label={m.model_viewer_group()}
      onKeyDown={onKeyDown}
      className="overflow-hidden rounded-lg border border-zinc-300 dark:border-zinc-700"
      data-model-viewer={status}
      data-read-as={readAs ?? undefined}
    >
      <div className="relative aspect-square w-full bg-zinc-100 sm:aspect-video dark:bg-zinc-800">
        <canvas
          ref={canvasRef}
          // Focusable, so the arrow keys reach it from the keyboard too; what they do is in the help line below.
          tabIndex={0}
          role="img"
          aria-label={m.model_viewer_label({ name })}
          className="block size-full cursor-grab touch-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-600 active:cursor-grabbing"
        />
        {status !== "shown" && (
          // The state in words, read out as it changes (loading, then the error); gone once the model is there.
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center"
          >
            {status === "loading" ? (
              <>
                <span
                  aria-hidden="true"
                  className="size-8 animate-spin rounded-full border-4 border-zinc-300 border-t-zinc-600 motion-reduce:animate-none dark:border-zinc-600 dark:border-t-zinc-200"
                />
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.model_viewer_loading()}</p>
              </>
            ) : (
              <>
                <p className="font-medium text-zinc-900 dark:text-zinc-100">{m.model_viewer_error()}</p>
                <p className="max-w-sm text-sm text-zinc-700 dark:text-zinc-300">{m.model_viewer_error_hint()}</p>
              </>
            )}
          </div>
        )}
      </div>
      {status === "shown" && (
        <div className="flex flex-wrap items-center gap-2 border-t border-zinc-300 p-2 dark:border-zinc-700">
          <ViewerButton label={m.model_viewer_turn_left()} onPress={() => act("left")} path="M15 6l-6 6 6 6" />
          <ViewerButton label={m.model_viewer_turn_right()} onPress={() => act("right")} path="M9 6l6 6-6 6" />
          <ViewerButton label={m.model_viewer_zoom_in()} onPress={() => act("in")} path="M12 6v12M6 12h12" />
          <ViewerButton label={m.model_viewer_zoom_out()} onPress={() => act("out")} path="M6 12h12" />
          <button
            type="button"
            onClick={() => act("reset")}
            className="button-secondary inline-flex min-h-11 items-center px-3 text-sm"
          >
            {m.model_viewer_reset()}
          </button>
          <p className="w-full text-xs text-zinc-600 sm:w-auto sm:flex-1 sm:text-end dark:text-zinc-400">
            {m.model_viewer_help()}
          </p>
        </div>
      )}
    </div>
  );
}

const KEYS: Record<string, "left" | "right" | "up" | "down" | "in" | "out" | "reset"> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  "+": "in",
  "=": "in",
  "-": "out",
  "0": "reset",
  Home: "reset",
};

function ViewerButton({ label, onPress, path }: { label: string; onPress: () => void; path: string }) {
  return (
    <button
      type="button"
      onClick={onPress}
      aria-label={label}
      title={label}
      className="button-secondary inline-flex size-11 items-center justify-center p-0"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    </button>
  );
}

// ───────────────────────── three.js ─────────────────────────

interface LoadedModel {
  root: Object3D;
  vrm: VRM | null;
}

interface Stage {
  controls: OrbitControls;
  show(model: LoadedModel): void;
  dispose(): void;
}

/**
 * A renderer on the canvas, a camera with orbit controls, and light. Throws when WebGL is unavailable. Draws on demand:
 * after a move (and for a VRM a few seconds more, while its spring bones settle), never in a loop that idles hot.
 */
function createStage(canvas: HTMLCanvasElement): Stage {
  // preserveDrawingBuffer: the last frame stays readable (a screenshot, a test reading the pixels) at a small cost.
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor(0x000000, 0);
  const scene = new Scene();
  scene.add(new HemisphereLight(0xffffff, 0x777777, 1.6));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(1, 2, 3);
  scene.add(sun);
  const camera = new PerspectiveCamera(35, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);
  // Eased turns, unless the reader asked for less motion.
  controls.enableDamping = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const clock = new Clock();
  let model: LoadedModel | null = null;
  let framesLeft = 1;
  const settle = () => {
    framesLeft = Math.max(framesLeft, model?.vrm ? 180 : 2);
  };
  controls.addEventListener("change", settle);

  const resize = () => {
    const { clientWidth: width, clientHeight: height } = canvas;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    if (model) frame(model.root, camera, controls);
    settle();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  renderer.setAnimationLoop(() => {
    const delta = Math.min(clock.getDelta(), 0.1);
    if (controls.update()) settle();
    if (framesLeft <= 0) return;
    framesLeft--;
    model?.vrm?.update(delta);
    renderer.render(scene, camera);
  });

  return {
    controls,
    show(loaded) {
      model = loaded;
      scene.add(loaded.root);
      frame(loaded.root, camera, controls);
      controls.saveState();
      settle();
    },
    dispose() {
      renderer.setAnimationLoop(null);
      observer.disconnect();
      controls.dispose();
      if (model) VRMUtils.deepDispose(model.root);
      renderer.dispose();
    },
  };
}

/** Points the camera at the model's bounds from the front, a little aside and above, with the whole of it in view. */
function frame(root: Object3D, camera: PerspectiveCamera, controls: OrbitControls) {
  const box = new Box3().setFromObject(root, true);
  if (box.isEmpty()) return;
  const sphere = box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 1e-3);
  const vertical = (camera.fov * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
  const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.05;
  // Mostly the front (an avatar's face), turned and raised a little so its depth shows.
  const direction = new Vector3(0.3, 0.3, 1).normalize();
  camera.position.copy(sphere.center).addScaledVector(direction, distance);
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  controls.target.copy(sphere.center);
  controls.minDistance = radius * 0.2;
  controls.maxDistance = distance * 6;
  controls.update();
}

/**
 * The model at `url`: fetched once, read as a VRM (three-vrm: MToon materials, spring bones; a VRM 0.x turned to face
 * the camera as a 1.0 does) or, when it is a plain glTF or the VRM reader refuses it, as its glTF scene.
 */
async function loadModel(url: string, signal: AbortSignal): Promise<LoadedModel> {
  const response = await fetch(url, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error(`model: ${response.status}`);
  const bytes = await response.arrayBuffer();
  try {
    const gltf = await parse(bytes, true);
    const vrm = (gltf.userData.vrm as VRM | undefined) ?? null;
    if (!vrm) return { root: gltf.scene, vrm: null };
    VRMUtils.rotateVRM0(vrm);
    return { root: vrm.scene, vrm };
  } catch {
    return { root: (await parse(bytes, false)).scene, vrm: null };
  }
}

function parse(bytes: ArrayBuffer, vrm: boolean): Promise<GLTF> {
  // A GLB carries its own buffers and pictures; a reference to anything outside it (a URL on another host, which would
  // tell that host who looked) is not followed: it fails, and the model is shown without it or not at all.
  const manager = new LoadingManager();
  manager.setURLModifier((resource) => (/^(blob|data):/.test(resource) ? resource : "data:,"));
  const loader = new GLTFLoader(manager);
  // Pictures through <img> (TextureLoader), not fetch() (ImageBitmapLoader): the page's CSP lets img-src read the
  // blob: URLs GLTFLoader makes of embedded textures, while connect-src (fetch) allows only our origin.
  loader.register((parser) => {
    const textures = new TextureLoader(parser.options.manager);
    textures.setCrossOrigin(parser.options.crossOrigin);
    parser.textureLoader = textures;
    return { name: "comet_textures_by_img" };
  });
  if (vrm) loader.register((parser) => new VRMLoaderPlugin(parser));
  return loader.parseAsync(bytes, "");
}
