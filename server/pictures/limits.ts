// What the edge takes on of a picture, the same for the variants and the IIIF image service: the pixels
// it decodes and the bytes it reads and holds (and how long a variant's encode may run). A picture past
// them, or one sharp cannot read, is an ImageRefusal, which each service answers in its own words.

export const IMAGE_LIMITS = {
  /** 40 megapixels (e.g. 8000 × 5000): larger uploads are refused, not decoded (≈160 MB of pixels). */
  inputPixels: 40_000_000,
  /** Bytes of a store picture the edge reads into memory, to resize it or build its pyramid. */
  inputBytes: 32 * 1024 * 1024,
  /**
   * Bytes of store pictures one service holds at once (the variants and the IIIF image service each have
   * this budget), over every picture being read, queued or made: one picture at the size limit, and room
   * for the ordinary ones read meanwhile.
   */
  heldBytes: 48 * 1024 * 1024,
  /** One encode's time limit (libvips stops the pipeline). */
  timeoutS: 10,
} as const;

/** A picture the edge will not decode: over the limits, or no picture it can read. */
export class ImageRefusal extends Error {
  constructor(
    readonly reason: 'too_large' | 'undecodable',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRefusal';
  }
}
