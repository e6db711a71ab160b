// The parts a panel open in a run's card is built from: a whole-number field inside its label, a line for one
// sentence of error, and reading a whole number the user typed.
import { el } from './dom';

export function numberField(label: string, value: number, min: number, after = ''): HTMLLabelElement {
  return el(
    'label',
    { class: 'panel-field' },
    `${label} `,
    el('input', { type: 'number', min, step: 1, value, inputmode: 'numeric', class: 'panel-number' }),
    after === '' ? null : ` ${after}`,
  );
}

/** The input of a field made by numberField. */
export function inputOf(field: HTMLElement): HTMLInputElement {
  return field.querySelector('input') as HTMLInputElement;
}

/** A whole number of at least `min` as typed (spaces and thousands commas allowed); null for anything else. */
export function readWholeNumber(text: string, min: number): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isSafeInteger(value) && value >= min ? value : null;
}

/** The panel's error line: one sentence, said to screen readers as it appears. */
export function errorLine(): HTMLParagraphElement {
  return el('p', { class: 'card-error', role: 'alert', hidden: true });
}

export function say(line: HTMLElement, sentence: string | null): void {
  line.textContent = sentence ?? '';
  line.hidden = sentence === null;
}
