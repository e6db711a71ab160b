// A list of cards redrawn from data on every answer: cards that stay are the same nodes (a button keeps the pointer
// and the focus), clicks reach onAction with the card's id, a busy button stays shut through redraws, and a confirm
// step opens in its card and survives redraws.
import type { JobSummary } from '../../src/core/contract';
import { CardList } from '../../src/sidebar/card-list';
import { renderJobCard } from '../../src/sidebar/job-card';
import { fakeJob } from '../browser/fake-server';
import { click, dispatch, mount, real, settle, texts, useFakeDocument, type FakeElement } from './fake-document';

useFakeDocument();

const running = (jobId: string) => fakeJob({ jobId, query: `brief ${jobId}`, status: 'processing' });
const done = (jobId: string) => fakeJob({ jobId, query: `brief ${jobId}`, status: 'completed' });
const question = { question: 'Cancel?', confirmLabel: 'Cancel research', keepLabel: 'Keep it', danger: true };

function cardList() {
  const list = mount('ul');
  const empty = mount('p');
  const acted: string[] = [];
  const cards = new CardList<JobSummary>({
    list: real<HTMLUListElement>(list),
    empty: real<HTMLElement>(empty),
    idOf: (job) => job.jobId,
    render: renderJobCard,
    onAction: (id, action) => acted.push(`${id} ${action}`),
  });
  const card = (id: string) => list.children.find((child) => child.getAttribute('data-id') === id);
  const button = (id: string, action: string) => card(id)?.querySelector(`[data-action="${action}"]`) as FakeElement;
  return { list, empty, acted, cards, card, button };
}

test('cards follow the data’s order; the empty note shows only without cards', () => {
  const { list, empty, cards } = cardList();
  cards.show([]);
  expect(empty.hidden).toBe(false);
  cards.show([running('a'), running('b')]);
  expect(list.children.map((child) => child.getAttribute('data-id'))).toEqual(['a', 'b']);
  expect(empty.hidden).toBe(true);
  cards.show([running('c'), running('b')]);
  expect(list.children.map((child) => child.getAttribute('data-id'))).toEqual(['c', 'b']);
});

test('a redraw keeps the nodes of cards and buttons that stay, and the focus on them', () => {
  const { cards, card, button } = cardList();
  cards.show([running('a'), running('b')]);
  const [cardB, cancelB] = [card('b'), button('b', 'cancel')];
  cancelB.focus();
  cards.show([running('new'), running('a'), { ...running('b'), rowsWritten: 2, finalResultsCount: 5 }]);
  expect(card('b')).toBe(cardB);
  expect(button('b', 'cancel')).toBe(cancelB);
  expect(texts(cardB!)).toContain('2 rows written of 5 profiles found so far');
  expect(document.activeElement).toBe(cancelB);
});

test('a focused button that goes away hands the focus to its card’s first usable button', () => {
  const { cards, button } = cardList();
  cards.show([running('a')]);
  button('a', 'cancel').focus();
  cards.show([done('a')]);
  expect(button('a', 'cancel')).toBeNull();
  expect(document.activeElement).toBe(button('a', 'open'));
});

test('a click on a card’s button reaches onAction with the card’s id; a shut one or elsewhere does not', () => {
  const { list, acted, cards, card, button } = cardList();
  cards.show([running('a'), running('b')]);
  click(button('b', 'cancel'));
  click(button('a', 'open'));
  button('a', 'cancel').disabled = true;
  dispatch(button('a', 'cancel'), 'click');
  click(card('a')!);
  click(list);
  expect(acted).toEqual(['b cancel', 'a open']);
});

test('a busy button is shut under its busy label through redraws, and comes back when the call answers', () => {
  const { cards, button } = cardList();
  cards.show([running('a')]);
  const idle = button('a', 'cancel').textContent;
  cards.setBusy('a', 'cancel', 'Cancelling…');
  cards.show([{ ...running('a'), message: 'moved' }]);
  expect([button('a', 'cancel').textContent, button('a', 'cancel').disabled]).toEqual(['Cancelling…', true]);
  expect(button('a', 'open').disabled).toBe(false);
  cards.setBusy('a', 'cancel', null);
  expect([button('a', 'cancel').textContent, button('a', 'cancel').disabled]).toEqual([idle, false]);
});

describe('a confirm step in a card', () => {
  it('replaces the card’s buttons and takes the focus; the answer comes back, with the focus', async () => {
    const { cards, card, button } = cardList();
    cards.show([running('a')]);
    const answer = cards.confirm('a', question, 'cancel');
    const yes = card('a')?.querySelector('[data-confirm="yes"]') as FakeElement;
    expect(card('a')?.querySelector('.card-actions')?.hidden).toBe(true);
    expect(document.activeElement).toBe(yes);
    click(yes);
    await expect(answer).resolves.toBe(true);
    expect(card('a')?.querySelector('[data-confirm]')).toBeNull();
    expect(card('a')?.querySelector('.card-actions')?.hidden).toBe(false);
    expect(document.activeElement).toBe(button('a', 'cancel'));
  });

  it('stays open, the same node, while the list is redrawn', async () => {
    const { cards, card } = cardList();
    cards.show([running('a')]);
    const answer = cards.confirm('a', question, 'cancel');
    const step = card('a')?.querySelector('.confirm');
    cards.show([{ ...running('a'), message: 'moved' }, running('b')]);
    expect(card('a')?.querySelector('.confirm')).toBe(step);
    expect(card('a')?.querySelector('.card-actions')?.hidden).toBe(true);
    click(step!.querySelector('[data-confirm="no"]')!);
    await expect(answer).resolves.toBe(false);
  });

  it('answers "keep" when its card leaves the list, or another confirm opens', async () => {
    const { cards } = cardList();
    cards.show([running('a'), running('b')]);
    const first = cards.confirm('a', question, 'cancel');
    const second = cards.confirm('b', question, 'cancel');
    await expect(first).resolves.toBe(false);
    cards.show([running('a')]);
    await expect(second).resolves.toBe(false);
    await settle();
  });
});

test('a panel opened under a card stays the same node through redraws, marks its button expanded, and closes', () => {
  const { cards, card, button } = cardList();
  cards.show([done('a'), done('b')]);
  const action = 'open';
  const panel = mount('div', { class: 'card-panel' });
  const input = mount('input', {}, panel);
  cards.setPanel('a', { action, element: real<HTMLElement>(panel) });
  input.focus();
  cards.show([done('b'), { ...done('a'), updatedAt: '2025-06-02T09:00:00.000Z' }]);
  expect(card('a')?.children.at(-1)).toBe(panel);
  expect(document.activeElement).toBe(input);
  expect(cards.panelOf('a')).toBe(action);
  expect(button('a', action).getAttribute('aria-expanded')).toBe('true');
  cards.setPanel('a', null);
  expect(card('a')?.children).not.toContain(panel);
  expect(cards.panelOf('a')).toBeUndefined();
  cards.focusAction('a', action);
  expect(document.activeElement).toBe(button('a', action));
});

test('a panel whose card went away is dropped', () => {
  const { cards } = cardList();
  cards.show([done('a')]);
  cards.setPanel('a', { action: 'open', element: real<HTMLElement>(mount('div')) });
  cards.show([]);
  expect(cards.panelOf('a')).toBeUndefined();
});
