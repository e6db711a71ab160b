// The Enrich form: it reads the selection (choosing Contacts for emails and phones), lists the operation's fields,
// previews what a run would do and cost, and starts only after the user confirms that figure. Any change makes the
// preview stale and shuts Start until a fresh one.
import type { RunSummary } from '../../src/core/contract';
import { JOB_CHANGES_FIELDS } from '../../src/core/refresh/job-changes';
import { EnrichForm } from '../../src/sidebar/enrich-form';
import { costText } from '../../src/sidebar/preview-view';
import { StatusLine } from '../../src/sidebar/status-line';
import { count } from '../../src/sidebar/summaries';
import { FIELD_CHOICES, fakeSelection } from '../browser/fake-server';
import { click, dispatch, pageElement, real, settle, texts, useFakeDocument, type FakeElement } from './fake-document';
import { mountEnrichForm } from './page-parts';
import { useFakeServer } from './script-run';

useFakeDocument();
const served = useFakeServer(() => ({ apiKey: 'lk_abcdefgh1234' }));

async function enrichForm() {
  mountEnrichForm();
  const started: RunSummary[] = [];
  const enrich = new EnrichForm(new StatusLine(real<HTMLElement>(pageElement('enrich-status'))), (run) =>
    started.push(run),
  );
  await enrich.load();
  await settle();
  return { enrich, started };
}

const status = () => pageElement('enrich-status');
const start = () => pageElement('enrich-start');
const previewShown = () => !pageElement('enrich-preview-result').hidden;
const radio = (operation: string) =>
  pageElement('enrich-form').querySelector(`input[name="enrich-operation"][value="${operation}"]`) as FakeElement;
const chips = () =>
  pageElement('enrich-field-choices')
    .querySelectorAll('[data-field]')
    .map((chip) => chip.getAttribute('data-field'));
const previews = () => served.fake.callsOf('previewEnrichment').map(([request]) => request);

/** The user picks an operation: its radio alone checked, then the change event. */
async function choose(operation: string): Promise<void> {
  for (const other of ['scrape', 'profile', 'contacts']) radio(other).checked = other === operation;
  dispatch(radio(operation), 'change');
  await settle();
}

async function preview(): Promise<void> {
  dispatch(pageElement('enrich-form'), 'submit');
  await settle();
}

test('the selection shows, the scrape fields are listed, and Start waits for a preview', async () => {
  await enrichForm();
  const { sheetName, inputA1 } = served.fake.selection!;
  expect(texts(pageElement('enrich-selection'))).toContain(`${sheetName}!${inputA1}`);
  expect(chips()).toEqual(FIELD_CHOICES.scrape.fields);
  expect(start().disabled).toBe(true);
  expect(pageElement('enrich-start-hint').hidden).toBe(false);
});

test.each(['email', 'phone'] as const)('a selection of %ss chooses Contacts and lists its fields', async (kind) => {
  served.fake.selection = fakeSelection({ kind, sample: ['x'] });
  await enrichForm();
  expect(radio('contacts').checked).toBe(true);
  expect(radio('scrape').checked).toBe(false);
  expect(chips()).toEqual(FIELD_CHOICES.contacts.fields);
});

test('a selection that cannot be used is said under it; a preview then asks for one', async () => {
  served.fake.selection = null;
  await enrichForm();
  const problem = pageElement('enrich-selection-error');
  expect(problem.hidden).toBe(false);
  expect(problem.textContent).toMatch(/Select one column/);
  await preview();
  expect(previews()).toEqual([]);
  expect(status().dataset.tone).toBe('error');
});

test('Preview sends the form as it stands, shows the answer and opens Start', async () => {
  await enrichForm();
  pageElement('enrich-fields').value = 'name; headline';
  pageElement('enrich-overwrite').checked = true;
  await preview();
  const { sheetName, inputA1 } = served.fake.selection!;
  expect(previews()).toEqual([
    { sheetName, inputA1, operation: 'scrape', overwrite: true, fields: ['name', 'headline'] },
  ]);
  expect(previewShown()).toBe(true);
  expect(start().disabled).toBe(false);
  expect(pageElement('enrich-start-hint').hidden).toBe(true);
  // The preview above Start pushed it down: Start, with the counts above it, is brought back into view.
  expect(start().scrolledIntoView).toBe(1);
});

test('a start column is sent as typed, without spaces; empty, none is sent', async () => {
  await enrichForm();
  pageElement('enrich-output-column').value = ' F ';
  await preview();
  pageElement('enrich-output-column').value = '';
  await preview();
  expect(previews().map((request) => (request as { outputColumn?: string }).outputColumn)).toEqual(['F', undefined]);
  expect(previews()[1]).not.toHaveProperty('outputColumn');
});

test('a preview with nothing to do says why and keeps Start shut; a change opens the way again', async () => {
  await enrichForm();
  served.fake.columnDone = true;
  await preview();
  expect(texts(pageElement('enrich-preview-result')).join(' ')).toMatch(/already done by this operation.*Overwrite/);
  expect(start().disabled).toBe(true);
  served.fake.columnDone = false;
  pageElement('enrich-overwrite').checked = true;
  dispatch(pageElement('enrich-overwrite'), 'change');
  await preview();
  expect(start().disabled).toBe(false);
});

test('with the field empty, the preview asks for the defaults by sending no fields', async () => {
  await enrichForm();
  await preview();
  expect(previews()[0]).not.toHaveProperty('fields');
});

test('Preview is shut under its busy label while the server counts', async () => {
  await enrichForm();
  dispatch(pageElement('enrich-form'), 'submit');
  expect([pageElement('enrich-preview').disabled, pageElement('enrich-preview').textContent]).toEqual([
    true,
    'Previewing…',
  ]);
  await settle();
  expect(pageElement('enrich-preview').disabled).toBe(false);
});

describe('any change makes the preview stale and shuts Start', () => {
  const changes: Array<[string, () => void]> = [
    ['typing a field', () => dispatch(pageElement('enrich-fields'), 'input')],
    ['overwrite', () => dispatch(pageElement('enrich-overwrite'), 'change')],
    ['the start column', () => dispatch(pageElement('enrich-output-column'), 'input')],
    ['the operation', () => dispatch(radio('profile'), 'change')],
    ['reading the selection again', () => click(pageElement('enrich-use-selection'))],
  ];
  it.each(changes)('%s', async (_name, change) => {
    await enrichForm();
    await preview();
    change();
    expect(previewShown()).toBe(false);
    expect(start().disabled).toBe(true);
    await settle();
  });
});

test('a profile run offers Job changes: it fills the fields, the preview goes stale, the next one sends them', async () => {
  await enrichForm();
  await choose('profile');
  await preview();
  click(pageElement('enrich-preset-choices').querySelector('[data-preset="Job changes"]')!);
  expect(previewShown()).toBe(false);
  expect(start().disabled).toBe(true);
  await preview();
  expect(previews().at(-1)).toMatchObject({
    operation: 'profile',
    fields: [...FIELD_CHOICES.profile.defaults, ...JOB_CHANGES_FIELDS],
  });
  expect(previewShown()).toBe(true);
});

test('an unknown field is refused under the fields; another refusal on the status line', async () => {
  await enrichForm();
  pageElement('enrich-fields').value = 'nmae';
  await preview();
  expect(pageElement('enrich-fields-error').textContent).toContain('Unknown field "nmae"');
  expect(status().dataset.tone).not.toBe('error');
  pageElement('enrich-fields').value = '';
  served.fake.failNext('previewEnrichment', 'The sheet is protected.');
  await preview();
  expect([status().textContent, status().dataset.tone]).toEqual(['The sheet is protected.', 'error']);
  expect(start().disabled).toBe(true);
});

describe('Start', () => {
  async function confirmShown() {
    const setup = await enrichForm();
    await preview();
    click(start());
    const area = pageElement('enrich-confirm');
    const answer = (choice: 'yes' | 'no') => click(area.querySelector(`[data-confirm="${choice}"]`)!);
    return { ...setup, area, answer };
  }

  it('asks first, with the rows, the place and the credits the preview counted', async () => {
    const { area } = await confirmShown();
    const counted = served.fake.previewEnrichment(previews()[0] as never);
    const { sheetName, inputA1 } = served.fake.selection!;
    const question = area.querySelector('.confirm-question')?.textContent ?? '';
    expect(question).toContain(count(counted.toFetch, 'row'));
    expect(question).toContain(`${sheetName}!${inputA1}`);
    expect(question).toContain(costText(counted));
    expect(area.querySelector('[data-confirm="yes"]')?.textContent).toBe(`Spend ${count(counted.credits, 'credit')}`);
    expect(start().disabled).toBe(true);
    expect(document.activeElement).toBe(area.querySelector('[data-confirm="yes"]'));
  });

  it('confirmed: starts the previewed request, hands the run on and says where values go', async () => {
    const { started, answer } = await confirmShown();
    answer('yes');
    await settle();
    expect(served.fake.callsOf('startEnrichment')).toEqual([[previews()[0]]]);
    expect(started.map((run) => run.runId)).toEqual([served.fake.listEnrichments()[0].runId]);
    expect(status().dataset.tone).toBe('success');
    expect(status().textContent).toContain(served.fake.selection!.inputA1);
    expect(pageElement('enrich-confirm').childNodes).toEqual([]);
    // The preview was spent: another run needs a fresh one.
    expect(start().disabled).toBe(true);
  });

  it('kept: nothing starts, the preview stands and the focus goes back to Start', async () => {
    const { started, answer } = await confirmShown();
    answer('no');
    await settle();
    expect(served.fake.callsOf('startEnrichment')).toEqual([]);
    expect(started).toEqual([]);
    expect(start().disabled).toBe(false);
    expect(document.activeElement).toBe(start());
  });

  it('refused: the server’s sentence, and no run handed on', async () => {
    const { started, answer } = await confirmShown();
    served.fake.failNext('startEnrichment', 'No API key is set. Add your key in Settings.');
    answer('yes');
    await settle();
    expect([status().textContent, status().dataset.tone]).toEqual([
      'No API key is set. Add your key in Settings.',
      'error',
    ]);
    expect(started).toEqual([]);
  });
});

test('fields that cannot be listed are said, and asked for again; a list once read is kept', async () => {
  served.fake.failNext('enrichmentFields', 'The catalog is unavailable.');
  await enrichForm();
  expect(status().textContent).toBe('Could not list the fields: The catalog is unavailable.');
  for (const operation of ['profile', 'scrape', 'profile']) await choose(operation);
  expect(chips()).toEqual(FIELD_CHOICES.profile.fields);
  expect(served.fake.callsOf('enrichmentFields')).toEqual([['scrape'], ['profile'], ['scrape']]);
});
