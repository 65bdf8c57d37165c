// The byte layout of a value in the shared tier: a small JSON header (what the entry is: times, tags, etag,
// headers of a page…) and the bodies as raw bytes, never base64 or JSON-escaped. Generic, so answers and
// pages share it:
//
//   "EF1" | u32 header length | header JSON (UTF-8) | u8 body count | per body: u32 length | bytes
//
// A value that does not parse (another version, a truncated write) decodes to null: a miss, never a throw.
const MAGIC = Buffer.from('EF1');
const MAX_BODIES = 8;

export interface Frame<H> {
  header: H;
  /** Each body is a view into the decoded Buffer (copy it before keeping it for long: see ownBytes). */
  bodies: Buffer[];
}

export function encodeFrame(header: unknown, bodies: readonly Buffer[]): Buffer {
  if (bodies.length > MAX_BODIES) throw new Error(`a frame holds at most ${MAX_BODIES} bodies`);
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const size = MAGIC.length + 4 + head.length + 1 + bodies.reduce((n, b) => n + 4 + b.length, 0);
  const out = Buffer.allocUnsafe(size);
  let at = MAGIC.copy(out, 0);
  at = out.writeUInt32BE(head.length, at);
  at += head.copy(out, at);
  at = out.writeUInt8(bodies.length, at);
  for (const body of bodies) {
    at = out.writeUInt32BE(body.length, at);
    at += body.copy(out, at);
  }
  return out;
}

export function decodeFrame<H>(buf: Buffer): Frame<H> | null {
  try {
    if (buf.length < MAGIC.length + 5 || !buf.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    let at = MAGIC.length;
    const headLength = buf.readUInt32BE(at);
    at += 4;
    if (at + headLength + 1 > buf.length) return null;
    const header = JSON.parse(buf.toString('utf8', at, at + headLength)) as H;
    at += headLength;
    const count = buf.readUInt8(at);
    at += 1;
    if (count > MAX_BODIES) return null;
    const bodies: Buffer[] = [];
    for (let i = 0; i < count; i += 1) {
      const length = buf.readUInt32BE(at);
      at += 4;
      if (at + length > buf.length) return null;
      bodies.push(buf.subarray(at, at + length));
      at += length;
    }
    return at === buf.length ? { header, bodies } : null;
  } catch {
    return null;
  }
}
