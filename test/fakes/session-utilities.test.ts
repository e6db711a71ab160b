import { EDITOR, OWNER, asOwner, gas, newEnv } from './gas';

describe('Session', () => {
  it('names the running user, and gives each user a stable opaque key', () => {
    const env = newEnv();
    const { Session } = gas(env);
    const as = (user: string) =>
      env.run('sidebar', user, () => ({
        active: Session.getActiveUser().getEmail(),
        effective: Session.getEffectiveUser().getEmail(),
        key: Session.getTemporaryActiveUserKey(),
      }));
    const owner = as(OWNER);
    const editor = as(EDITOR);
    expect(owner).toMatchObject({ active: OWNER, effective: OWNER });
    expect(editor.active).toBe(EDITOR);
    expect(as(OWNER).key).toBe(owner.key);
    expect(editor.key).not.toBe(owner.key);
    expect(owner.key).not.toContain('owner');
    expect(env.run('customFunction', EDITOR, () => Session.getScriptTimeZone())).toBe('Etc/UTC');
  });
});

describe('Utilities', () => {
  it('computes digests as signed byte arrays', () => {
    const env = newEnv();
    asOwner(env, ({ Utilities }) => {
      const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc', Utilities.Charset.UTF_8);
      expect(bytes).toHaveLength(32);
      expect(bytes.every((b) => b >= -128 && b <= 127)).toBe(true);
      const hex = bytes.map((b) => ((b + 256) % 256).toString(16).padStart(2, '0')).join('');
      expect(hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      expect(Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'abc')[0]).toBe(-112); // 0x90
    });
  });

  it('encodes and decodes base64, web-safe too', () => {
    const env = newEnv();
    asOwner(env, ({ Utilities }) => {
      expect(Utilities.base64Encode('héllo')).toBe('aMOpbGxv');
      expect(Utilities.base64Encode([-1, -2, -3])).toBe('//79');
      expect(Utilities.base64EncodeWebSafe([-1, -2, -3])).toBe('__79');
      expect(Utilities.base64Decode('//79')).toEqual([-1, -2, -3]);
      expect(Utilities.base64DecodeWebSafe('__79')).toEqual([-1, -2, -3]);
      expect(Utilities.newBlob(Utilities.base64Decode('aMOpbGxv')).getDataAsString()).toBe('héllo');
      expect(() => Utilities.base64Decode('not base64!')).toThrow('Could not decode string.');
    });
  });

  it('formats dates with SimpleDateFormat letters in a time zone, and makes uuids', () => {
    const env = newEnv();
    asOwner(env, ({ Utilities }) => {
      const date = new Date(Date.UTC(2024, 0, 5, 13, 7, 9, 42));
      expect(Utilities.formatDate(date, 'UTC', "yyyy-MM-dd'T'HH:mm:ss.SSSXXX")).toBe('2024-01-05T13:07:09.042Z');
      expect(Utilities.formatDate(date, 'America/New_York', 'EEE, MMM d yyyy h:mm a Z')).toBe(
        'Fri, Jan 5 2024 8:07 AM -0500',
      );
      expect(Utilities.getUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });
  });
});

describe('Logger and console', () => {
  it('collect everything printed as text', () => {
    const env = newEnv();
    asOwner(env, ({ Logger, console }) => {
      Logger.log('job %s: %s rows', 'j1', 5);
      console.log('plain', { a: 1 });
      console.error('failed');
      expect(Logger.getLog()).toBe('job j1: 5 rows\n');
    });
    expect(env.logs).toEqual(['job j1: 5 rows', 'plain { a: 1 }', 'failed']);
  });
});
