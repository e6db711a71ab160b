// "What changed": the changes refreshes logged, of one run or of the whole document, newest first, with a filter by
// kind. Each entry is a button that selects the changed cell in the sheet. Old and new values are API text: they are
// shortened for display and always set as text, never markup.
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind } from '../core/contract';
import { errorMessage, shorten } from '../core/text';
import { errorLine, say } from './card-panel';
import { el } from './dom';
import { whenText } from './refreshes';
import { server } from './server';

/** How much of an old or new value an entry shows; the changes sheet keeps it whole. */
export const VALUE_SHOWN = 80;
const ALL_KINDS = '';

export interface ChangesViewOptions {
  /** One run's changes; null: the whole document's. */
  runId: string | null;
  /** Names the view for screen readers, such as the run's title. */
  label: string;
  onClose(): void;
}

/** `“old” → “new”`, each value on one line and shortened; a blank one as "(blank)". */
export function valuesText(change: Pick<ChangeEntry, 'old' | 'new'>): string {
  const shown = (value: ChangeEntry['old']) => {
    const text = shorten(String(value), VALUE_SHOWN);
    return text === '' ? '(blank)' : `“${text}”`;
  };
  return `${shown(change.old)} → ${shown(change.new)}`;
}

/** "Row 12 · Mon 30 Nov, 09:00", with the sheet when the list spans the document. */
export function whereText(change: ChangeEntry, withSheet: boolean): string {
  const row = withSheet ? `${change.sheetName}, row ${change.row}` : `Row ${change.row}`;
  const when = whenText(change.detectedAt);
  return when === '' ? row : `${row} · ${when}`;
}

/** The kinds present, in the fixed order, each with how many entries it has. */
export function kindChoices(changes: readonly ChangeEntry[]): Array<[ChangeKind, number]> {
  return CHANGE_KINDS.map((kind): [ChangeKind, number] => [
    kind,
    changes.filter((change) => change.change === kind).length,
  ]).filter(([, n]) => n > 0);
}

export class ChangesView {
  readonly element: HTMLElement;
  private readonly filter = el('select', { class: 'changes-filter' });
  private readonly list = el('ul', { class: 'changes-list' });
  private readonly empty = el('p', { class: 'jobs-empty', hidden: true });
  private readonly note = el('p', { class: 'hint', role: 'status' });
  private readonly error = errorLine();
  private changes: ChangeEntry[] = [];

  constructor(private readonly options: ChangesViewOptions) {
    const close = el('button', { type: 'button', class: 'link-button' }, 'Close');
    close.addEventListener('click', () => options.onClose());
    this.filter.addEventListener('change', () => this.draw());
    this.list.addEventListener('click', (event) => {
      const entry = (event.target as Element).closest<HTMLElement>('[data-change]');
      if (entry) void this.select(Number(entry.dataset.change));
    });
    this.element = el(
      'div',
      { class: 'card-panel changes-view', role: 'group', 'aria-label': `What changed: ${options.label}` },
      el('div', { class: 'panel-head' }, el('p', { class: 'panel-title' }, 'What changed'), close),
      el('label', { class: 'panel-field' }, 'Show ', this.filter),
      this.empty,
      this.list,
      this.note,
      this.error,
    );
    this.note.textContent = 'Loading the changes…';
  }

  focus(): void {
    this.filter.focus();
  }

  async load(): Promise<void> {
    try {
      this.changes = await server.listChanges(this.options.runId);
      this.note.textContent = '';
    } catch (error) {
      this.note.textContent = '';
      say(this.error, `Could not list the changes: ${errorMessage(error)}`);
      return;
    }
    this.filter.replaceChildren(
      el('option', { value: ALL_KINDS }, `All kinds (${this.changes.length.toLocaleString('en-US')})`),
      ...kindChoices(this.changes).map(([kind, n]) => el('option', { value: kind }, `${kind} (${n})`)),
    );
    this.draw();
  }

  private draw(): void {
    const kind = this.filter.value;
    const shown = this.changes
      .map((change, index) => ({ change, index }))
      .filter(({ change }) => kind === ALL_KINDS || change.change === kind);
    const withSheet = this.options.runId === null;
    this.list.replaceChildren(...shown.map(({ change, index }) => entry(change, index, withSheet)));
    this.empty.hidden = shown.length > 0;
    this.empty.textContent =
      this.changes.length === 0
        ? 'No changes logged yet: a refresh lists here each cell it changed.'
        : `No ${kind} changes.`;
  }

  private async select(index: number): Promise<void> {
    const change = this.changes[index];
    if (change === undefined) return;
    say(this.error, null);
    try {
      await server.selectChange(change);
      this.note.textContent = `Selected ${change.field} in ${change.sheetName}, row ${change.row}.`;
    } catch (error) {
      say(this.error, errorMessage(error));
    }
  }
}

function entry(change: ChangeEntry, index: number, withSheet: boolean): HTMLLIElement {
  const shownField = shorten(change.field, VALUE_SHOWN);
  return el(
    'li',
    {},
    el(
      'button',
      { type: 'button', class: 'change-entry', 'data-change': index, title: 'Select this cell in the sheet' },
      el('span', { class: 'change-kind' }, change.change),
      el('span', { class: 'change-field' }, shownField),
      el('span', { class: 'change-values' }, valuesText(change)),
      el('span', { class: 'change-where' }, whereText(change, withSheet)),
    ),
  );
}
