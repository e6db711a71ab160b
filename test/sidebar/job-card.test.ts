// Job cards render server text as text. jsdom is not installed, so a minimal document stands in: it builds a tree
// from createElement / createTextNode / setAttribute / append, and throws on any API that parses markup.
import { renderJobCard } from '../../src/sidebar/job-card';
import { fakeJob } from '../browser/fake-server';

const XSS = '<img src=x onerror=alert(1)>';

class FakeText {
  constructor(readonly data: string) {}
}

class FakeElement {
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

function elements(root: FakeElement): FakeElement[] {
  return [root, ...root.childNodes.flatMap((node) => (node instanceof FakeElement ? elements(node) : []))];
}

function texts(root: FakeElement): string[] {
  return root.childNodes.flatMap((node) => (node instanceof FakeText ? [node.data] : texts(node)));
}

beforeAll(() => {
  (globalThis as { document?: unknown }).document = {
    createElement: (tag: string) => new FakeElement(tag.toUpperCase()),
    createTextNode: (data: string) => new FakeText(data),
  };
});

afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
});

test('a job whose query, message, error and sheet name hold markup renders it as text, creating no element', () => {
  const job = fakeJob({ jobId: 'j1', query: XSS, message: XSS, error: XSS, sheetName: XSS, status: 'error' });
  const card = renderJobCard(job) as unknown as FakeElement;

  const tags = new Set(elements(card).map((element) => element.tagName));
  expect([...tags].sort()).toEqual(['BUTTON', 'DIV', 'LI', 'P', 'SPAN']);
  expect(texts(card).filter((text) => text === XSS)).toHaveLength(3);
});

test('a running job gets a progress bar and a Cancel button; a finished one does not', () => {
  const running = renderJobCard(
    fakeJob({ jobId: 'j2', query: 'q', status: 'processing', chunksProcessed: 2, totalChunks: 4 }),
  ) as unknown as FakeElement;
  const progress = elements(running).find((element) => element.tagName === 'PROGRESS');
  expect(progress?.attributes.get('value')).toBe('2');
  expect(progress?.attributes.get('max')).toBe('4');
  const actions = elements(running)
    .map((element) => element.attributes.get('data-action'))
    .filter(Boolean);
  expect(actions).toEqual(['open', 'cancel']);

  const cancelled = renderJobCard(fakeJob({ jobId: 'j3', query: 'q', status: 'cancelled' })) as unknown as FakeElement;
  expect(elements(cancelled).some((element) => element.tagName === 'PROGRESS')).toBe(false);
  expect(
    elements(cancelled)
      .map((element) => element.attributes.get('data-action'))
      .filter(Boolean),
  ).toEqual(['open']);
});
