// `{name}` placeholders in a UI string, filled from `vars` (shared/i18n.ts, and the islands' own texts).

export type Vars = Record<string, string | number>;

export function fillVars(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
