// Id sources: numeric record ids that never repeat within an entity type (across both sites; the
// service shows them as 32-hex-digit strings, cms/wire-ids.ts), and the 32-hex-digit group ids the
// content service uses to link files and exhibits to a record.
import type { Rng } from './prng.ts';

export interface Counter {
  next(): number;
}

export function counter(start: number): Counter {
  let n = start;
  return { next: () => n++ };
}

export function groupId(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 4; i++)
    out += Math.floor(rng.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out;
}
