// The one way the sidebar builds DOM from data: el() sets attributes and makes text nodes, so markup in data stays
// text; no sidebar file uses an API that parses markup.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { byId, el } from '../../src/sidebar/dom';
import { elements, fake, FakeText, mount, texts, useFakeDocument } from './fake-document';

useFakeDocument();
const XSS = '<script>alert(1)</script>';

test('attributes: true gives an empty one, false, null and undefined leave it out, numbers become text', () => {
  const button = fake(el('button', { disabled: true, hidden: false, title: null, name: undefined, tabindex: -1 }));
  expect(button.attributes).toEqual([
    { name: 'disabled', value: '' },
    { name: 'tabindex', value: '-1' },
  ]);
});

test('strings and numbers become text nodes; null, undefined and false are skipped; nodes are kept', () => {
  const inner = el('span', {}, 'inner');
  const paragraph = fake(el('p', {}, XSS, 3, null, undefined, false, inner));
  expect(paragraph.childNodes).toHaveLength(3);
  expect(paragraph.childNodes[0]).toBeInstanceOf(FakeText);
  expect(texts(paragraph)).toEqual([XSS, '3', 'inner']);
  expect(elements(paragraph).map((element) => element.tagName)).toEqual(['P', 'SPAN']);
});

test('byId finds the element the page declares, and names a missing one', () => {
  const status = mount('p', { id: 'status' });
  expect(byId('status')).toBe(status);
  expect(() => byId('missing')).toThrow('#missing');
});

const SIDEBAR = join(__dirname, '..', '..', 'src', 'sidebar');

test.each(readdirSync(SIDEBAR).filter((file) => file.endsWith('.ts')))('%s parses no markup', (file) => {
  const source = readFileSync(join(SIDEBAR, file), 'utf8');
  expect(source).not.toMatch(
    /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment/,
  );
});
