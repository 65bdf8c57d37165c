// A watchdog for a wait that must end because of something the test arranged (a lock that went, a time
// limit of the code under test): it turns "never" into a failure that says what did not happen. Its
// bound is not what the test asserts; give it a value several times the delay the test is about, so a
// busy machine never reaches it.

/** `work`'s result; rejects naming `what` when `ms` pass first (`work` itself goes on). */
export async function beforeDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
