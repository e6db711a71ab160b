// GET /api/enrich/contacts: exactly one lookup parameter, result shapes, empty and in-body error results, credits.

import type { ContactLookupResponse, ContactResult } from '../../src/core/api/types';
import { contactLookup } from '../../dev/mock-api/data';
import { newKey, profileQuery, startTestMock, type TestMock } from './harness';
import { CONTACT_KEYS, SOCIAL_KEYS } from './record-keys';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock.close());
beforeEach(() => mock.control.reset());

const lookup = (params: string) => mock.get<ContactLookupResponse>(`/api/enrich/contacts?${params}`);

describe('contact lookup', () => {
  test('1-4 contacts and 1-4 social links with the fields docs/api.md describes', async () => {
    const results: ContactResult[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await lookup(profileQuery(`https://www.network.com/in/person-${i}`));
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(1);
      results.push(answer.body.data[0] as ContactResult);
    }
    const contacts = results.flatMap((result) => result.contacts);
    const social = results.flatMap((result) => result.social);
    for (const result of results) {
      expect(result.contacts.length).toBeGreaterThanOrEqual(1);
      expect(result.contacts.length).toBeLessThanOrEqual(4);
      expect(result.social.length).toBeGreaterThanOrEqual(1);
      expect(result.social.length).toBeLessThanOrEqual(4);
      expect(new Set(result.social.map((link) => link.type)).size).toBe(result.social.length);
    }
    for (const contact of contacts) {
      expect(Object.keys(contact)).toEqual(expect.arrayContaining(CONTACT_KEYS.filter((key) => key !== 'rating')));
      expect(['email', 'phone']).toContain(contact.type);
      expect(['work', 'personal', 'mobile']).toContain(contact.subType);
      if (contact.rating !== undefined) expect(contact.rating).toMatch(/^\d{1,3}$/);
      if (contact.type === 'phone') expect(contact.value).toMatch(/^\+\d{8,}$/);
      if (contact.type === 'email') expect(contact.value).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
    expect(contacts.some((contact) => contact.rating === undefined)).toBe(true);
    expect(contacts.some((contact) => contact.rating !== undefined)).toBe(true);
    for (const link of social) {
      expect(Object.keys(link)).toEqual(expect.arrayContaining([...SOCIAL_KEYS]));
      expect(['li', 'fb', 'tw', 'ig']).toContain(link.type);
      expect(Number(link.rating)).toBeGreaterThanOrEqual(60);
    }
    expect(new Set(social.map((link) => link.type))).toEqual(new Set(['li', 'fb', 'tw', 'ig']));
    expect(await mock.control.creditsCharged()).toBe(40);
  });

  test('a URL-encoded phone is found and returned; an unencoded + arrives as a space and is rejected', async () => {
    const answer = await lookup('phone=%2B14155550142');
    expect(answer.status).toBe(200);
    const result = answer.body.data[0] as ContactResult;
    expect(result.contacts.map((contact) => contact.value)).toContain('+14155550142');
    expect((await lookup('phone=+14155550142')).status).toBe(400);
  });

  test('an email lookup returns the email and is deterministic', async () => {
    const first = await lookup('email=Jane.Doe%40acme.example');
    expect((first.body.data[0] as ContactResult).contacts.map((contact) => contact.value)).toContain(
      'Jane.Doe@acme.example',
    );
    expect((await lookup('email=Jane.Doe%40acme.example')).text).toBe(first.text);
    expect(first.body).toEqual(contactLookup(1, { kind: 'email', email: 'Jane.Doe@acme.example' }));
  });

  test('in-body error for @nobody.example emails, still 1 credit', async () => {
    const answer = await lookup('email=someone%40nobody.example');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        { error: true, message: 'No profile found', details: 'No profile is associated with this email address.' },
      ],
    });
    expect(await mock.control.creditsCharged()).toBe(1);
  });

  test('empty result for empty- slugs and phones ending 0000, still 1 credit each', async () => {
    const empty = { data: [{ contacts: [], social: [] }] };
    expect((await lookup(profileQuery('https://www.network.com/in/empty-result'))).body).toEqual(empty);
    expect((await lookup('phone=%2B14155550000')).body).toEqual(empty);
    expect(await mock.control.creditsCharged()).toBe(2);
  });

  test.each([
    ['no parameter', ''],
    ['two parameters', 'email=a%40b.example&phone=%2B14155550100'],
    ['three parameters', `email=a%40b.example&phone=%2B14155550100&${profileQuery('https://www.network.com/in/x')}`],
    ['invalid URL', profileQuery('https://evil.example/in/x')],
    ['invalid email', 'email=not-an-email'],
    ['invalid phone', 'phone=abc'],
  ])('400 for %s, nothing charged', async (_, params) => {
    const answer = await mock.get(`/api/enrich/contacts?${params}`);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('402 without credits', async () => {
    const key = await newKey(mock, 'broke', 0);
    const answer = await mock.get('/api/enrich/contacts?email=a%40b.example', key);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ detail: 'Insufficient credits.' });
  });
});
