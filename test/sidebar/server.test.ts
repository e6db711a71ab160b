// The typed google.script.run client: every name becomes a promise-returning call, failures become Errors.
import { createPromiseClient, server } from '../../src/sidebar/server';
import { fakeUsage } from '../browser/fake-server';
import { fakeScriptRun, useFakeServer } from './script-run';

interface Greeter {
  greet(name: string, times: number): string;
  fail(): void;
  failPlain(): void;
}

const client = createPromiseClient<Greeter>(
  fakeScriptRun((name, args) => {
    if (name === 'fail') throw new Error('Error: The API key was rejected.');
    if (name === 'failPlain') throw 'Exception: The spreadsheet is busy.';
    return `hello ${args[0]} ×${args[1]}`;
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

test('a failure that is not an Error becomes one, its "Exception: " prefix dropped too', async () => {
  await expect(client.failPlain()).rejects.toEqual(new Error('The spreadsheet is busy.'));
});

test('calls under way at once each get their own answer', async () => {
  await expect(Promise.all([client.greet('Ada', 1), client.greet('Bo', 2)])).resolves.toEqual([
    'hello Ada ×1',
    'hello Bo ×2',
  ]);
});

describe('the page’s client', () => {
  const served = useFakeServer(() => ({ usage: fakeUsage({ day: '2025-07-01' }) }));

  it('calls the server function of the same name through google.script.run', async () => {
    await expect(server.getUsage()).resolves.toEqual(fakeUsage({ day: '2025-07-01' }));
    await expect(server.pauseEnrichment('nope')).rejects.toThrow('No enrichment run nope');
    expect(served.fake.calls.map((call) => call.name)).toEqual(['getUsage', 'pauseEnrichment']);
  });
});
