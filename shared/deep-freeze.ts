// Makes a value and everything in it read-only: for values shared between requests (the config, checked
// upstream payloads, request bodies by their bytes), so no reader can change what the next one sees.
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
