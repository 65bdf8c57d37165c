// The demo's 3D models as glTF 2.0 binaries (.glb). The museum's own models of two treasures, a bronze
// ding and a celadon vase, are turned (lathe) meshes with legs and handles as separate nodes and a
// material of the object's colour; every other model file in the store is a unit cube, enough for any
// glTF viewer to open (the demo does not pretend to scan every object).
import { storePath } from './file-store.ts';

/** One mesh: positions, normals (unit length) and triangle indices. */
interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

interface Part {
  mesh: Mesh;
  /** Node translations: one node per placement of the mesh. */
  at: Array<[number, number, number]>;
}

const pad4 = (n: number): number => (n + 3) & ~3;

/**
 * A surface of revolution around the y axis through the profile's points ([radius, height], bottom to
 * top), closed at the bottom by a disc. Normals follow the profile's slope.
 */
function lathe(profile: ReadonlyArray<readonly [number, number]>, segments = 48): Mesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  profile.forEach(([r, y], i) => {
    const prev = profile[Math.max(0, i - 1)] ?? profile[i]!;
    const next = profile[Math.min(profile.length - 1, i + 1)] ?? profile[i]!;
    // The outward normal of the profile's tangent (dr, dy) is (dy, -dr).
    const dr = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const len = Math.hypot(dr, dy) || 1;
    for (let s = 0; s <= segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      positions.push(r * Math.cos(a), y, r * Math.sin(a));
      normals.push((dy / len) * Math.cos(a), -dr / len, (dy / len) * Math.sin(a));
    }
  });
  const ring = segments + 1;
  for (let i = 0; i < profile.length - 1; i++) {
    for (let s = 0; s < segments; s++) {
      const a = i * ring + s;
      const b = a + ring;
      indices.push(a, b, a + 1, a + 1, b, b + 1);
    }
  }
  // The bottom disc: a centre point and the first ring again, facing down.
  const [r0, y0] = profile[0] ?? [0, 0];
  const centre = positions.length / 3;
  positions.push(0, y0, 0);
  normals.push(0, -1, 0);
  for (let s = 0; s <= segments; s++) {
    const a = (s / segments) * Math.PI * 2;
    positions.push(r0 * Math.cos(a), y0, r0 * Math.sin(a));
    normals.push(0, -1, 0);
  }
  for (let s = 0; s < segments; s++) indices.push(centre, centre + 1 + s, centre + 2 + s);
  return { positions, normals, indices };
}

/** A box centred on the origin (flat normals: four vertices per face). */
function box(w: number, h: number, d: number): Mesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const faces: Array<[[number, number, number], [number, number, number], [number, number, number]]> = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  const half = [w / 2, h / 2, d / 2];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let k = 0; k < 3; k++) positions.push((n[k]! + u[k]! * su + v[k]! * sv) * half[k]!);
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, normals, indices };
}

const CUBE: Mesh = box(1, 1, 1);

/** min and max of each coordinate (required of a POSITION accessor). */
function bounds(values: readonly number[]): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < values.length; i++) {
    const k = i % 3;
    min[k] = Math.min(min[k]!, Math.fround(values[i]!));
    max[k] = Math.max(max[k]!, Math.fround(values[i]!));
  }
  return { min, max };
}

/** A glTF 2.0 binary of the parts, all in one material ([r, g, b] linear, metallic, roughness). */
function glb(name: string, parts: readonly Part[], colour: [number, number, number], metallic: number, roughness: number): Uint8Array {
  const chunks: Buffer[] = [];
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  let offset = 0;
  const view = (data: Buffer, target: number): number => {
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.length, target });
    const padded = Buffer.concat([data, Buffer.alloc(pad4(data.length) - data.length)]);
    chunks.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  const floats = (values: readonly number[]): Buffer => {
    const b = Buffer.alloc(values.length * 4);
    values.forEach((v, i) => b.writeFloatLE(v, i * 4));
    return b;
  };
  const meshes = parts.map(({ mesh }) => {
    const idx = Buffer.alloc(mesh.indices.length * 2);
    mesh.indices.forEach((v, i) => idx.writeUInt16LE(v, i * 2));
    const count = mesh.positions.length / 3;
    accessors.push({
      bufferView: view(floats(mesh.positions), 34962),
      componentType: 5126,
      count,
      type: 'VEC3',
      ...bounds(mesh.positions),
    });
    accessors.push({ bufferView: view(floats(mesh.normals), 34962), componentType: 5126, count, type: 'VEC3' });
    accessors.push({ bufferView: view(idx, 34963), componentType: 5123, count: mesh.indices.length, type: 'SCALAR' });
    const a = accessors.length - 3;
    return { primitives: [{ attributes: { POSITION: a, NORMAL: a + 1 }, indices: a + 2, material: 0 }] };
  });
  const nodes = parts.flatMap(({ at }, mesh) => at.map((translation) => ({ mesh, translation })));
  const bin = Buffer.concat(chunks);
  const json = {
    asset: { version: '2.0', generator: 'demo generator of the reference content service' },
    scene: 0,
    scenes: [{ name, nodes: nodes.map((_, i) => i) }],
    nodes,
    meshes,
    // A turned vessel is open at its mouth: its inside is the same surface seen from behind.
    materials: [
      {
        name,
        doubleSided: true,
        pbrMetallicRoughness: { baseColorFactor: [...colour, 1], metallicFactor: metallic, roughnessFactor: roughness },
      },
    ],
    buffers: [{ byteLength: bin.length }],
    bufferViews,
    accessors,
  };
  const text = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.concat([text, Buffer.alloc(pad4(text.length) - text.length, 0x20)]);
  const chunk = (type: string, data: Buffer): Buffer => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(data.length, 0);
    h.write(type, 4, 'latin1');
    return Buffer.concat([h, data]);
  };
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + bin.length, 8);
  return Buffer.concat([header, chunk('JSON', jsonChunk), chunk('BIN\0', bin)]);
}

function cubeGlb(): Uint8Array {
  return glb('cube', [{ mesh: CUBE, at: [[0, 0, 0]] }], [0.6, 0.6, 0.6], 0, 0.8);
}

/** A bronze ding (metres): a round belly on three legs, a lip, two upright handles; green-bronze patina. */
function dingGlb(): Uint8Array {
  const belly = lathe([
    [0.02, 0.1],
    [0.1, 0.11],
    [0.15, 0.16],
    [0.17, 0.23],
    [0.175, 0.3],
    [0.185, 0.31],
    [0.185, 0.325],
  ]);
  const leg = lathe(
    [
      [0.022, 0],
      [0.018, 0.06],
      [0.02, 0.12],
    ],
    16,
  );
  const legs: Array<[number, number, number]> = [0, 1, 2].map((i) => {
    const a = (i / 3) * Math.PI * 2;
    return [0.1 * Math.cos(a), 0, 0.1 * Math.sin(a)];
  });
  const handle = box(0.02, 0.09, 0.07);
  return glb(
    'ding',
    [
      { mesh: belly, at: [[0, 0, 0]] },
      { mesh: leg, at: legs },
      {
        mesh: handle,
        at: [
          [0.16, 0.37, 0],
          [-0.16, 0.37, 0],
        ],
      },
    ],
    [0.32, 0.36, 0.22],
    0.7,
    0.55,
  );
}

/** A celadon meiping vase (metres): small foot, broad shoulder, narrow neck and lip. */
function vaseGlb(): Uint8Array {
  const body = lathe(
    [
      [0.055, 0],
      [0.06, 0.01],
      [0.07, 0.08],
      [0.1, 0.2],
      [0.115, 0.26],
      [0.105, 0.3],
      [0.06, 0.33],
      [0.03, 0.345],
      [0.028, 0.37],
      [0.036, 0.375],
      [0.036, 0.385],
    ],
    64,
  );
  return glb('meiping', [{ mesh: body, at: [[0, 0, 0]] }], [0.55, 0.7, 0.6], 0, 0.25);
}

/** The museum's own models, by name. */
export const OWN_MODELS = {
  ding: { path: storePath('CMS_EXHIBIT_MODEL', 'yunxi-ding', 'glb'), make: dingGlb },
  vase: { path: storePath('CMS_EXHIBIT_MODEL', 'yunxi-meiping', 'glb'), make: vaseGlb },
} as const;

export type OwnModel = keyof typeof OWN_MODELS;

/** The bytes of a model file of the store: one of the museum's own, else the cube. */
export function modelFile(path: string): Uint8Array {
  return (
    Object.values(OWN_MODELS)
      .find((m) => m.path === path)
      ?.make() ?? cubeGlb()
  );
}
