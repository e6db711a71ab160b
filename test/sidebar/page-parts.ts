// The parts of src/sidebar/Sidebar.html that the Enrich units find by id, mounted in the fake page (only the ids,
// tags and starting state they read).
import { mount } from './fake-document';

/** The Enrich form: selection, operation radios (Profile scrape checked), fields, overwrite, Preview and Start. */
export function mountEnrichForm(): void {
  const form = mount('form', { id: 'enrich-form' });
  mount('div', { id: 'enrich-selection' }, form);
  mount('p', { id: 'enrich-selection-error', hidden: '' }, form);
  mount('button', { id: 'enrich-use-selection' }, form);
  for (const operation of ['scrape', 'profile', 'contacts']) {
    mount('input', { type: 'radio', name: 'enrich-operation', value: operation }, form).checked =
      operation === 'scrape';
  }
  mount('textarea', { id: 'enrich-fields' }, form);
  mount('p', { id: 'enrich-fields-error', hidden: '' }, form);
  mount('p', { id: 'enrich-fields-defaults' }, form);
  mount('input', { id: 'enrich-field-filter' }, form);
  mount('ul', { id: 'enrich-field-choices' }, form);
  mount('p', { id: 'enrich-field-more' }, form);
  mount('input', { id: 'enrich-overwrite', type: 'checkbox' }, form);
  mount('button', { id: 'enrich-preview', type: 'submit' }, form);
  mount('button', { id: 'enrich-start' }, form);
  mount('p', { id: 'enrich-start-hint' }, form);
  mount('div', { id: 'enrich-preview-result', hidden: '' }, form);
  mount('div', { id: 'enrich-confirm' }, form);
  mount('p', { id: 'enrich-status' }, form);
}

/** The runs list with its empty note and the loop note. */
export function mountRunList(): void {
  mount('p', { id: 'enrich-loop-note', hidden: '' });
  mount('p', { id: 'runs-empty' });
  mount('ul', { id: 'run-list' });
}

/** The notice shown without a key, with its button to Settings. */
export function mountEnrichKeyWarning(): void {
  const notice = mount('p', { id: 'enrich-key-warning', hidden: '' });
  mount('button', { id: 'enrich-key-warning-settings' }, notice);
}
