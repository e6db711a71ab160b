// The selection as the Enrich panel shows it: where it is, how many input rows, the header, what the inputs look
// like and a few of them. Every value from the sheet is set as text.
import type { InputKind, SelectionInfo } from '../core/contract';
import { listed } from '../core/text';
import { el } from './dom';
import { count } from './summaries';

export const KIND_LABELS: Record<Exclude<InputKind, 'mixed'>, string> = {
  profile_url: 'profile URLs',
  email: 'emails',
  phone: 'phone numbers',
  unknown: 'no recognisable inputs',
};

/** What the inputs look like: their one kind, or a mix that names only the kinds the column holds. */
export function kindText({ kind, kinds }: Pick<SelectionInfo, 'kind' | 'kinds'>): string {
  if (kind !== 'mixed') return KIND_LABELS[kind] ?? kind;
  return `a mix of ${listed(
    kinds.map((one) => KIND_LABELS[one]),
    'and',
  )}`;
}

export function renderSelection(selection: SelectionInfo): HTMLElement {
  const header =
    selection.headerRow === null ? 'No header row' : `Header “${selection.header ?? ''}” in row ${selection.headerRow}`;
  return el(
    'div',
    { class: 'selection-card' },
    el('p', { class: 'selection-range' }, `${selection.sheetName}!${selection.inputA1}`),
    el('p', {}, `${count(selection.rows, 'input row')} · ${header}`),
    el('p', {}, `Looks like: ${kindText(selection)}`),
    selection.sample.length > 0 &&
      el(
        'ul',
        { class: 'selection-sample', 'aria-label': 'First inputs' },
        ...selection.sample.map((value) => el('li', {}, value)),
      ),
  );
}
