// The fields a run writes: empty means the matching formula's defaults (listed underneath); names can be typed, or
// picked from the operation's catalog through a filter box. The server checks every name: an unknown one comes back
// as its sentence with the close valid names, shown under the field. A preset (profile runs: "Job changes") adds its
// names in one click.
import type { FieldChoices, FieldPreset } from '../core/contract';
import { byId, el } from './dom';
import { ValidatedField } from './form-field';

/** Enough to scan in a 300 px sidebar; the filter narrows the rest. */
const CHOICES_SHOWN = 40;

export class FieldPicker {
  readonly field = new ValidatedField(byId<HTMLTextAreaElement>('enrich-fields'));
  private readonly filter = byId<HTMLInputElement>('enrich-field-filter');
  private readonly list = byId<HTMLUListElement>('enrich-field-choices');
  private readonly more = byId('enrich-field-more');
  private readonly defaults = byId('enrich-fields-defaults');
  private readonly presetGroup = byId('enrich-presets');
  private readonly presetList = byId<HTMLUListElement>('enrich-preset-choices');
  private choices: FieldChoices = { defaults: [], fields: [], presets: [] };

  constructor(private readonly onChange: () => void) {
    this.field.input.addEventListener('input', onChange);
    this.filter.addEventListener('input', () => this.showChoices());
    this.list.addEventListener('click', (event) => {
      const name = (event.target as Element).closest<HTMLButtonElement>('button[data-field]')?.dataset.field;
      if (name !== undefined) this.add(splitNames(this.field.value), [name]);
    });
    this.presetList.addEventListener('click', (event) => {
      const name = (event.target as Element).closest<HTMLButtonElement>('button[data-preset]')?.dataset.preset;
      const preset = this.choices.presets.find((candidate) => candidate.name === name);
      // An empty field stands for the defaults: a preset adds to them rather than replacing them.
      if (preset !== undefined) this.add(this.names() ?? this.choices.defaults, preset.fields);
    });
  }

  setChoices(choices: FieldChoices): void {
    this.choices = choices;
    this.defaults.textContent =
      choices.defaults.length === 0 ? '' : `Empty: the default fields, ${choices.defaults.join(', ')}.`;
    this.showChoices();
    this.showPresets(choices.presets);
  }

  /** The names typed or picked; undefined (the defaults) when there are none. */
  names(): string[] | undefined {
    const names = splitNames(this.field.value);
    return names.length === 0 ? undefined : names;
  }

  /** The field becomes `current` then each of `added` not in it yet. */
  private add(current: readonly string[], added: readonly string[]): void {
    this.field.input.value = [...new Set([...current, ...added])].join(', ');
    this.field.clear();
    this.onChange();
  }

  private showPresets(presets: readonly FieldPreset[]): void {
    this.presetGroup.hidden = presets.length === 0;
    this.presetList.replaceChildren(
      ...presets.map(({ name, fields }) =>
        el(
          'li',
          {},
          el(
            'button',
            { type: 'button', class: 'chip', 'data-preset': name, title: `Adds ${fields.join(', ')}` },
            name,
          ),
        ),
      ),
    );
  }

  private showChoices(): void {
    const needle = this.filter.value.trim().toLowerCase();
    const matching = this.choices.fields.filter((name) => name.toLowerCase().includes(needle));
    const shown = matching.slice(0, CHOICES_SHOWN);
    this.list.replaceChildren(
      ...shown.map((name) =>
        el(
          'li',
          {},
          el('button', { type: 'button', class: 'chip', 'data-field': name, 'aria-label': `Add field ${name}` }, name),
        ),
      ),
    );
    const hidden = matching.length - shown.length;
    this.more.textContent =
      matching.length === 0 ? 'No field matches.' : hidden > 0 ? `${hidden} more: narrow the filter.` : '';
  }
}

/** Names as the formulas take them: separated by commas or semicolons, blanks dropped. */
export function splitNames(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
