// Compression of answers made now, as they go out: a page rendered for its first visitor, the discovery
// documents, the IIIF manifests, public files. Brotli's window is as small as the stored copies'
// (http/prepared.ts): with its 4 MiB default every such answer sets up a 4 MiB ring buffer. A prepared
// answer passes untouched: the one sender chose its coding among the copies it holds.
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';
import { BROTLI_WINDOW_BITS } from './prepared.ts';
import { isPrepared } from './request-log.ts';

export function compressAnswersMadeNow(): RequestHandler {
  return compression({
    filter: (req, res) => !isPrepared(res) && compression.filter(req, res),
    brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
  });
}
