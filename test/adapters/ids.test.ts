import { localId, newUuid } from '../../src/adapters/ids';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('newUuid', () => {
  it('answers a fresh UUID each time', () => {
    const env = newEnv();
    const [a, b] = inScript(env, () => [newUuid(), newUuid()]);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
  });
});

describe('localId', () => {
  it('makes 20 base-36 characters with no service call, different each time', () => {
    const env = newEnv();
    const before = env.stats.serviceCalls;
    const ids = inScript(env, () => Array.from({ length: 100 }, () => localId()));
    expect(env.stats.serviceCalls).toBe(before);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(new Set(ids).size).toBe(100);
  });
});
