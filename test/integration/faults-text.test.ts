// Hostile text from the API, through the built bundle in the fakes: formula-, date- and number-looking strings,
// `'quoted`, `#REF!`, a 60,000-character text, unicode (emoji, CJK, right-to-left, line breaks), `__proto__` and
// `constructor` as values and as research ids, and answers carrying an own `__proto__` key that offers values for
// fields the answer lacks. Every cell of an ENRICH_PROFILE range, an enrichment run and a research sheet must hold
// the API's text exactly (capped at a cell's 50,000 characters), never a formula, and a missing field stays empty,
// whether or not a plain-text format stops setValues from parsing (docs/platform.md, "Uncertain behaviours").
jest.setTimeout(120_000);
import { problemsOf, type FaultLab } from './faults-helpers';
import { HOSTILE_TEXTS, hostileScenario } from './faults-scenarios';
import { addonWithKey, useIntegrationMock } from './harness';

const SEED = 29;

const mock = useIntegrationMock(SEED);
const lab: FaultLab = { mock, seed: SEED, addon: (options) => addonWithKey(mock, options) };

it('holds the cases it claims: a 60,000-character text, and text Sheets would parse', () => {
  expect(Math.max(...HOSTILE_TEXTS.map((text) => text.length))).toBe(60_000);
  expect(HOSTILE_TEXTS).toEqual(expect.arrayContaining(['=1+1', '+14155550100', '1-10', '00501', 'TRUE', '__proto__']));
});

it('an ENRICH_PROFILE range returns every text exactly, and nothing for a field the answer lacks', async () => {
  const outcome = await hostileScenario(lab, { scenario: 'hostile text formula', target: 'formula', rows: 24 });
  expect(problemsOf(outcome)).toEqual([]);
});

describe.each([true, false])('plain-text format stops setValues parsing: %p', (plainTextStopsParsing) => {
  it('an enrichment run writes every text exactly, as text', async () => {
    const outcome = await hostileScenario(lab, {
      scenario: `hostile text run ${plainTextStopsParsing}`,
      target: 'enrichment',
      rows: 24,
      plainTextStopsParsing,
    });
    expect(problemsOf(outcome)).toEqual([]);
  });

  it('a research poll writes every text exactly, as text, with `__proto__` and `constructor` as ids', async () => {
    const outcome = await hostileScenario(lab, {
      scenario: `hostile text research ${plainTextStopsParsing}`,
      target: 'research',
      rows: 24,
      plainTextStopsParsing,
    });
    expect(problemsOf(outcome)).toEqual([]);
  });
});
