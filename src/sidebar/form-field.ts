// An input with its own validation message underneath (#<input id>-error, named by the input's aria-describedby in
// the page), so a refusal is said where the user looks, and cleared as soon as they type.
import { byId } from './dom';

export class ValidatedField<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> {
  private readonly message: HTMLElement;

  constructor(readonly input: T) {
    this.message = byId(`${input.id}-error`);
    input.addEventListener('input', () => this.clear());
  }

  get value(): string {
    return this.input.value;
  }

  /** Shows why the value was refused and puts the cursor there. */
  reject(text: string): void {
    this.input.setAttribute('aria-invalid', 'true');
    this.message.textContent = text;
    this.message.hidden = false;
    this.input.focus();
  }

  clear(): void {
    this.input.removeAttribute('aria-invalid');
    this.message.textContent = '';
    this.message.hidden = true;
  }
}
