// Where the speculation rules live and how they are named: public/speculation-rules.json, served with
// the one type browsers take rules in, and named by a header on every HTML page. Inline rules would need
// a CSP nonce, which a stored page replayed to many visitors cannot carry; a header needs none.

export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';
/** A structured-field list naming the rules file. */
export const SPECULATION_RULES_HEADER: readonly [string, string] = ['Speculation-Rules', `"${SPECULATION_RULES_PATH}"`];
