// Patching a drawn element to match a fresh rendering changes only what differs: nodes that stay are the same nodes
// (a button keeps the pointer and the focus), a node the caller placed is left where it is.
import { patch } from '../../src/sidebar/dom-patch';
import { el } from '../../src/sidebar/dom';
import { fake, page, real, texts, useFakeDocument } from './fake-document';

useFakeDocument();

const card = (status: string, text: string, ...buttons: string[]) =>
  el(
    'li',
    { class: 'card', 'data-status': status },
    el('p', {}, text),
    ...buttons.map((action) => el('button', { 'data-action': action }, action)),
  );

const apply = (current: HTMLElement, fresh: HTMLElement, ...keep: Node[]) =>
  patch(real<Element>(fake(current)), real<Element>(fake(fresh)), ...keep);

test('afterwards the element reads as the fresh one: attributes, text and children', () => {
  const current = card('running', '3 of 8', 'pause', 'cancel');
  current.setAttribute('data-old', 'x');
  const fresh = card('completed', '8 of 8', 'retry');
  apply(current, fresh);
  const drawn = fake(current);
  expect(drawn.attributes).toEqual(fake(card('completed', '8 of 8', 'retry')).attributes);
  expect(texts(drawn)).toEqual(['8 of 8', 'retry']);
  expect(drawn.children.map((child) => child.tagName)).toEqual(['P', 'BUTTON']);
});

test('nodes of the same kind stay the same nodes, text changed in place; the focus stays', () => {
  const current = card('running', '3 of 8', 'pause', 'cancel');
  page().append(fake(current));
  const [line, pause, cancel] = fake(current).children;
  const text = line.childNodes[0];
  cancel.focus();
  apply(current, card('running', '4 of 8', 'pause', 'cancel'));
  const after = fake(current).children;
  [line, pause, cancel].forEach((node, index) => expect(after[index]).toBe(node));
  expect(after).toHaveLength(3);
  expect(line.childNodes[0]).toBe(text);
  expect(text.nodeValue).toBe('4 of 8');
  expect(document.activeElement).toBe(cancel);
});

test('a node of another kind is replaced, and nodes beyond the fresh ones removed', () => {
  const current = el('div', {}, el('p', {}, 'a'), 'loose text', el('span', {}, 'b'));
  const fresh = el('div', {}, el('p', {}, 'a'), el('em', {}, 'c'));
  apply(current, fresh);
  expect(fake(current).children.map((child) => child.tagName)).toEqual(['P', 'EM']);
  expect(texts(fake(current))).toEqual(['a', 'c']);
});

test('a kept node stays where it is and new nodes go before it', () => {
  const current = card('running', 'x');
  const step = el('div', { class: 'confirm' }, 'Cancel?');
  current.append(step);
  apply(current, card('running', 'x', 'pause', 'cancel'), step);
  const children = fake(current).children;
  expect(children.at(-1)).toBe(fake(step));
  expect(children.map((child) => child.getAttribute('data-action'))).toEqual([null, 'pause', 'cancel', null]);
});

test('several kept nodes (an open form and a confirm step) stay, in their order, after the fresh ones', () => {
  const current = card('completed', 'x');
  const form = el('div', { class: 'card-panel' }, 'Refresh');
  const step = el('div', { class: 'confirm' }, 'Cancel?');
  current.append(form, step);
  apply(current, card('completed', 'y', 'refresh'), form, step);
  const children = fake(current).children;
  expect(children.slice(-2)).toEqual([fake(form), fake(step)]);
  expect(texts(fake(current))).toEqual(['y', 'refresh', 'Refresh', 'Cancel?']);
});
