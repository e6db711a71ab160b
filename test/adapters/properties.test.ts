// The property stores over the fakes' PropertiesService: the user's own and the document's, each asked of the
// service only when first used, read once per execution, and read afresh under a lock.
import { documentStore, userStore } from '../../src/adapters/properties';
import { documentLock } from '../../src/adapters/runtime';
import { EDITOR, newEnv, OWNER } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('the property stores', () => {
  it("keep the document's entries for every editor, and each user's own apart", () => {
    const env = newEnv();
    inScript(env, () => {
      documentStore().set('shared', 'yes');
      userStore().set('mine', 'owner');
    });
    inScript(env, () => userStore().set('mine', 'editor'), 'menu', EDITOR);
    expect(env.properties.document()).toEqual({ shared: 'yes' });
    expect(env.properties.user(OWNER)).toEqual({ mine: 'owner' });
    expect(env.properties.user(EDITOR)).toEqual({ mine: 'editor' });
    const read = inScript(env, () => {
      const store = documentStore();
      const seen = { one: store.get('shared'), all: store.getAll(), none: store.get('nothing') };
      store.delete('shared');
      return seen;
    });
    expect(read).toEqual({ one: 'yes', all: { shared: 'yes' }, none: null });
    expect(env.properties.document()).toEqual({});
  });

  it('cost no call until used', () => {
    const env = newEnv();
    const calls = () => env.stats.callsByName['PropertiesService.getDocumentProperties'] ?? 0;
    inScript(env, () => void documentStore());
    expect(calls()).toBe(0);
    inScript(env, () => {
      const store = documentStore();
      store.get('a');
      store.get('b');
    });
    expect(calls()).toBe(1);
  });

  it('read each store once per execution, whichever store object asks, and keep their own writes', () => {
    const env = newEnv();
    env.properties.document().run = 'started';
    const reads = () => env.stats.callsByName['Properties.getProperties'] ?? 0;
    const seen = inScript(env, () => {
      const first = documentStore().get('run');
      documentStore().set('run', 'paused');
      documentStore().delete('gone');
      return [first, documentStore().get('run'), userStore().get('API_KEY'), userStore().getAll()];
    });
    expect(seen).toEqual(['started', 'paused', null, {}]);
    expect(reads()).toBe(2);
    expect(env.properties.document()).toEqual({ run: 'paused' });
  });

  it('read afresh once the execution takes a lock, as another execution may have written meanwhile', () => {
    const env = newEnv();
    env.properties.document().run = 'started';
    const seen = inScript(env, () => {
      const before = documentStore().get('run');
      env.properties.document().run = 'paused by another execution';
      const unlocked = documentStore().get('run');
      const lock = documentLock();
      lock.tryLock(100);
      const locked = documentStore().get('run');
      lock.release();
      return [before, unlocked, locked];
    });
    expect(seen).toEqual(['started', 'started', 'paused by another execution']);
  });
});
