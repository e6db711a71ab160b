// The core's SHA-256 gives the same digests as Node's (and so as Utilities.computeDigest over UTF-8), for the texts
// cache keys are made of: ASCII, accents, CJK, emoji (surrogate pairs), and lengths around the 64-byte block edges.
import { createHash } from 'node:crypto';
import { sha256Hex, utf8Bytes } from '../../src/core/sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it.each([55, 56, 63, 64, 65, 119, 120, 1000])('matches Node for %i bytes (block edges)', (length) => {
    const text = 'x'.repeat(length);
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  });

  it.each([
    'https://api.example\nscrape\nhttps://www.network.com/in/ada-lovelace',
    'José García, Zürich',
    '李小龙 · 北京',
    'emoji 👩‍💻 and 🇫🇷',
    '{"email":"jane@example.com"}',
  ])('matches Node for %j', (text) => {
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  });

  it('matches Node for 2,000 generated texts of every kind of character', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const codes = Array.from(
        { length: next() % 90 },
        () => [0x41, 0xe9, 0x4e2d, 0x1f600][next() % 4] + (next() % 50),
      );
      const text = String.fromCodePoint(...codes);
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
  });

  it('encodes a lone surrogate as U+FFFD, as UTF-8 encoders do', () => {
    expect(utf8Bytes('a\ud800b')).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
    expect(sha256Hex('a\ud800b')).toBe(nodeSha256('a\ufffdb'));
  });
});
