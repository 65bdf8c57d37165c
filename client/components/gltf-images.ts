// The pictures of a glTF model, decoded within the page's CSP. GLTFLoader's own way hands a picture
// embedded in a .glb to the browser as a `blob:` address and fetches a `data:` one, and the CSP
// (`connect-src 'self'`, `img-src 'self' data:`) refuses both, which would leave a textured model
// unloadable. This loader decodes an embedded picture from its bytes, with no address at all, and fetches
// only pictures that are files beside the model (same origin).
import { Texture } from 'three';
import type { GLTFLoader, GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** As GLTFLoader's own picture loader decodes: no premultiplied alpha, no colour conversion, not flipped. */
const BITMAP_OPTIONS: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };

async function textureOf(data: Blob): Promise<Texture> {
  const texture = new Texture(await createImageBitmap(data, BITMAP_OPTIONS));
  texture.needsUpdate = true;
  return texture;
}

/** The bytes of a `data:` address (base64 or percent-encoded). */
function dataBlob(uri: string): Blob {
  const comma = uri.indexOf(',');
  const head = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  const type = head.split(';')[0] ?? '';
  if (!head.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  return new Blob([Uint8Array.from(atob(body), (c) => c.charCodeAt(0))], { type });
}

/**
 * What GLTFParser asks of its picture loader. It passes an embedded picture's bytes to `parse` when the
 * loader says it reads bytes itself (the flag it also uses for KTX2 pictures); every other picture
 * comes to `load` by address.
 */
const cspImageLoader = {
  isKTX2Loader: true,
  parse(buffer: ArrayBuffer, onLoad: (t: Texture) => void, onError: (e: unknown) => void) {
    textureOf(new Blob([buffer])).then(onLoad, onError);
  },
  load(url: string, onLoad: (t: Texture) => void, _onProgress: unknown, onError: (e: unknown) => void) {
    const data = url.startsWith('data:')
      ? Promise.resolve(dataBlob(url))
      : fetch(url, { credentials: 'same-origin' }).then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${r.status} ${url}`))));
    data.then(textureOf).then(onLoad, onError);
  },
};

/** Makes `loader` decode every model's pictures as above. */
export function decodeImagesWithinCsp(loader: GLTFLoader): GLTFLoader {
  return loader.register((parser: GLTFParser) => {
    (parser as unknown as { textureLoader: typeof cspImageLoader }).textureLoader = cspImageLoader;
    return { name: 'csp_images' };
  });
}
