import { documentCache } from '../../src/adapters/cache';
import { EDITOR, newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('documentCache', () => {
  it('is shared by the people of one spreadsheet', () => {
    const env = newEnv();
    inScript(env, () => documentCache().putAll({ a: '1', b: '2' }, 600));
    expect(inScript(env, () => documentCache().getAll(['a', 'b', 'c']), 'menu', EDITOR)).toEqual({ a: '1', b: '2' });
    inScript(env, () => documentCache().remove('a'));
    expect(env.cache.document()).toEqual({ b: '2' });
  });
});
