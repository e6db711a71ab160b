// The parts of src/sidebar/Sidebar.html that the sidebar's units find by id, mounted in the fake page (only the ids,
// tags and starting state they read).
import { mount } from './fake-document';

/**
 * The Enrich form: selection, the fieldset the operation radios are built in, fields, overwrite, the preview, Preview
 * and Start.
 */
export function mountEnrichForm(): void {
  const form = mount('form', { id: 'enrich-form' });
  mount('div', { id: 'enrich-selection' }, form);
  mount('p', { id: 'enrich-selection-error', hidden: '' }, form);
  mount('button', { id: 'enrich-use-selection' }, form);
  mount('fieldset', { id: 'enrich-operations' }, form);
  mount('textarea', { id: 'enrich-fields' }, form);
  mount('p', { id: 'enrich-fields-error', hidden: '' }, form);
  mount('p', { id: 'enrich-fields-defaults' }, form);
  const presets = mount('fieldset', { id: 'enrich-presets', hidden: '' }, form);
  mount('ul', { id: 'enrich-preset-choices' }, presets);
  mount('input', { id: 'enrich-field-filter' }, form);
  mount('ul', { id: 'enrich-field-choices' }, form);
  mount('p', { id: 'enrich-field-more' }, form);
  mount('input', { id: 'enrich-overwrite', type: 'checkbox' }, form);
  mount('input', { id: 'enrich-output-column' }, form);
  mount('div', { id: 'enrich-preview-result', hidden: '' }, form);
  mount('p', { id: 'enrich-start-hint' }, form);
  mount('button', { id: 'enrich-preview', type: 'submit' }, form);
  mount('button', { id: 'enrich-start' }, form);
  mount('div', { id: 'enrich-confirm' }, form);
  mount('p', { id: 'enrich-status' }, form);
}

/** The runs list with its empty note and the loop note, and the document's What changed button and view. */
export function mountRunList(): void {
  mount('button', { id: 'enrich-changes', hidden: '', 'aria-expanded': 'false' });
  mount('div', { id: 'enrich-changes-view' });
  mount('p', { id: 'enrich-loop-note', hidden: '' });
  mount('p', { id: 'runs-empty' });
  mount('ul', { id: 'run-list' });
}

/** The notice shown without a key, with its button to Settings. */
export function mountEnrichKeyWarning(): void {
  const notice = mount('p', { id: 'enrich-key-warning', hidden: '' });
  mount('button', { id: 'enrich-key-warning-settings' }, notice);
}

/** The research form, its key notice, the loop note and the job list. */
export function mountResearchPanel(): void {
  const form = mount('form', { id: 'research-form' });
  mount('textarea', { id: 'research-query' }, form);
  mount('p', { id: 'research-query-error', hidden: '' }, form);
  mount('input', { id: 'research-limit', value: '25' }, form);
  mount('p', { id: 'research-limit-error', hidden: '' }, form);
  mount('select', { id: 'research-columns', value: 'essentials' }, form);
  mount('button', { id: 'research-start', type: 'submit' }, form);
  mount('p', { id: 'research-status' }, form);
  const notice = mount('p', { id: 'key-warning', hidden: '' });
  mount('button', { id: 'key-warning-settings' }, notice);
  mount('p', { id: 'research-loop-note', hidden: '' });
  mount('p', { id: 'jobs-empty' });
  mount('ul', { id: 'job-list' });
}

/** The settings form and the credits-spent table. */
export function mountSettingsPanel(): void {
  const form = mount('form', { id: 'settings-form' });
  mount('span', { id: 'settings-key-state' }, form);
  mount('button', { id: 'settings-remove-key', hidden: '' }, form);
  mount('div', { id: 'settings-remove-confirm' }, form);
  mount('p', { id: 'settings-key-warning', hidden: '' }, form);
  mount('input', { id: 'settings-key' }, form);
  mount('input', { id: 'settings-base-url' }, form);
  mount('select', { id: 'settings-tier' }, form);
  mount('input', { id: 'settings-budget' }, form);
  mount('p', { id: 'settings-budget-error', hidden: '' }, form);
  mount('button', { id: 'settings-save', type: 'submit' }, form);
  mount('p', { id: 'settings-status' }, form);
  for (const id of ['usage-formulas-today', 'usage-formulas-month', 'usage-mine-today', 'usage-mine-month']) {
    mount('td', { id });
  }
  mount('p', { id: 'usage-budget' });
  mount('p', { id: 'usage-note' });
}

/** The tab buttons and their panels (the panels' content is mounted on its own). */
export function mountTabs(): void {
  for (const panel of ['research', 'enrich', 'settings']) {
    mount('button', { id: `tab-${panel}`, role: 'tab' });
    mount('section', { id: `panel-${panel}`, hidden: '' });
  }
}

/** The consent notice above the panels: its text and its Allow button. */
export function mountConsentNotice(): void {
  const notice = mount('p', { id: 'consent-notice', hidden: '' });
  mount('span', { id: 'consent-notice-text' }, notice);
  mount('button', { id: 'consent-allow' }, notice);
}
