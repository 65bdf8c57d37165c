// The 3D viewer itself: three.js drawing one glTF model in a canvas, lit and framed so the whole object
// shows. This module is the heavy part of the 3D view and is fetched only when a visitor opens it
// (ModelViewer.tsx imports it dynamically). It draws on demand (when the view changes), not in a loop,
// so an idle model costs no CPU.
import {
  ACESFilmicToneMapping,
  Box3,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { decodeImagesWithinCsp } from './gltf-images.ts';

export interface ModelViewer {
  /** The canvas: it takes focus and the keys (arrows turn, + and − zoom, 0 resets). */
  readonly focusTarget: HTMLCanvasElement;
  /** A turn of the object to the left (-1) or right (1). */
  turn(direction: 1 | -1): void;
  home(): void;
  destroy(): void;
}

interface ModelOptions {
  /** The glTF (.glb or .gltf) file of this site. */
  url: string;
  label: string;
  describedBy: string;
  onReady(): void;
  onFailed(): void;
}

/** One press of a turn button or an arrow key. */
const TURN_STEP = Math.PI / 8;
const ZOOM_STEP = 1.2;
/** The view's field of view and the margin around the framed object. */
const FOV = 35;
const FRAME_MARGIN = 1.05;

/** Opens the viewer in `host`; a browser without WebGL (or a file that fails) reports onFailed. */
export function openModelViewer(host: HTMLElement, options: ModelOptions): ModelViewer {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.toneMapping = ACESFilmicToneMapping;
  const canvas = renderer.domElement;
  canvas.className = 'model-view__canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', options.label);
  canvas.setAttribute('aria-describedby', options.describedBy);
  host.append(canvas);

  const scene = new Scene();
  const pmrem = new PMREMGenerator(renderer);
  const environment = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
  scene.environment = environment;
  // Soft room light from everywhere and one key light from above: every face of a plain model reads.
  scene.environmentIntensity = 0.45;
  scene.add(new HemisphereLight(0xffffff, 0x6b5d4c, 0.5));
  const sun = new DirectionalLight(0xffffff, 1.1);
  sun.position.set(3, 5, 4);
  scene.add(sun);

  const camera = new PerspectiveCamera(FOV, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);
  const draw = () => renderer.render(scene, camera);
  controls.addEventListener('change', draw);
  const resize = new ResizeObserver(() => {
    const { width, height } = host.getBoundingClientRect();
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    draw();
  });
  resize.observe(host);
  const onKey = (event: KeyboardEvent) => {
    if (handleKey(event.key, controls)) event.preventDefault();
  };
  canvas.addEventListener('keydown', onKey);

  let live = true;
  decodeImagesWithinCsp(new GLTFLoader())
    .loadAsync(options.url)
    .then((gltf) => {
      if (!live) return;
      scene.add(gltf.scene);
      frame(gltf.scene, camera, controls);
      draw();
      options.onReady();
    })
    .catch(() => live && options.onFailed());

  return {
    focusTarget: canvas,
    turn(direction) {
      controls.rotateLeft(-direction * TURN_STEP);
    },
    home() {
      controls.reset();
    },
    destroy() {
      live = false;
      resize.disconnect();
      canvas.removeEventListener('keydown', onKey);
      controls.dispose();
      disposeScene(scene);
      environment.dispose();
      pmrem.dispose();
      renderer.dispose();
      canvas.remove();
    },
  };
}

/** The keys of the canvas; true when the key was one of them. */
function handleKey(key: string, controls: OrbitControls): boolean {
  const turns: Record<string, [number, number]> = {
    ArrowLeft: [TURN_STEP, 0],
    ArrowRight: [-TURN_STEP, 0],
    ArrowUp: [0, TURN_STEP],
    ArrowDown: [0, -TURN_STEP],
  };
  const turn = turns[key];
  if (turn) {
    controls.rotateLeft(turn[0]);
    controls.rotateUp(turn[1]);
  } else if (key === '+' || key === '=') controls.dollyIn(ZOOM_STEP);
  else if (key === '-' || key === '_') controls.dollyOut(ZOOM_STEP);
  else if (key === '0') controls.reset();
  else return false;
  if (!turn) controls.update();
  return true;
}

/** Centres the object on the origin and sets the camera where the whole of it shows; that is the home view. */
function frame(object: Object3D, camera: PerspectiveCamera, controls: OrbitControls): void {
  const box = new Box3().setFromObject(object);
  const size = box.getSize(new Vector3());
  const center = box.getCenter(new Vector3());
  object.position.sub(center);
  const radius = Math.max(size.length() / 2, 1e-3);
  const distance = (radius / Math.sin((FOV * Math.PI) / 360)) * FRAME_MARGIN;
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.position.set(distance * 0.55, distance * 0.35, distance * 0.76);
  camera.updateProjectionMatrix();
  controls.target.set(0, 0, 0);
  controls.minDistance = radius;
  controls.maxDistance = distance * 4;
  controls.update();
  controls.saveState();
}

function disposeScene(scene: Scene): void {
  scene.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    node.geometry.dispose();
    const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
    for (const m of materials) m.dispose();
  });
}
