// jsdom is not installed, so a small document stands in for unit tests of the sidebar: a tree built with
// createElement / createTextNode / setAttribute / append, the properties the sidebar reads (id, hidden, disabled,
// dataset, textContent, value, checked), simple compound selectors, bubbling events and the keyboard focus. It throws
// on any API that parses markup, and on a selector it does not understand, so a test never passes by accident.

export type FakeNode = FakeElement | FakeText;

export class FakeText {
  readonly nodeType = 3;
  readonly nodeName = '#text';
  parentNode: FakeElement | null = null;
  constructor(public data: string) {}
  get nodeValue(): string {
    return this.data;
  }
  set nodeValue(value: string) {
    this.data = value;
  }
  get textContent(): string {
    return this.data;
  }
  remove(): void {
    this.parentNode?.removeChild(this);
  }
}

export interface FakeEvent {
  type: string;
  target: FakeElement;
  key?: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

type Listener = (event: FakeEvent) => unknown;

export class FakeElement {
  readonly nodeType = 1;
  readonly childNodes: FakeNode[] = [];
  parentNode: FakeElement | null = null;
  /** The live value of a form control; reads fall back to the value attribute, as an untouched input does. */
  private typed: string | undefined;
  checked = false;
  private readonly attributeMap = new Map<string, string>();
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly tagName: string) {}

  get nodeName(): string {
    return this.tagName;
  }
  get nodeValue(): null {
    return null;
  }

  // ---------- Attributes and the properties that reflect them ----------

  get attributes(): Array<{ name: string; value: string }> {
    return [...this.attributeMap].map(([name, value]) => ({ name, value }));
  }
  getAttribute(name: string): string | null {
    return this.attributeMap.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributeMap.set(name, String(value));
  }
  hasAttribute(name: string): boolean {
    return this.attributeMap.has(name);
  }
  removeAttribute(name: string): void {
    this.attributeMap.delete(name);
  }
  private flag(name: string, on: boolean): void {
    if (on) this.setAttribute(name, '');
    else this.removeAttribute(name);
  }
  get id(): string {
    return this.getAttribute('id') ?? '';
  }
  set id(value: string) {
    this.setAttribute('id', value);
  }
  get hidden(): boolean {
    return this.hasAttribute('hidden');
  }
  set hidden(on: boolean) {
    this.flag('hidden', on);
  }
  get disabled(): boolean {
    return this.hasAttribute('disabled');
  }
  set disabled(on: boolean) {
    this.flag('disabled', on);
  }
  get tabIndex(): number {
    return Number(this.getAttribute('tabindex') ?? 0);
  }
  set tabIndex(value: number) {
    this.setAttribute('tabindex', String(value));
  }
  get value(): string {
    return this.typed ?? this.getAttribute('value') ?? '';
  }
  set value(value: string) {
    this.typed = value;
  }
  /** data-* attributes by camelCase name, as HTMLElement.dataset. */
  get dataset(): Record<string, string | undefined> {
    const attribute = (key: string | symbol) => `data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    return new Proxy({} as Record<string, string | undefined>, {
      get: (_target, key) => this.getAttribute(attribute(key)) ?? undefined,
      set: (_target, key, value) => (this.setAttribute(attribute(key), String(value)), true),
      deleteProperty: (_target, key) => (this.removeAttribute(attribute(key)), true),
    });
  }

  // ---------- The tree ----------

  get textContent(): string {
    return this.childNodes.map((node) => node.textContent).join('');
  }
  set textContent(text: string) {
    this.replaceChildren(...(text === '' ? [] : [new FakeText(text)]));
  }
  get children(): FakeElement[] {
    return this.childNodes.filter((node): node is FakeElement => node instanceof FakeElement);
  }
  append(...nodes: unknown[]): void {
    for (const node of nodes) this.insertBefore(node, null);
  }
  insertBefore(node: unknown, before: FakeNode | null): void {
    if (!(node instanceof FakeElement || node instanceof FakeText)) throw new Error(`append got ${typeof node}`);
    node.parentNode?.removeChild(node);
    const index = before === null ? -1 : this.childNodes.indexOf(before);
    if (index === -1) this.childNodes.push(node);
    else this.childNodes.splice(index, 0, node);
    node.parentNode = this;
  }
  replaceChild(node: FakeNode, old: FakeNode): void {
    this.insertBefore(node, old);
    this.removeChild(old);
  }
  removeChild(node: FakeNode): void {
    const index = this.childNodes.indexOf(node);
    if (index === -1) throw new Error('removeChild of a node that is not a child');
    this.childNodes.splice(index, 1);
    node.parentNode = null;
  }
  replaceChildren(...nodes: unknown[]): void {
    for (const child of [...this.childNodes]) this.removeChild(child);
    this.append(...nodes);
  }
  remove(): void {
    this.parentNode?.removeChild(this);
  }
  contains(node: unknown): boolean {
    for (let at = node as FakeNode | null; at; at = at.parentNode) if (at === this) return true;
    return false;
  }
  closest(selector: string): FakeElement | null {
    return this.matches(selector) ? this : (this.parentNode?.closest(selector) ?? null);
  }
  matches(selector: string): boolean {
    return parseSelector(selector).every((test) => test(this));
  }
  querySelectorAll(selector: string): FakeElement[] {
    return elements(this)
      .slice(1)
      .filter((element) => element.matches(selector));
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  // ---------- Events and focus ----------

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Runs this element's listeners for `event`; bubbling is dispatch's work. */
  handle(event: FakeEvent): void {
    for (const listener of this.listeners.get(event.type) ?? []) void listener(event);
  }
  focus(): void {
    focusElement(this);
  }
  /** How often the page asked to bring this element into view. */
  scrolledIntoView = 0;
  scrollIntoView(): void {
    this.scrolledIntoView++;
  }

  // ---------- Markup parsing is refused ----------

  set innerHTML(_markup: string) {
    throw new Error('innerHTML used');
  }
  set outerHTML(_markup: string) {
    throw new Error('outerHTML used');
  }
  insertAdjacentHTML(): void {
    throw new Error('insertAdjacentHTML used');
  }
}

/** A compound selector ("button[data-action]", ".card", '[data-confirm="yes"]') as tests on one element. */
function parseSelector(selector: string): Array<(element: FakeElement) => boolean> {
  const part = /^(?:([a-z]+)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'))?\])/i;
  const tests: Array<(element: FakeElement) => boolean> = [];
  for (let rest = selector.trim(); rest !== '';) {
    const match = part.exec(rest);
    if (match === null) throw new Error(`The fake document does not understand the selector ${selector}`);
    const [whole, tag, className, id, attribute, double, single] = match;
    const value = double ?? single;
    if (tag) tests.push((element) => element.tagName === tag.toUpperCase());
    if (className) tests.push((element) => (element.getAttribute('class') ?? '').split(/\s+/).includes(className));
    if (id) tests.push((element) => element.id === id);
    if (attribute) {
      tests.push((element) =>
        value === undefined ? element.hasAttribute(attribute) : element.getAttribute(attribute) === value,
      );
    }
    rest = rest.slice(whole.length);
  }
  return tests;
}

let body = new FakeElement('BODY');
let focused: FakeElement | null = null;
let hidden = false;
/** The document's own listeners: events reach them after bubbling through the body. */
let documentListeners = new FakeElement('#document');

function focusElement(element: FakeElement): void {
  focused = element;
}

/** The page's body: tests mount what the unit looks up by id here. */
export function page(): FakeElement {
  return body;
}

function attached(element: FakeElement): boolean {
  return body.contains(element);
}

const fakeDocument = {
  createElement: (tag: string) => new FakeElement(tag.toUpperCase()),
  createTextNode: (data: string) => new FakeText(data),
  getElementById: (id: string) => elements(body).find((element) => element.id === id) ?? null,
  querySelectorAll: (selector: string) => body.querySelectorAll(selector),
  get body() {
    return body;
  },
  get hidden() {
    return hidden;
  },
  addEventListener: (type: string, listener: Listener) => documentListeners.addEventListener(type, listener),
  /** A focused element that left the page gives the focus back to the body, as in a browser. */
  get activeElement() {
    return focused !== null && attached(focused) ? focused : body;
  },
};

/** Delivers an event to `target` and then to each ancestor; resolves once every listener's own work has settled. */
export function dispatch(target: FakeElement, type: string, init: { key?: string } = {}): FakeEvent {
  const event: FakeEvent = {
    type,
    target,
    ...init,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  for (let at: FakeElement | null = target; at; at = at.parentNode) at.handle(event);
  if (attached(target)) documentListeners.handle(event);
  return event;
}

/** The page goes out of sight (or back), telling the document's listeners. */
export function setPageHidden(isHidden: boolean): void {
  hidden = isHidden;
  dispatch(body, 'visibilitychange');
}

/** A user's click: a disabled button takes none, as in a browser. */
export function click(target: FakeElement): void {
  if (!target.disabled) dispatch(target, 'click');
}

/** Types `text` into a field, as the user would: the value changes, then an input event. */
export function typeInto(field: FakeElement, text: string): void {
  field.value = text;
  dispatch(field, 'input');
}

/** Builds an element and places it in the page (or under `parent`): the elements a unit finds by id. */
export function mount(
  tag: string,
  attributes: Record<string, string> = {},
  parent: FakeElement = body,
  ...children: FakeNode[]
): FakeElement {
  const element = new FakeElement(tag.toUpperCase());
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  parent.append(element);
  return element;
}

/** The element with this id in the page; fails when the page has none. */
export function pageElement(id: string): FakeElement {
  const element = fakeDocument.getElementById(id);
  if (element === null) throw new Error(`No #${id} in the fake page`);
  return element;
}

export function elements(root: FakeElement): FakeElement[] {
  return [root, ...root.childNodes.flatMap((node) => (node instanceof FakeElement ? elements(node) : []))];
}

export function texts(root: FakeElement): string[] {
  return root.childNodes.flatMap((node) => (node instanceof FakeText ? [node.data] : texts(node)));
}

/** The data-action of every button, in order. */
export function actions(root: FakeElement): string[] {
  return elements(root)
    .map((element) => element.getAttribute('data-action'))
    .filter((action): action is string => action !== null);
}

/** Lets every answer already given (promise callbacks, setImmediate) run, without waiting for any length of time. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Installs the fake document, with Element and HTMLElement for instanceof, and an empty page for each test. */
export function useFakeDocument(): void {
  const globals = globalThis as Record<string, unknown>;
  beforeAll(() => {
    globals.document = fakeDocument;
    globals.Element = FakeElement;
    globals.HTMLElement = FakeElement;
  });
  beforeEach(() => {
    body = new FakeElement('BODY');
    focused = null;
    hidden = false;
    documentListeners = new FakeElement('#document');
  });
  afterAll(() => {
    delete globals.document;
    delete globals.Element;
    delete globals.HTMLElement;
  });
}

/** The fake element behind a DOM type the unit returns. */
export function fake(node: unknown): FakeElement {
  if (!(node instanceof FakeElement)) throw new Error('not a fake element');
  return node;
}

/** The DOM type a unit takes, backed by a fake element. */
export function real<T>(element: FakeElement): T {
  return element as unknown as T;
}
