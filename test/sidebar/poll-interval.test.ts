// While the sidebar is open it checks unfinished jobs every 10 seconds. The page takes the interval from its body's
// data-poll-ms (src/sidebar/Sidebar.html); readPollMs falls back to its own default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_POLL_MS, readPollMs } from '../../src/sidebar/poll-interval';

const TEMPLATE = readFileSync(join(__dirname, '..', '..', 'src', 'sidebar', 'Sidebar.html'), 'utf8');

describe('the sidebar poll interval', () => {
  it('is 10 seconds in the page template', () => {
    const carried = /<body\b[^>]*\bdata-poll-ms="([^"]*)"/i.exec(TEMPLATE)?.[1];
    expect(carried).toBe('10000');
    expect(readPollMs(carried)).toBe(10_000);
  });

  it.each([undefined, '', 'soon', '0', '-5', 'Infinity'])(
    'falls back to 10 seconds when the page carries %j',
    (value) => {
      expect(readPollMs(value)).toBe(DEFAULT_POLL_MS);
      expect(DEFAULT_POLL_MS).toBe(10_000);
    },
  );

  it('follows the interval the page carries', () => {
    expect(readPollMs('2500')).toBe(2_500);
  });
});
