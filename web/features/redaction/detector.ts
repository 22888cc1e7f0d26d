/**
 * Faces in a picture, found in the investigator's browser by @vladmandic/face-api (TensorFlow.js inside). The library
 * (~1 MB) is imported only here, so only the studio's chunk pulls it in; its weights come from our own build
 * (dist/web/models/face, copied by scripts/build-web.ts), never from another origin. WebGL on a graphics chip, the
 * CPU backend otherwise: neither needs 'unsafe-eval'.
 */
import type { Box } from "../../../src/redaction/redaction-plan";

export type FoundFace = Box & { score: number };
export type DetectorName = "ssd" | "tiny";

type FaceApi = typeof import("@vladmandic/face-api");
type Backend = { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; getBackend(): string };

const MODELS = "/models/face";
/** SSD MobileNet v1 by default: it finds small and turned faces the tiny detector misses (bench/redaction/detect.ts). */
export const DEFAULT_DETECTOR: DetectorName = "ssd";
/** Low on purpose: a proposal the investigator removes costs a click, a missed face is published. */
const MIN_SCORE = 0.3;

let loaded: Promise<FaceApi> | undefined;
const nets = new Map<DetectorName, Promise<void>>();

function faceApi(): Promise<FaceApi> {
  loaded ??= import("@vladmandic/face-api").then(async (api) => {
    const tf = api.tf as unknown as Backend;
    if (!(hardwareWebGL() && (await tf.setBackend("webgl").catch(() => false)))) await tf.setBackend("cpu");
    await tf.ready();
    return api;
  });
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * Whether WebGL runs on a graphics chip: a software renderer (SwiftShader, llvmpipe: no GPU, or a blocked driver) is
 * ~20× slower than TensorFlow.js's CPU backend (bench/redaction/detect.ts: 17 s against <1 s per 720p photo).
 */
function hardwareWebGL(): boolean {
  const gl = document.createElement("canvas").getContext("webgl2") ?? document.createElement("canvas").getContext("webgl");
  if (!gl) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const renderer = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  return !/swiftshader|llvmpipe|software/i.test(renderer);
}

async function ready(name: DetectorName): Promise<FaceApi> {
  const api = await faceApi();
  let net = nets.get(name);
  if (!net) {
    net = (name === "ssd" ? api.nets.ssdMobilenetv1 : api.nets.tinyFaceDetector).loadFromUri(MODELS);
    net.catch(() => nets.delete(name));
    nets.set(name, net);
  }
  await net;
  return api;
}

/** Loads the library and the model ahead of the first detection (the studio calls it when it opens). */
export const prepareDetector = (name: DetectorName = DEFAULT_DETECTOR) => ready(name).then(() => undefined);

/** The backend TensorFlow.js runs on ("webgl" or "cpu"), once loaded. */
export const detectorBackend = async () => ((await faceApi()).tf as unknown as Backend).getBackend();

/** Faces in a drawn picture, as fractions of its size, most confident first. */
export async function detectFaces(input: HTMLImageElement | HTMLVideoElement | HTMLCanvasElement, name: DetectorName = DEFAULT_DETECTOR): Promise<FoundFace[]> {
  const api = await ready(name);
  const options = name === "ssd" ? new api.SsdMobilenetv1Options({ minConfidence: MIN_SCORE, maxResults: 48 }) : new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: MIN_SCORE });
  const found = await api.detectAllFaces(input, options);
  return found
    .map((face) => {
      const box = face.relativeBox;
      const x = clamp(box.x);
      const y = clamp(box.y);
      return { x, y, width: clamp(box.x + box.width) - x, height: clamp(box.y + box.height) - y, score: face.score };
    })
    .filter((face) => face.width > 0.005 && face.height > 0.005)
    .sort((a, b) => b.score - a.score);
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
