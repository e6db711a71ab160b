// Adapters reach Apps Script services as globals, as scripts do: these helpers run them as one execution of the fakes
// with the fakes' services installed as those globals for its duration. Apps Script loads the script afresh for
// every execution; here the adapters' module stays loaded, so each execution starts with their per-execution state
// forgotten.
import type { GasEnvironment } from '../../dev/gas-fakes';
import { forgetExecutionState } from '../../src/adapters/execution';
import { OWNER } from '../fakes/gas';

type Mode = Parameters<GasEnvironment['run']>[0];

export function inScript<T>(env: GasEnvironment, fn: () => T, mode: Mode = 'menu', user = OWNER): T {
  const scope = globalThis as Record<string, unknown>;
  const names = Object.keys(env.globals).filter((name) => !(name in scope));
  for (const name of names) scope[name] = env.globals[name];
  forgetExecutionState();
  try {
    return env.run(mode, user, fn);
  } finally {
    for (const name of names) delete scope[name];
  }
}
