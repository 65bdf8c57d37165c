// The operator's API rules (PUT, DELETE and the console's POST /_edge/rules) on every cluster worker. The
// request reaches one worker through the shared port; its change goes worker → primary → every other
// worker, like a purge (cluster-bus.ts), and the primary keeps the last one, which a worker asks for when
// it starts — a replacement serves with the rules in force, not without them. CACHE_RULES and the rules
// file are each worker's own reading of the same env and file; only the operator layer travels.
import type { Channel } from '../cluster/channel.ts';
import { checkCacheRules, type CacheRules } from '../config.ts';
import type { LiveRules } from '../upstream/policy.ts';

const RULES = 'rules';
const RULES_NOW = 'rules-now';
/** How long a starting worker waits for the primary's rules before it serves without them. */
const ASK_TIMEOUT_MS = 5_000;

/** Checked again on arrival: what crosses the channel is parsed like any other input. */
function rulesOf(body: unknown): CacheRules | null {
  const { rules, problems } = checkCacheRules(body);
  return problems.length === 0 ? (rules as CacheRules) : null;
}

/** The worker's end: its changes go out, the others' come in (without going out again). */
export function shareClusterRules(channel: Channel, rules: LiveRules): Promise<void> {
  let applying = false;
  const apply = (body: unknown): void => {
    const asked = rulesOf(body);
    if (!asked) return;
    applying = true;
    try {
      rules.setApi(asked);
    } finally {
      applying = false;
    }
  };
  channel.onNote(RULES, apply);
  rules.onChange((layer) => {
    if (layer === 'api' && !applying) channel.note(RULES, rules.api());
  });
  return channel.ask<unknown>(RULES_NOW, null, ASK_TIMEOUT_MS).then(apply, () => undefined);
}

/**
 * The primary's part for one worker's link: keeps its change as the last and sends it to every worker,
 * the one it came from included — so two changes made at once on two workers end in the primary's order
 * everywhere, not crossed (each link delivers in order; the echo is applied without going out again).
 */
export function relayClusterRules(from: Channel, links: () => Iterable<Channel>, kept: { apiRules: CacheRules }): void {
  from.onAsk(RULES_NOW, () => kept.apiRules);
  from.onNote(RULES, (body) => {
    const asked = rulesOf(body);
    if (!asked) return;
    kept.apiRules = asked;
    for (const link of links()) link.note(RULES, asked);
  });
}
