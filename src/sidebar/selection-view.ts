// The selection as the Enrich panel shows it: where it is, how many input rows, the header, what the inputs look
// like and a few of them. Every value from the sheet is set as text.
import type { InputKind, SelectionInfo } from '../core/contract';
import { el } from './dom';
import { count } from './summaries';

export const KIND_LABELS: Record<InputKind, string> = {
  profile_url: 'profile URLs',
  email: 'emails',
  phone: 'phone numbers',
  mixed: 'a mix of profile URLs, emails and phones',
  unknown: 'no recognisable inputs',
};

export function renderSelection(selection: SelectionInfo): HTMLElement {
  const header =
    selection.headerRow === null ? 'No header row' : `Header “${selection.header ?? ''}” in row ${selection.headerRow}`;
  return el(
    'div',
    { class: 'selection-card' },
    el('p', { class: 'selection-range' }, `${selection.sheetName}!${selection.inputA1}`),
    el('p', {}, `${count(selection.rows, 'input row')} · ${header}`),
    el('p', {}, `Looks like: ${KIND_LABELS[selection.kind] ?? selection.kind}`),
    selection.sample.length > 0 &&
      el(
        'ul',
        { class: 'selection-sample', 'aria-label': 'First inputs' },
        ...selection.sample.map((value) => el('li', {}, value)),
      ),
  );
}
