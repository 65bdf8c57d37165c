// A small valid glTF 2.0 binary (.glb): the 3D model file of the exhibits whose modelUrl points into
// the file store. One unit cube (positions and indices in the binary chunk), enough for any glTF
// viewer to open; the demo does not pretend to scan objects.

const POSITIONS = [
  [-0.5, -0.5, -0.5],
  [0.5, -0.5, -0.5],
  [0.5, 0.5, -0.5],
  [-0.5, 0.5, -0.5],
  [-0.5, -0.5, 0.5],
  [0.5, -0.5, 0.5],
  [0.5, 0.5, 0.5],
  [-0.5, 0.5, 0.5],
];
const INDICES = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3];

const pad4 = (n: number): number => (n + 3) & ~3;

export function cubeGlb(): Uint8Array {
  const positions = Buffer.alloc(POSITIONS.length * 12);
  POSITIONS.flat().forEach((v, i) => positions.writeFloatLE(v, i * 4));
  const indices = Buffer.alloc(pad4(INDICES.length * 2));
  INDICES.forEach((v, i) => indices.writeUInt16LE(v, i * 2));
  const bin = Buffer.concat([positions, indices]);
  const json = {
    asset: { version: '2.0', generator: 'demo generator of the reference content service' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
      { buffer: 0, byteOffset: positions.length, byteLength: INDICES.length * 2, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: POSITIONS.length, type: 'VEC3', min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] },
      { bufferView: 1, componentType: 5123, count: INDICES.length, type: 'SCALAR' },
    ],
  };
  const text = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.concat([text, Buffer.alloc(pad4(text.length) - text.length, 0x20)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: string, data: Buffer): Buffer => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(data.length, 0);
    h.write(type, 4, 'latin1');
    return Buffer.concat([h, data]);
  };
  return Buffer.concat([header, chunk('JSON', jsonChunk), chunk('BIN\0', bin)]);
}
