// The typed google.script.run client: every name becomes a promise-returning call, failures become Errors.
import { createPromiseClient, type ScriptRun } from '../../src/sidebar/server';

interface Greeter {
  greet(name: string, times: number): string;
  fail(): void;
}

/** A google.script.run double that answers on the next tick, as the real one answers asynchronously. */
function fakeScriptRun(implementation: Record<string, (...args: unknown[]) => unknown>): () => ScriptRun {
  return () => {
    let onSuccess: (value: unknown) => void = () => undefined;
    let onFailure: (error: unknown) => void = () => undefined;
    const runner: Record<string, unknown> = {
      withSuccessHandler(handler: typeof onSuccess) {
        onSuccess = handler;
        return runner;
      },
      withFailureHandler(handler: typeof onFailure) {
        onFailure = handler;
        return runner;
      },
    };
    for (const [name, fn] of Object.entries(implementation)) {
      runner[name] = (...args: unknown[]) =>
        setImmediate(() => {
          try {
            onSuccess(fn(...args));
          } catch (error) {
            onFailure(error);
          }
        });
    }
    return runner as unknown as ScriptRun;
  };
}

const client = createPromiseClient<Greeter>(
  fakeScriptRun({
    greet: (name, times) => `hello ${name} ×${times}`,
    fail: () => {
      throw new Error('Error: The API key was rejected.');
    },
  }),
);

test('a call passes its arguments and resolves to the server value', async () => {
  await expect(client.greet('Ada', 2)).resolves.toBe('hello Ada ×2');
});

test('a server failure rejects with an Error carrying the server message, without the "Error: " prefix', async () => {
  await expect(client.fail()).rejects.toEqual(new Error('The API key was rejected.'));
});

test('the client is not thenable, so it can be returned from async code', async () => {
  expect((client as unknown as { then?: unknown }).then).toBeUndefined();
  await expect(Promise.resolve(client)).resolves.toBe(client);
});
