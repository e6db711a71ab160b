import { capStoredText, errorMessage, isBlank, shorten, splitByBytes, utf8Length } from '../../src/core/text';

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
    for (const text of ['', 'plain', 'é', 'Zürich — 北京', '🚀 launch', 'x'.repeat(1000), 'a\u0000b\u007f\u0080']) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('splitByBytes', () => {
  /** The longest piece from `start` that fits, counted one character at a time. */
  function greedyPieces(text: string, maxBytes: number): string[] {
    const pieces: string[] = [];
    let start = 0;
    while (start < text.length) {
      let end = start;
      while (end < text.length) {
        const next = end + (text.codePointAt(end)! > 0xffff ? 2 : 1);
        if (Buffer.byteLength(text.slice(start, next), 'utf8') > maxBytes) break;
        end = next;
      }
      pieces.push(text.slice(start, end));
      start = end;
    }
    return pieces;
  }

  it('never splits a surrogate pair and respects the byte budget', () => {
    const text = 'a🙂'.repeat(1000);
    const pieces = splitByBytes(text, 7);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(7);
      expect(piece).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
  });

  it.each([
    ['plain ASCII', 'x'.repeat(2500)],
    ['mixed text', 'Zürich — 北京 🚀 plain words, '.repeat(200)],
    ['text of 3-byte characters', '北'.repeat(1000)],
    ['emoji only', '🙂'.repeat(700)],
  ])('cuts %s into the longest pieces that fit', (_, text) => {
    for (const maxBytes of [7, 100, 1024]) {
      expect(splitByBytes(text, maxBytes)).toEqual(greedyPieces(text, maxBytes));
    }
  });

  it('keeps empty text as one empty piece', () => {
    expect(splitByBytes('', 10)).toEqual(['']);
  });
});
