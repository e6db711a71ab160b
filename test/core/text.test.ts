import { capStoredText, errorMessage, isBlank, shorten, utf8Length } from '../../src/core/text';

describe('shorten', () => {
  it('keeps short text, on one line and trimmed', () => {
    expect(shorten('  two\n\tlines  ', 20)).toBe('two lines');
  });

  it('cuts longer text to at most max characters, ending in "…" with no space before it', () => {
    expect(shorten('abcdefghij', 5)).toBe('abcd…');
    expect(shorten('Heads of data at fintech startups', 10)).toBe('Heads of…');
    expect(shorten('Heads of data at fintech startups', 10)).toHaveLength(9);
  });
});

describe('capStoredText', () => {
  it('keeps text of up to 500 characters as it is, line breaks included', () => {
    const fits = 'a\n'.repeat(250);
    expect(capStoredText(fits)).toBe(fits);
  });

  it('cuts longer text to 500 characters, the last one "…"', () => {
    const capped = capStoredText('x'.repeat(501));
    expect(capped).toBe('x'.repeat(499) + '…');
  });
});

describe('isBlank', () => {
  it.each([null, undefined, '', '   ', '\n\t'])('%j is blank', (value) => {
    expect(isBlank(value)).toBe(true);
  });

  it.each([0, false, 'x', ' x ', [], {}])('%j is not blank', (value) => {
    expect(isBlank(value)).toBe(false);
  });
});

test('errorMessage: an error reads as its message; anything else as text', () => {
  expect(errorMessage(new Error('The key was rejected.'))).toBe('The key was rejected.');
  expect(errorMessage('offline')).toBe('offline');
  expect(errorMessage(42)).toBe('42');
});

describe('utf8Length', () => {
  it('counts bytes as UTF-8 stores them', () => {
    for (const text of ['', 'plain', 'é', 'Zürich — 北京', '🚀 launch', 'x'.repeat(1000)]) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});
