// Who a request comes from, as the edge tells clients apart, read from the raw request by one rule for
// the front door and Express alike: the `trust proxy` setting (TRUST_PROXY) compiled once, here, with
// proxy-addr as Express compiles it, and handed to Express (`app.set('trust proxy', fn)`), so req.ip and
// req.protocol are these very functions' answers; nothing reads the rule back out of Express. Also a
// client key of the address and the User-Agent, for what the edge remembers per browser.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';
import { ipKeyGenerator } from 'express-rate-limit';
import type { TrustProxy } from '../config.ts';

/** The compiled `trust proxy` rule: whether the hop at `address`, `hop` steps from the socket, is a proxy the edge trusts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY compiled as Express compiles its `trust proxy` setting (express/lib/utils.js compileTrust):
 * true trusts every hop, a number that many hops, false nothing, a string a comma-separated list of
 * addresses, subnets and proxy-addr's presets.
 */
export function compileProxyTrust(setting: TrustProxy): ProxyTrust {
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(typeof setting === 'string' ? setting.split(',').map((v) => v.trim()) : []);
}

/**
 * The protocol the client used (Express's req.protocol): the socket's own, or the first of
 * X-Forwarded-Proto when the socket's peer is a trusted proxy. Pages are keyed by it.
 */
export function protocolOf(req: IncomingMessage, trust: ProxyTrust): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string' || header === '') return own;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}

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
 * The client's address (Express's req.ip): the socket's address, then X-Forwarded-For from the nearest
 * hop outwards for as long as the hop before was trusted. Undefined when the socket is already gone.
 */
export function clientAddressOf(req: IncomingMessage, trust: ProxyTrust): string | undefined {
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
