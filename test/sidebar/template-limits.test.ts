// The page template (src/sidebar/Sidebar.html) writes a few of core's limits as static text and attributes; each must
// say what the server enforces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_RESEARCH_LIMIT } from '../../src/core/api/limits';
import { SCRAPES_PER_MINUTE } from '../../src/core/api/types';
import { MAX_FORMULA_DAILY_BUDGET } from '../../src/core/contract';
import { DEFAULT_RESEARCH_LIMIT } from '../../src/core/research/request';

const TEMPLATE = readFileSync(join(__dirname, '..', '..', 'src', 'sidebar', 'Sidebar.html'), 'utf8');

/** The opening tag of the element with this id, whatever the order of its attributes. */
function openingTag(id: string): string {
  const tag = new RegExp(`<\\w+\\s[^>]*\\bid="${id}"[^>]*>`).exec(TEMPLATE)?.[0];
  if (tag === undefined) throw new Error(`The template has no element #${id}.`);
  return tag;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

test('the budget hint states the cap the server enforces', () => {
  const hint = /<p[^>]*id="settings-budget-hint"[^>]*>([\s\S]*?)<\/p>/.exec(TEMPLATE)?.[1].replace(/\s+/g, ' ');
  expect(hint).toContain(`: 0 to ${MAX_FORMULA_DAILY_BUDGET.toLocaleString('en-US')}.`);
});

test('the result limit field starts at the default limit and stops at the most a job may ask', () => {
  const field = openingTag('research-limit');
  expect(attribute(field, 'value')).toBe(String(DEFAULT_RESEARCH_LIMIT));
  expect(attribute(field, 'min')).toBe('1');
  expect(attribute(field, 'max')).toBe(String(MAX_RESEARCH_LIMIT));
});

test('each scrape tier is offered with the pace the fetch engine keeps to', () => {
  const select = /<select[^>]*id="settings-tier"[^>]*>([\s\S]*?)<\/select>/.exec(TEMPLATE)?.[1] ?? '';
  const offered = [...select.matchAll(/<option value="([^"]*)">[^<]*?(\d+) scrapes a minute<\/option>/g)].map(
    ([, tier, pace]) => [tier, Number(pace)],
  );
  expect(offered).toHaveLength(Object.keys(SCRAPES_PER_MINUTE).length);
  expect(Object.fromEntries(offered)).toEqual(SCRAPES_PER_MINUTE);
});
