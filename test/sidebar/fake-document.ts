// jsdom is not installed, so a minimal document stands in for unit tests of pure renderers: it builds a tree from
// createElement / createTextNode / setAttribute / append, and throws on any API that parses markup.

export class FakeText {
  constructor(readonly data: string) {}
}

export class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly childNodes: Array<FakeElement | FakeText> = [];
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  append(...nodes: unknown[]): void {
    for (const node of nodes) {
      if (!(node instanceof FakeElement || node instanceof FakeText)) throw new Error(`append got ${typeof node}`);
      this.childNodes.push(node);
    }
  }
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

export function elements(root: FakeElement): FakeElement[] {
  return [root, ...root.childNodes.flatMap((node) => (node instanceof FakeElement ? elements(node) : []))];
}

export function texts(root: FakeElement): string[] {
  return root.childNodes.flatMap((node) => (node instanceof FakeText ? [node.data] : texts(node)));
}

/** The data-action of every button, in order. */
export function actions(root: FakeElement): string[] {
  return elements(root)
    .map((element) => element.attributes.get('data-action'))
    .filter((action): action is string => action !== undefined);
}

/** Installs the fake document for the file's tests. */
export function useFakeDocument(): void {
  beforeAll(() => {
    (globalThis as { document?: unknown }).document = {
      createElement: (tag: string) => new FakeElement(tag.toUpperCase()),
      createTextNode: (data: string) => new FakeText(data),
    };
  });
  afterAll(() => {
    delete (globalThis as { document?: unknown }).document;
  });
}
