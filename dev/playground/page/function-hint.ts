// The argument hint under the cell whose formula is being typed, as Sheets shows it for a documented custom
// function: its call with the argument being typed in bold, what it does, that argument's description and an
// example call. Every text goes into the DOM as textContent.
import { callAt, type FunctionHelp, type ParameterHelp } from '../function-help';

export class FunctionHint {
  constructor(
    private readonly element: HTMLElement,
    private readonly functions: readonly FunctionHelp[],
  ) {}

  /** The hint for the formula `text`, its top-left corner at `at` (in the grid's coordinates); none outside a call. */
  update(text: string, at: { left: number; top: number }): void {
    const position = callAt(text, this.functions);
    if (position === null) return this.hide();
    const { help, argument } = position;
    const current: ParameterHelp | undefined = help.params[argument];
    this.element.replaceChildren(
      line('formula-hint-call', ...callParts(help, argument)),
      line('formula-hint-summary', help.summary),
      ...(current ? [line('formula-hint-param', bold(current.name), `: ${current.description}`)] : []),
      line('formula-hint-example', `Example: ${help.name}(${help.params.map((param) => param.example).join(', ')})`),
    );
    this.element.style.left = `${at.left}px`;
    this.element.style.top = `${at.top}px`;
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
  }
}

/** `NAME(a, [b], [c])`, optional arguments in brackets, the one being typed in bold. */
function callParts(help: FunctionHelp, argument: number): (string | HTMLElement)[] {
  const parts: (string | HTMLElement)[] = [`${help.name}(`];
  help.params.forEach((param, index) => {
    if (index > 0) parts.push(', ');
    const name = param.optional ? `[${param.name}]` : param.name;
    parts.push(index === argument ? bold(name) : name);
  });
  parts.push(')');
  return parts;
}

function line(className: string, ...parts: (string | HTMLElement)[]): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.append(...parts);
  return element;
}

function bold(text: string): HTMLElement {
  const element = document.createElement('b');
  element.textContent = text;
  return element;
}
