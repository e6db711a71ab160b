// README "Research jobs": while the sidebar is open it checks unfinished jobs every 10 seconds. The page takes the
// interval from its body's data-poll-ms (src/sidebar/Sidebar.html), falling back to its own default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPLATE = readFileSync(join(__dirname, '..', '..', 'src', 'sidebar', 'Sidebar.html'), 'utf8');

/** The body's data-* attributes, named as `element.dataset` names them (data-poll-ms → pollMs). */
function bodyDataset(html: string): Record<string, string> {
  const body = /<body\b([^>]*)>/i.exec(html);
  if (!body) throw new Error('The page has no <body>.');
  const dataset: Record<string, string> = {};
  for (const [, name, value] of body[1].matchAll(/\bdata-([a-z0-9-]+)="([^"]*)"/g)) {
    dataset[name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return dataset;
}

/** Runs the page's script on a body with `dataset` and returns the interval it gives the research panel. */
function pollIntervalOfPage(dataset: Record<string, string>): number {
  let pollMs: number | undefined;
  const page = globalThis as { document?: unknown };
  page.document = { body: { dataset } };
  try {
    jest.isolateModules(() => {
      jest.doMock('../../src/sidebar/research-panel', () => ({
        mountResearchPanel: (options: { pollMs: number }) => {
          pollMs = options.pollMs;
          return { load: async () => undefined, showKeyWarning: () => undefined };
        },
      }));
      jest.doMock('../../src/sidebar/settings-panel', () => ({ mountSettingsPanel: () => ({ load: async () => undefined }) }));
      jest.doMock('../../src/sidebar/tabs', () => ({ mountTabs: () => ({ select: () => undefined }) }));
      require('../../src/sidebar/Sidebar');
    });
  } finally {
    delete page.document;
  }
  if (pollMs === undefined) throw new Error('The page mounted no research panel.');
  return pollMs;
}

describe('the sidebar poll interval', () => {
  it('is 10 seconds in the page template', () => {
    const dataset = bodyDataset(TEMPLATE);
    expect(dataset.pollMs).toBe('10000');
    expect(pollIntervalOfPage(dataset)).toBe(10_000);
  });

  it.each<Record<string, string>>([{}, { pollMs: '' }, { pollMs: 'soon' }, { pollMs: '0' }, { pollMs: '-5' }])(
    'falls back to 10 seconds when the page carries %j',
    (dataset) => {
      expect(pollIntervalOfPage(dataset)).toBe(10_000);
    },
  );

  it('follows the interval the page carries', () => {
    expect(pollIntervalOfPage({ pollMs: '2500' })).toBe(2_500);
  });
});
