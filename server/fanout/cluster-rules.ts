// The operator's API rules (PUT, DELETE and the console's POST /_edge/rules) on every cluster worker. The
// request reaches one worker through the shared port, which applies it at once (its answer shows it) and
// tells the primary what changed — the rules set, changed or dropped, not its whole layer, so two workers
// changing different endpoints at once both keep their change. The primary applies each change to the
// rules it keeps and sends the result, numbered, to every worker (the one it came from included); a worker
// installs only a newer number than it has, so a late answer cannot undo a later change. A starting or
// replacement worker asks for the rules in force before it listens. CACHE_RULES and the rules file are
// each worker's own reading of the same env and file; only the operator layer travels.
import type { Logger } from 'pino';
import type { Channel } from '../cluster/channel.ts';
import { checkCacheRules, type CacheRules } from '../config.ts';
import type { LiveRules } from '../upstream/policy.ts';

/** worker → primary: what one change did (a lifetime per endpoint set, null per endpoint dropped). */
const RULES_CHANGE = 'rules-change';
/** primary → worker: the rules in force, numbered; also the answer to RULES_NOW. */
const RULES = 'rules';
const RULES_NOW = 'rules-now';
/** How long a starting worker waits for the primary's rules before it serves without them. */
const ASK_TIMEOUT_MS = 5_000;

type Change = Partial<Record<string, number | null>>;
interface Numbered {
  seq: number;
  rules: CacheRules;
}

/** Checked again on arrival: what crosses the channel is parsed like any other input. */
function checked(body: unknown, allowNull: boolean): Change | null {
  const { rules, problems } = checkCacheRules(body, { allowNull });
  return problems.length === 0 ? rules : null;
}

function numberedOf(body: unknown): Numbered | null {
  if (typeof body !== 'object' || body === null) return null;
  const { seq, rules } = body as Record<string, unknown>;
  const set = checked(rules, false);
  return typeof seq === 'number' && Number.isInteger(seq) && set ? { seq, rules: set as CacheRules } : null;
}

/** Every endpoint whose rule differs between two layers: its new lifetime, or null where it was dropped. */
function changeBetween(before: CacheRules, after: CacheRules): Change {
  const change: Change = {};
  const rule = (r: CacheRules, name: string): number | undefined => (r as Partial<Record<string, number>>)[name];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (rule(before, name) !== rule(after, name)) change[name] = rule(after, name) ?? null;
  }
  return change;
}

/** The worker's end. Resolves once the primary's rules are in (or the ask timed out: logged). */
export function shareClusterRules(channel: Channel, rules: LiveRules, logger?: Logger): Promise<void> {
  let installing = false;
  let installed = -1;
  let known = rules.api();
  const install = (body: unknown): void => {
    const numbered = numberedOf(body);
    if (!numbered || numbered.seq <= installed) return;
    installed = numbered.seq;
    installing = true;
    try {
      rules.setApi(numbered.rules);
    } finally {
      installing = false;
    }
  };
  channel.onNote(RULES, install);
  rules.onChange((layer) => {
    if (layer !== 'api') return;
    const now = rules.api();
    if (!installing) {
      const change = changeBetween(known, now);
      if (Object.keys(change).length > 0) channel.note(RULES_CHANGE, change);
    }
    known = now;
  });
  return channel.ask<unknown>(RULES_NOW, null, ASK_TIMEOUT_MS).then(install, (err: unknown) => {
    logger?.warn({ err }, 'the primary did not hand over the operator cache rules: serving without them until the next change');
  });
}

/** The primary's part for one worker's link; `kept` is shared by every link. */
export function relayClusterRules(from: Channel, links: () => Iterable<Channel>, kept: { apiRules: Numbered }): void {
  from.onAsk(RULES_NOW, () => kept.apiRules);
  from.onNote(RULES_CHANGE, (body) => {
    const change = checked(body, true);
    if (!change) return;
    const next: Partial<Record<string, number>> = { ...kept.apiRules.rules };
    for (const [name, seconds] of Object.entries(change)) {
      if (seconds === null || seconds === undefined) delete next[name];
      else next[name] = seconds;
    }
    kept.apiRules = { seq: kept.apiRules.seq + 1, rules: next as CacheRules };
    for (const link of links()) link.note(RULES, kept.apiRules);
  });
}

export type KeptRules = Numbered;
export const NO_RULES: Numbered = { seq: 0, rules: {} };
