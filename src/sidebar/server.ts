// A typed, promise-based client over google.script.run: `await server.getSettings()`.
import type { SidebarServer } from '../core/contract';
import { errorMessage } from '../core/text';

/** Each server function as the page calls it: same arguments, the result (or the thrown error) arrives later. */
export type PromiseClient<T> = {
  [Name in keyof T]: T[Name] extends (...args: infer Args) => infer Result ? (...args: Args) => Promise<Result> : never;
};

/** The part of Apps Script's client-side google.script.run this page uses. */
export interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
}

declare const google: { script: { run: ScriptRun } };

/** Builds the client lazily from names, so a new server function needs only a type, no code here. */
export function createPromiseClient<T>(scriptRun: () => ScriptRun): PromiseClient<T> {
  return new Proxy({} as PromiseClient<T>, {
    get(_target, name) {
      // `then` must stay undefined, or awaiting the client itself would call a server function named "then".
      if (typeof name !== 'string' || name === 'then') return undefined;
      return (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const runner = scriptRun()
            .withSuccessHandler(resolve)
            .withFailureHandler((error) => reject(asServerError(error))) as unknown as Record<
            string,
            (...callArgs: unknown[]) => void
          >;
          runner[name](...args);
        });
    },
  });
}

/** Apps Script hands the failure handler an Error whose message is the server's, sometimes prefixed "Error: ". */
function asServerError(error: unknown): Error {
  return new Error(errorMessage(error).replace(/^(Error|Exception): /, ''));
}

export const server: PromiseClient<SidebarServer> = createPromiseClient<SidebarServer>(() => google.script.run);
