// A confirm step shown in place, not a browser dialog: the question with a button that goes ahead and one that
// keeps things as they are (Escape too). The question is data-safe text.
import { el } from './dom';

export interface ConfirmQuestion {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  /** The confirm button looks destructive (cancelling work). */
  danger?: boolean;
}

export interface ConfirmStep {
  element: HTMLElement;
  /** Resolves to true when the user confirmed, false when they kept things as they are. */
  answer: Promise<boolean>;
  /** Puts the keyboard on the confirm button. */
  focus(): void;
  /** Answers "keep" for the user, when what was asked about went away. */
  dismiss(): void;
}

let steps = 0;

export function confirmStep(question: ConfirmQuestion): ConfirmStep {
  let settle: (confirmed: boolean) => void = () => undefined;
  const answer = new Promise<boolean>((resolve) => (settle = resolve));
  const confirm = el(
    'button',
    { type: 'button', class: `button ${question.danger ? 'button-danger' : 'button-primary'}`, 'data-confirm': 'yes' },
    question.confirmLabel,
  );
  const keep = el(
    'button',
    { type: 'button', class: 'button button-secondary', 'data-confirm': 'no' },
    question.keepLabel,
  );
  const text = el('p', { class: 'confirm-question' }, question.question);
  const element = el(
    'div',
    { class: 'confirm', role: 'group' },
    text,
    el('div', { class: 'confirm-actions' }, confirm, keep),
  );
  text.id = `confirm-question-${++steps}`;
  element.setAttribute('aria-labelledby', text.id);
  confirm.addEventListener('click', () => settle(true));
  keep.addEventListener('click', () => settle(false));
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    settle(false);
  });
  return { element, answer, focus: () => confirm.focus(), dismiss: () => settle(false) };
}
