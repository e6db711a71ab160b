// The settings panel: the key is write-only (only the server's hint shows, the field is emptied once saved), Save
// sends only what changed and refuses a bad budget in its field, Remove key asks first and then sends an empty
// key, and the server's sentence shows when it refuses.
import type { SettingsView } from '../../src/core/contract';
import { BUDGET_RULE } from '../../src/sidebar/budget';
import { REMOVE_KEY_QUESTION, SettingsPanel } from '../../src/sidebar/settings-panel';
import { DEFAULT_BASE_URL } from '../browser/fake-server';
import { click, dispatch, elements, page, pageElement, settle, texts, useFakeDocument } from './fake-document';
import { mountSettingsPanel } from './page-parts';
import { useFakeServer } from './script-run';

useFakeDocument();
const KEY = 'lk_abcdefgh1234';
const served = useFakeServer(() => ({ apiKey: KEY }));

/** The server holds no key (set on the fake directly: not a call the panel made). */
const withoutKey = () => served.fake.saveSettings({ apiKey: '' });

async function settingsPanel() {
  mountSettingsPanel();
  const views: SettingsView[] = [];
  const panel = new SettingsPanel((view) => views.push(view));
  await panel.load();
  return { views };
}

const status = () => pageElement('settings-status');
const saves = () => served.fake.callsOf('saveSettings').map(([input]) => input);

async function submit(): Promise<void> {
  dispatch(pageElement('settings-form'), 'submit');
  await settle();
}

test('with a key: only the server’s hint shows, never the key; Remove key is offered; the fields are filled', async () => {
  const { views } = await settingsPanel();
  const state = pageElement('settings-key-state');
  expect(state.textContent).toContain(KEY.slice(-4));
  expect(state.dataset.hasKey).toBe('true');
  expect(pageElement('settings-remove-key').hidden).toBe(false);
  expect(pageElement('settings-key').value).toBe('');
  expect(pageElement('settings-base-url').value).toBe(DEFAULT_BASE_URL);
  expect(pageElement('settings-tier').value).toBe('free');
  expect(pageElement('settings-budget').value).toBe('');
  expect(views.map((view) => view.hasKey)).toEqual([true]);
  const shown = [...texts(page()), ...elements(page()).flatMap((e) => e.attributes.map((a) => a.value))];
  expect(shown.some((text) => text.includes(KEY))).toBe(false);
});

test('without a key: it says so, and there is nothing to remove', async () => {
  withoutKey();
  const { views } = await settingsPanel();
  expect(pageElement('settings-key-state').textContent).toBe('No key set');
  expect(pageElement('settings-remove-key').hidden).toBe(true);
  expect(views.map((view) => view.hasKey)).toEqual([false]);
});

test('settings that cannot be read say so, with the server’s sentence', async () => {
  served.fake.failNext('getSettings', 'You are not signed in.');
  const { views } = await settingsPanel();
  expect(pageElement('settings-key-state').textContent).toBe('Settings could not be read.');
  expect([status().textContent, status().dataset.tone]).toEqual(['You are not signed in.', 'error']);
  expect(views).toEqual([]);
});

test('Save with nothing changed says so and sends nothing', async () => {
  await settingsPanel();
  await submit();
  expect(status().textContent).toBe('Nothing changed.');
  expect(saves()).toEqual([]);
});

test('a new key is sent alone, trimmed; once verified the field is emptied and the panels are told', async () => {
  withoutKey();
  const { views } = await settingsPanel();
  pageElement('settings-key').value = '  lk_newkey_5678  ';
  await submit();
  expect(saves()).toEqual([{ apiKey: 'lk_newkey_5678' }]);
  expect(pageElement('settings-key').value).toBe('');
  expect([status().textContent, status().dataset.tone]).toEqual(['Key verified and saved.', 'success']);
  expect(pageElement('settings-key-state').textContent).toContain('5678');
  expect(views.at(-1)?.hasKey).toBe(true);
});

test('only the fields that differ from the saved settings are sent', async () => {
  await settingsPanel();
  pageElement('settings-tier').value = '2';
  pageElement('settings-budget').value = '10,000';
  await submit();
  expect(saves()).toEqual([{ tier: '2', formulaDailyBudget: 10_000 }]);
  expect(status().textContent).toBe('Settings saved.');
  pageElement('settings-base-url').value = ' https://eu.enrich.example ';
  await submit();
  expect(saves().at(-1)).toEqual({ baseUrl: 'https://eu.enrich.example' });
});

test('a budget that is not one is refused in its field, and nothing is sent', async () => {
  await settingsPanel();
  pageElement('settings-budget').value = '2.5';
  await submit();
  expect(pageElement('settings-budget-error').textContent).toBe(BUDGET_RULE);
  expect(pageElement('settings-budget-error').hidden).toBe(false);
  expect(document.activeElement).toBe(pageElement('settings-budget'));
  expect(saves()).toEqual([]);
});

test('while saving, Save and Remove key are shut and the form is busy; after, they open again', async () => {
  await settingsPanel();
  pageElement('settings-tier').value = '1';
  dispatch(pageElement('settings-form'), 'submit');
  const save = pageElement('settings-save');
  expect([save.disabled, save.textContent, pageElement('settings-remove-key').disabled]).toEqual([
    true,
    'Saving…',
    true,
  ]);
  expect(pageElement('settings-form').getAttribute('aria-busy')).toBe('true');
  await settle();
  expect([save.disabled, save.textContent, pageElement('settings-remove-key').disabled]).toEqual([
    false,
    'Save',
    false,
  ]);
  expect(pageElement('settings-form').getAttribute('aria-busy')).toBe('false');
});

test('a refused key shows the server’s sentence and stays in the field to be corrected', async () => {
  await settingsPanel();
  pageElement('settings-key').value = 'lk_revoked_revoked';
  await submit();
  expect(status().dataset.tone).toBe('error');
  expect(status().textContent).toMatch(/rejected this API key/);
  expect(pageElement('settings-key').value).toBe('lk_revoked_revoked');
});

const confirmArea = () => pageElement('settings-remove-confirm');
const answerRemoval = (answer: 'yes' | 'no') => click(confirmArea().querySelector(`[data-confirm="${answer}"]`)!);

test('Remove key asks first, saying what stops, and sends nothing until confirmed', async () => {
  await settingsPanel();
  click(pageElement('settings-remove-key'));
  await settle();
  expect(confirmArea().textContent).toContain(REMOVE_KEY_QUESTION);
  expect(REMOVE_KEY_QUESTION).toMatch(/formulas/i);
  expect(REMOVE_KEY_QUESTION).toMatch(/scheduled refreshes stop/);
  expect(pageElement('settings-remove-key').hidden).toBe(true);
  expect(document.activeElement).toBe(confirmArea().querySelector('[data-confirm="yes"]'));
  expect(saves()).toEqual([]);
});

test('keeping the key sends nothing, and Remove key is offered again with the focus on it', async () => {
  const { views } = await settingsPanel();
  click(pageElement('settings-remove-key'));
  await settle();
  answerRemoval('no');
  await settle();
  expect(saves()).toEqual([]);
  expect(confirmArea().children).toHaveLength(0);
  expect(pageElement('settings-remove-key').hidden).toBe(false);
  expect(document.activeElement).toBe(pageElement('settings-remove-key'));
  expect(views.map((view) => view.hasKey)).toEqual([true]);
});

test('confirmed, Remove key sends an empty key, then puts the focus where a new key goes', async () => {
  const { views } = await settingsPanel();
  click(pageElement('settings-remove-key'));
  await settle();
  answerRemoval('yes');
  await settle();
  expect(saves()).toEqual([{ apiKey: '' }]);
  expect(status().textContent).toBe('Key removed.');
  expect(confirmArea().children).toHaveLength(0);
  expect(pageElement('settings-remove-key').hidden).toBe(true);
  expect(document.activeElement).toBe(pageElement('settings-key'));
  expect(views.at(-1)?.hasKey).toBe(false);
});

test('a removal the server refuses says why and offers Remove key again', async () => {
  await settingsPanel();
  served.fake.failNext('saveSettings', 'Settings could not be saved.');
  click(pageElement('settings-remove-key'));
  await settle();
  answerRemoval('yes');
  await settle();
  expect([status().textContent, status().dataset.tone]).toEqual(['Settings could not be saved.', 'error']);
  expect(pageElement('settings-remove-key').hidden).toBe(false);
});

test('a key stored with a warning shows the warning, and the status points to it', async () => {
  await settingsPanel();
  served.fake.keyWarning = 'The service could not be reached to verify the key.';
  pageElement('settings-key').value = 'lk_another_9999';
  await submit();
  const warning = pageElement('settings-key-warning');
  expect([warning.hidden, warning.textContent]).toEqual([false, served.fake.keyWarning]);
  expect(status().dataset.tone).toBe('info');
  expect(status().textContent).toContain('warning');
});

test('a saved budget shows the formulas’ spend against it at once; other changes read no usage', async () => {
  await settingsPanel();
  pageElement('settings-tier').value = '1';
  await submit();
  expect(served.fake.callsOf('getUsage')).toHaveLength(0);
  pageElement('settings-budget').value = '50';
  await submit();
  expect(served.fake.callsOf('getUsage')).toHaveLength(1);
  expect(pageElement('usage-formulas-today').textContent).toBe(`${served.fake.usage.formulas.today} of 50`);
});

test('the fields and Save wait for the saved settings, so a choice made early is not overwritten by them', async () => {
  mountSettingsPanel();
  const panel = new SettingsPanel(() => undefined);
  const loading = panel.load();
  const controls = ['settings-key', 'settings-budget', 'settings-base-url', 'settings-tier', 'settings-save'];
  expect(controls.map((id) => pageElement(id).disabled)).toEqual(controls.map(() => true));
  await loading;
  expect(controls.map((id) => pageElement(id).disabled)).toEqual(controls.map(() => false));
});

test('after settings that cannot be read, the fields still take a new key', async () => {
  served.fake.failNext('getSettings', 'You are not signed in.');
  await settingsPanel();
  expect(pageElement('settings-key').disabled).toBe(false);
  expect(pageElement('settings-save').disabled).toBe(false);
});
