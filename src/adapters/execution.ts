// What lives as long as one execution. Apps Script loads the script afresh for every execution (a sidebar call, a
// trigger, a custom function), so module state lasts exactly one; code that runs several executions in one script
// scope (the adapters' tests) forgets it between them with forgetExecutionState.

const forgetters: Array<() => void> = [];

/** A value made on first use and kept for the rest of the execution: one round trip instead of one per use. */
export function perExecution<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  forgetters.push(() => (made = null));
  return () => (made ??= { value: make() }).value;
}

/** Forgets every perExecution value, as a new execution starts. */
export function forgetExecutionState(): void {
  for (const forget of forgetters) forget();
}
