// Who a request comes from, as the edge tells clients apart: the address by Express's own `trust proxy`
// rule (req.ip), read from a raw request so the front door, which runs before Express, agrees with it;
// and a client key of that address and the User-Agent, for what the edge remembers per browser.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';

/** Express's compiled `trust proxy` (app.get('trust proxy fn')). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** X-Forwarded-For's addresses, nearest first, spaces around each dropped (as proxy-addr reads them). */
function forwardedFor(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.replace(/^ +| +$/g, ''))
    .filter((part) => part !== '')
    .reverse();
}

/**
 * Express's req.ip from a raw request: the socket's address, then X-Forwarded-For from the nearest hop
 * outwards for as long as the hop before was trusted. Undefined when the socket is already gone.
 */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const socket = req.socket.remoteAddress;
  if (socket === undefined) return undefined;
  const header = req.headers['x-forwarded-for'];
  const addresses = [socket, ...forwardedFor(Array.isArray(header) ? header.join(',') : header)];
  for (let hop = 0; hop < addresses.length - 1; hop += 1) if (!trust(addresses[hop]!, hop)) return addresses[hop];
  return addresses[addresses.length - 1];
}

/**
 * One browser as far as the edge can tell: the address as the rate limits count it (IPv6 by its /56,
 * whose temporary addresses change under one visitor) and the User-Agent. A digest, so a long header
 * costs what a short one does wherever the key is kept.
 */
export function clientKeyOf(address: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${ipKeyGenerator(address)}\n${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}
