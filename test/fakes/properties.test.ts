import { EDITOR, OWNER, asOwner, gas, newEnv } from './gas';

describe('PropertiesService', () => {
  it('keeps user, document and script stores apart, and user stores per user', () => {
    const env = newEnv();
    const { PropertiesService } = gas(env);
    env.run('menu', OWNER, () => {
      PropertiesService.getUserProperties().setProperty('k', 'owner');
      PropertiesService.getDocumentProperties().setProperty('k', 'document');
      PropertiesService.getScriptProperties().setProperty('k', 'script');
    });
    env.run('menu', EDITOR, () => {
      expect(PropertiesService.getUserProperties().getProperty('k')).toBeNull();
      expect(PropertiesService.getDocumentProperties().getProperty('k')).toBe('document');
    });
    expect(env.properties.user(OWNER)).toEqual({ k: 'owner' });
    expect(env.properties.document()).toEqual({ k: 'document' });
    expect(env.properties.script()).toEqual({ k: 'script' });
  });

  it('stores every value as a string and supports the bulk methods', () => {
    const env = newEnv();
    asOwner(env, ({ PropertiesService }) => {
      const props = PropertiesService.getDocumentProperties();
      props.setProperty('n', 5 as unknown as string);
      expect(props.getProperty('n')).toBe('5');
      props.setProperties({ a: '1', b: '2' });
      expect(props.getKeys().sort()).toEqual(['a', 'b', 'n']);
      props.setProperties({ c: '3' }, true);
      expect(props.getProperties()).toEqual({ c: '3' });
      props.deleteProperty('c');
      props.setProperty('d', '4');
      props.deleteAllProperties();
      expect(props.getKeys()).toEqual([]);
    });
  });

  it('refuses a property over 9 KB (key + value, UTF-8)', () => {
    const env = newEnv();
    asOwner(env, ({ PropertiesService }) => {
      const props = PropertiesService.getUserProperties();
      props.setProperty('k', 'x'.repeat(9216 - 1));
      expect(() => props.setProperty('k', 'x'.repeat(9216))).toThrow('Argument too large: value');
      // 4 bytes per emoji in UTF-8
      expect(() => props.setProperty('k', '😀'.repeat(2304))).toThrow('Argument too large: value');
    });
  });

  it('refuses to grow a store past 500 KB and then stores nothing of that call', () => {
    const env = newEnv();
    asOwner(env, ({ PropertiesService }) => {
      const props = PropertiesService.getDocumentProperties();
      const value = 'x'.repeat(9000);
      for (let i = 0; i < 56; i++) props.setProperty(`k${String(i).padStart(2, '0')}`, value);
      expect(() => props.setProperties({ extra1: value, extra2: value })).toThrow(
        'You have exceeded the property storage quota',
      );
      expect(props.getProperty('extra1')).toBeNull();
      props.deleteProperty('k00');
      props.setProperty('extra1', value);
    });
  });

  it('offers live views for test setup', () => {
    const env = newEnv();
    const view = env.properties.user(EDITOR);
    view.API_KEY = 'lk_abc';
    expect(
      env.run('sidebar', EDITOR, () => gas(env).PropertiesService.getUserProperties().getProperty('API_KEY')),
    ).toBe('lk_abc');
    delete view.API_KEY;
    expect(Object.keys(env.properties.user(EDITOR))).toEqual([]);
  });
});
