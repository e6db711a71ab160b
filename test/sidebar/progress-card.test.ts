// One piece of work as a card: badge, title, notes, a bar that says what the line beside it says, the error and the
// actions. Every string is text.
import { renderCard, type CardContent } from '../../src/sidebar/progress-card';
import { actions, elements, fake, texts, useFakeDocument, type FakeElement } from './fake-document';

useFakeDocument();
const XSS = '<img src=x onerror=alert(1)>';

const content: CardContent = {
  id: 'r1',
  kind: 'run-card',
  status: 'running',
  statusLabel: 'Running',
  time: 'Started 09:00',
  title: 'Profile scrape · Leads!A2:A9',
  notes: ['Running.'],
  progress: { value: 3, max: 8 },
  progressName: 'Rows done: Leads',
  progressText: '3 of 8 rows done',
  error: null,
  actions: [
    { action: 'pause', label: 'Pause', name: 'Pause: Leads', look: 'secondary' },
    { action: 'cancel', label: 'Cancel', name: 'Cancel: Leads', look: 'danger' },
  ],
};
const render = (fields: Partial<CardContent> = {}) => fake(renderCard({ ...content, ...fields }));
const bar = (card: FakeElement) => elements(card).find((element) => element.tagName === 'PROGRESS');
const byClass = (card: FakeElement, name: string) => card.querySelectorAll(`.${name}`);

test('every string holding markup is text, creating no element', () => {
  const card = render({
    statusLabel: XSS,
    time: XSS,
    title: XSS,
    fullTitle: XSS,
    notes: [XSS],
    progressText: XSS,
    error: XSS,
    actions: [{ action: 'open', label: XSS, name: XSS, look: 'link' }],
  });
  expect(elements(card).map((element) => element.tagName)).not.toContain('IMG');
  expect(texts(card).filter((text) => text === XSS)).toHaveLength(7);
});

test('the card carries its id, kind and status for the list and the styles', () => {
  const card = render();
  expect(card.tagName).toBe('LI');
  expect(card.matches('.card.run-card[data-id="r1"][data-status="running"]')).toBe(true);
});

test('the bar says to screen readers what the line beside it says', () => {
  const card = render();
  expect(bar(card)?.getAttribute('value')).toBe('3');
  expect(bar(card)?.getAttribute('max')).toBe('8');
  expect(bar(card)?.getAttribute('aria-valuetext')).toBe(byClass(card, 'card-progress-text')[0].textContent);
  expect(bar(card)?.getAttribute('aria-label')).toBe(content.progressName);
});

test('an indeterminate bar has no value and no maximum; no progress, no bar', () => {
  const indeterminate = bar(render({ progress: 'indeterminate' }));
  expect(indeterminate?.hasAttribute('value')).toBe(false);
  expect(indeterminate?.hasAttribute('max')).toBe(false);
  expect(bar(render({ progress: null }))).toBeUndefined();
});

test('empty notes are left out; the error shows only when there is one', () => {
  const card = render({ notes: ['', 'Paused.', ''], error: null });
  expect(byClass(card, 'card-note').map((note) => note.textContent)).toEqual(['Paused.']);
  expect(byClass(card, 'card-error')).toEqual([]);
  expect(byClass(render({ error: 'Out of credits.' }), 'card-error')[0]?.textContent).toBe('Out of credits.');
});

test('a shortened title keeps the whole one as a tooltip', () => {
  expect(byClass(render(), 'card-title')[0].hasAttribute('title')).toBe(false);
  const card = render({ title: 'Heads of data…', fullTitle: 'Heads of data at fintech startups' });
  expect(byClass(card, 'card-title')[0].getAttribute('title')).toBe('Heads of data at fintech startups');
});

test('actions are buttons in order, named for the work, looking as asked; none, no action row', () => {
  const card = render();
  expect(actions(card)).toEqual(['pause', 'cancel']);
  const buttons = card.querySelectorAll('button[data-action]');
  expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Pause: Leads', 'Cancel: Leads']);
  expect(buttons.map((button) => button.getAttribute('type'))).toEqual(['button', 'button']);
  expect(buttons[1].getAttribute('class')).toContain('danger');
  expect(buttons[0].getAttribute('class')).not.toContain('danger');
  expect(byClass(render({ actions: [] }), 'card-actions')).toEqual([]);
});
