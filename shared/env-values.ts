// How both programs (the edge and the reference content service) read a variable of their environment:
// a value that is empty or only white space is unset, so the variable takes its default. Deploy manifests
// and compose files write `FOO=` or `FOO: ''` for "not set", and the two programs must agree on what that means.

/** The value of one variable, or undefined when it is unset, empty or only white space. */
export function setValueOf(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

/** The variables of an environment that are set (empty and blank ones dropped). */
export function setValuesOf(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, raw] of Object.entries(env)) {
    const value = setValueOf(raw);
    if (value !== undefined) set[name] = value;
  }
  return set;
}
