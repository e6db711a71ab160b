// A google.script.run double for the sidebar's unit tests: each call answers on a later turn of the event loop, as
// the real one answers asynchronously, with what `call` returns or throws.
import type { ScriptRun } from '../../src/sidebar/server';
import { FakeSidebarServer, type FakeSeed } from '../browser/fake-server';

export function fakeScriptRun(call: (name: string, args: unknown[]) => unknown): () => ScriptRun {
  return () => {
    let onSuccess: (value: unknown) => void = () => undefined;
    let onFailure: (error: unknown) => void = () => undefined;
    const runner: ScriptRun = new Proxy({} as ScriptRun, {
      get(_target, name) {
        if (name === 'withSuccessHandler' || name === 'withFailureHandler') {
          return (handler: (value: unknown) => void) => {
            if (name === 'withSuccessHandler') onSuccess = handler;
            else onFailure = handler;
            return runner;
          };
        }
        return (...args: unknown[]) =>
          setImmediate(() => {
            try {
              onSuccess(call(String(name), args));
            } catch (error) {
              onFailure(error);
            }
          });
      },
    });
    return runner;
  };
}

/**
 * Serves the page's google.script.run from a fresh FakeSidebarServer (seeded by `seed`) for each test; the holder
 * gives the test's server.
 */
export function useFakeServer(seed: () => FakeSeed = () => ({})): { readonly fake: FakeSidebarServer } {
  let current: FakeSidebarServer | undefined;
  const globals = globalThis as Record<string, unknown>;
  beforeEach(() => {
    const server = new FakeSidebarServer(seed());
    current = server;
    const scriptRun = fakeScriptRun(server.call);
    globals.google = {
      script: {
        get run() {
          return scriptRun();
        },
      },
    };
  });
  afterAll(() => delete globals.google);
  return {
    get fake() {
      if (current === undefined) throw new Error('useFakeServer: no test is running');
      return current;
    },
  };
}
