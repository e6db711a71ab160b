import type { ContactLookupResponse } from '../../../src/core/api/types';
import { contactLookupError, contactView } from '../../../src/core/fields/contacts';
import { DEFAULT_COLUMNS } from '../../../src/core/fields/defaults';
import { flattenRecord, parseFieldList } from '../../../src/core/fields/flatten';
import { contactLookup, contactNotFound } from './samples';

function row(response: ContactLookupResponse, names: string): (string | number | boolean)[] {
  const result = parseFieldList(names, 'contact');
  if (!result.ok) throw new Error(result.error.message);
  return flattenRecord(response, result.fields);
}

describe('contact lookup fields', () => {
  it('picks the best-rated email and phone; equal ratings keep the API order', () => {
    expect(flattenRecord(contactLookup, DEFAULT_COLUMNS.FIND_CONTACTS)).toEqual([
      'ada@acme.example',
      'work',
      95,
      '+14155550199',
      'work',
      92,
      'https://network.example/in/ada-lovelace',
    ]);
  });

  it('lists every email and phone, best-rated first, absent ratings last', () => {
    expect(row(contactLookup, 'emails; phones; emails.2')).toEqual([
      'ada@acme.example, ada.l@acme.example, lovelace@old.example, ada@home.example',
      '+14155550199, +14155550100',
      'ada.l@acme.example',
    ]);
  });

  it('gives one best link per social code, blank when there is none', () => {
    expect(row(contactLookup, 'li, fb, tw, ig')).toEqual([
      'https://network.example/in/ada-lovelace',
      '',
      'https://tw.example/ada',
      '',
    ]);
  });

  it('ranks an absent rating below any rating, and keeps order among absent ones', () => {
    const response: ContactLookupResponse = {
      data: [
        {
          contacts: [
            { type: 'email', value: 'first@x.example', subType: 'personal' },
            { type: 'email', value: 'second@x.example', subType: 'work' },
            { type: 'email', value: 'rated@x.example', subType: 'work', rating: '0' },
          ],
          social: [],
        },
      ],
    };
    expect(row(response, 'email, email_rating, emails')).toEqual([
      'rated@x.example',
      0,
      'rated@x.example, first@x.example, second@x.example',
    ]);
    const unrated: ContactLookupResponse = {
      data: [{ contacts: [{ type: 'email', value: 'a@x.example', subType: 'work' }], social: [] }],
    };
    expect(row(unrated, 'email, email_rating')).toEqual(['a@x.example', '']);
  });

  it('keeps the raw lists reachable by position', () => {
    expect(row(contactLookup, 'contacts.1.value, contacts.1.rating, social.3.rating')).toEqual([
      'ada@home.example',
      '',
      '99',
    ]);
  });

  it('gives blanks for the empty result', () => {
    const empty: ContactLookupResponse = { data: [{ contacts: [], social: [] }] };
    expect(flattenRecord(empty, DEFAULT_COLUMNS.FIND_CONTACTS)).toEqual(['', '', '', '', '', '', '']);
    expect(contactLookupError(empty)).toBeNull();
  });

  it('exposes the in-body error object, for the caller to show as the row error', () => {
    expect(row(contactNotFound, 'error, message, details, email')).toEqual([
      true,
      'No profile found for this email',
      'email not associated with a profile',
      '',
    ]);
    expect(contactLookupError(contactNotFound)).toBe(
      'No profile found for this email (email not associated with a profile)',
    );
    expect(contactLookupError(contactLookup)).toBeNull();
    expect(row(contactLookup, 'error, message')).toEqual([false, '']);
  });

  it('prefers results over an error element in the same answer', () => {
    const mixed = { data: [...contactNotFound.data, ...contactLookup.data] };
    expect(contactView(mixed).error).toBe(false);
    expect(contactView(mixed).email).toBe('ada@acme.example');
  });

  it('reads any shape without throwing', () => {
    for (const response of [
      null,
      {},
      { data: null },
      { data: [null, 5, { contacts: 'x', social: [null, { type: 'li' }] }] },
    ]) {
      expect(() => contactView(response as never)).not.toThrow();
    }
    const odd = {
      data: [
        {
          contacts: [
            { type: 'EMAIL', value: 'up@x.example', rating: 77 },
            { type: 'email', value: 5 },
          ],
          social: [],
        },
      ],
    };
    expect(row(odd as never, 'email, email_type, email_rating, emails')).toEqual([
      'up@x.example',
      '',
      77,
      'up@x.example',
    ]);
    expect(contactLookupError({ data: [{ error: true }] } as never)).toBe('The contact lookup failed.');
  });
});
