import {
  classifyLookup,
  normalizeEmail,
  normalizePhone,
  normalizeProfileUrl,
  type InputResult,
} from '../../src/core/input';

/** What a phone number that Sheets turned into a number is answered with. */
// What works in Sheets: a leading apostrophe, or a plain-text column (typed with its +, a phone is a broken formula).
const NUMBER_CELL = (digits: string) =>
  `Sheets turned the phone number ${digits} into a number, which drops a leading + or 0: type it with an apostrophe ` +
  "in front ('+14155550100), or format the column as plain text (Format → Number → Plain text) and type it again.";

function value<T>(result: InputResult<T>): T | string {
  return result.ok ? result.value : `ERROR ${result.error.message}`;
}

describe('normalizeProfileUrl', () => {
  it.each([
    'https://www.network.com/in/ada-lovelace',
    'http://www.network.com/in/ada-lovelace',
    'https://network.com/in/ada-lovelace',
    'https://uk.network.com/in/ada-lovelace/',
    'www.network.com/in/ada-lovelace',
    'network.com/in/ada-lovelace',
    'HTTPS://WWW.NETWORK.COM/in/Ada-Lovelace',
    'https://www.network.com/in/ada-lovelace?utm_source=share',
    'https://www.network.com/in/ada-lovelace/#about',
    '  https://www.network.com/in/ada-lovelace  ',
    'https://www.network.com/in/ada-lovelace/details/experience/',
    'https://www.network.com/in/Ada-Lovelace/recent-activity/all/',
    'https://uk.network.com/in/ada-lovelace/overlay/contact-info/?trk=x',
  ])('normalises %s', (input) => {
    expect(value(normalizeProfileUrl(input))).toBe('https://www.network.com/in/ada-lovelace');
  });

  it('keeps digits and underscores and canonicalises %-escapes', () => {
    expect(value(normalizeProfileUrl('network.com/in/ada_99'))).toBe('https://www.network.com/in/ada_99');
    const escaped = value(normalizeProfileUrl('https://www.network.com/in/jos%c3%a9'));
    expect(escaped).toBe('https://www.network.com/in/jos%C3%A9');
    expect(value(normalizeProfileUrl('https://www.network.com/in/JOSÉ'))).toBe(escaped);
  });

  it('rejects other addresses with one sentence quoting the input', () => {
    expect(normalizeProfileUrl('example.com/foo')).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: '"example.com/foo" is not a profile URL (expected https://www.network.com/in/<name>).',
      },
    });
  });

  it.each([
    'https://evilnetwork.com/in/ada',
    'https://network.com.evil.com/in/ada',
    'https://evil.com/network.com/in/ada',
    'https://www.network.com/company/acme',
    'https://www.network.com/in/',
    'https://www.network.com/in//details/experience/',
    'https://www.network.com/in/ada/../bob',
    'https://www.network.com/in/ada/./details',
    'https://www.network.com/in/ada/details experience',
    'https://www.network.com:8080/in/ada',
    'ftp://www.network.com/in/ada',
    'https://www.network.com/in/ada%2Fx',
    'https://www.network.com/in/ada%zz',
    'https://www.network.com/in/a.b',
    'https://www.network.com/in/' + 'a'.repeat(101),
  ])('rejects %s', (input) => {
    expect(normalizeProfileUrl(input).ok).toBe(false);
  });

  it('never repeats more than 80 characters of the input', () => {
    const long = 'https://example.com/' + 'x'.repeat(500);
    const result = normalizeProfileUrl(long);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message.length).toBeLessThan(120);
      expect(result.error.message).not.toContain('x'.repeat(80));
    }
  });

  it('explains empty and non-text values', () => {
    expect(value(normalizeProfileUrl(''))).toBe('ERROR The profile URL is empty.');
    expect(value(normalizeProfileUrl(42))).toBe('ERROR The profile URL must be text, not a number.');
    expect(value(normalizeProfileUrl(new Date(0)))).toBe('ERROR The profile URL must be text, not a date.');
    expect(value(normalizeProfileUrl(true))).toBe('ERROR The profile URL must be text, not a boolean.');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(value(normalizeEmail('  Ada.Lovelace+Work@Example.CO.uk '))).toBe('ada.lovelace+work@example.co.uk');
  });

  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'a b@example.com',
    '.ada@example.com',
    'ada..l@example.com',
    'ada@-example.com',
    'ada@example.c',
    `${'a'.repeat(65)}@example.com`,
  ])('rejects %s', (input) => {
    const result = normalizeEmail(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/is not a valid email address\.$/);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+1 (415) 555-0100', '+14155550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20.7946.0958', '+442079460958'],
    ['415-555-0100', '4155550100'],
    ['0207 946 0958', '02079460958'],
    ['tel:+14155550100', '+14155550100'],
    ['TEL:+1-415-555-0100', '+14155550100'],
  ])('normalises %s', (input, expected) => {
    expect(value(normalizePhone(input))).toBe(expected);
  });

  it('refuses a number cell: Sheets turned the typed phone into a number and dropped its + (or leading 0)', () => {
    expect(value(normalizePhone(14155550100))).toBe(`ERROR ${NUMBER_CELL('14155550100')}`);
    expect(value(normalizePhone(2079460958))).toBe(`ERROR ${NUMBER_CELL('2079460958')}`);
    expect(value(normalizePhone(1.5))).toBe('ERROR The phone number must be text, not a number.');
  });

  it.each(['12345', '+1234567890123456', '+1 415 CALL NOW', '41+55550100', '1.5e10', 'tel:', 'tel:+1 CALL'])(
    'rejects %s',
    (input) => {
      expect(normalizePhone(input).ok).toBe(false);
    },
  );

  it('says how many digits are expected', () => {
    expect(value(normalizePhone('123-45'))).toBe('ERROR "123-45" is not a phone number (expected 7 to 15 digits).');
  });
});

describe('classifyLookup', () => {
  it('tells emails, profile URLs and phone numbers apart', () => {
    expect(value(classifyLookup('Ada@Example.com'))).toEqual({ email: 'ada@example.com' });
    expect(value(classifyLookup('network.com/in/Ada/'))).toEqual({ network_url: 'https://www.network.com/in/ada' });
    expect(value(classifyLookup('+44 20 7946 0958'))).toEqual({ phone: '+442079460958' });
    expect(value(classifyLookup('tel:+44 20 7946 0958'))).toEqual({ phone: '+442079460958' });
    expect(value(classifyLookup('https://www.network.com/in/Ada/details/experience/'))).toEqual({
      network_url: 'https://www.network.com/in/ada',
    });
  });

  it('refuses a number cell with one sentence on keeping the phone as text, sending nothing', () => {
    expect(value(classifyLookup(442079460958))).toBe(`ERROR ${NUMBER_CELL('442079460958')}`);
    expect(value(classifyLookup(1234567))).toBe(`ERROR ${NUMBER_CELL('1234567')}`);
  });

  it('tells a number too short or too long for a phone what a lookup is, not that it was a phone', () => {
    for (const number of [5, 123456, 1234567890123456, 2.5, -14155550100]) {
      expect(value(classifyLookup(number))).toBe(
        `ERROR The lookup must be a profile URL, an email address or a phone number, not the number ${number}.`,
      );
    }
  });

  it('reports the error of the kind the value looks like', () => {
    expect(value(classifyLookup('ada@'))).toBe('ERROR "ada@" is not a valid email address.');
    expect(value(classifyLookup('https://example.com/in/ada'))).toMatch(/is not a profile URL/);
    expect(value(classifyLookup('555'))).toMatch(/is not a phone number/);
  });

  it('rejects anything else', () => {
    expect(value(classifyLookup('Ada Lovelace'))).toBe(
      'ERROR "Ada Lovelace" is not a profile URL, an email address or a phone number.',
    );
    expect(value(classifyLookup(''))).toBe('ERROR The lookup value is empty.');
  });
});
