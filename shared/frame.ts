// The frame data every page has: the root loader's result (server/loaders/root.ts), read in the
// browser with useFrame() (client/frame.ts). Plain JSON.
import type { ChannelNode } from './channels.ts';
import type { Lang } from './route-table.ts';

export interface FrameData {
  lang: Lang;
  /** `platform=wx`: embedded in the messenger (no header/footer chrome; links keep the parameter). */
  wx: boolean;
  /** `care=1`: the elder-friendly reading mode (links keep the parameter; see shared/site.ts). */
  care?: boolean;
  /** The operator's global English flag (SITE_ENGLISH). */
  englishFlag: boolean;
  /** The current year in China (footer copyright), computed on the server. */
  year: number;
  /**
   * The listed channel tree of the language; on a page inside a hidden channel, that page's own chain
   * too (flagged `visible: false`). Hidden channels elsewhere stay on the server (shared/channels.ts pageTree).
   */
  channels: readonly ChannelNode[];
  /** Show watermarked image variants. */
  watermark: boolean;
  /** Where upstream files are served, e.g. `/file`. */
  filePrefix: string;
}
