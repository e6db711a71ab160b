// The property stores over the fakes' PropertiesService: the user's own and the document's, each asked of the
// service only when first used.
import { documentStore, userStore } from '../../src/adapters/properties';
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
});
