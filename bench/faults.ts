// Faults: what each fault costs, as rows lost, rows duplicated, credits paid twice, cells coerced and keys leaked. The
// scenarios of the fault suite (test/integration/faults-scenarios.ts), at smaller sizes: the BUILT add-on in the
// fakes on their virtual clock against the mock, formula ranges recalculated, enrichment runs resumed and retried,
// research jobs polled until the work is done. Every figure but the faults injected should be 0, except the credits
// the platform makes a failure cost (README "Caching and recalculation"): a connection dropped inside a fetchAll loses
// the answers the service already billed for the rest of the batch, and a batch still in flight when Sheets stops a
// formula at 30 s is billed and lost.
import { isOneSentence, type FaultLab, type ScenarioOutcome } from '../test/integration/faults-helpers';
import {
  enrichmentScenario,
  formulaScenario,
  hostileScenario,
  researchScenario,
  searchScenario,
  type LookupFormula,
  type PlatformFault,
  type SearchFormula,
  type Storm,
} from '../test/integration/faults-scenarios';
import { runStandalone } from './standalone';
import { int, OWNER, type BenchContext, type BenchReport } from './support';

/** The mock's data seed (bench/run.ts and bench/standalone.ts start it with 7). */
const SEED = 7;
const ROWS = 20;
const RESULTS = 150;
const STORMS: Storm[] = ['server errors', 'rate limits', 'dropped connections', 'unreadable bodies'];
const PLATFORM: PlatformFault[] = ['time limit', 'lock', 'quota', 'full store'];
const LOOKUPS: LookupFormula[] = ['SCRAPE_PROFILE', 'FIND_CONTACTS', 'ENRICH_PROFILE'];
const SEARCHES: SearchFormula[] = ['SEARCH_COMPANIES', 'SEARCH_PEOPLE'];
const RUN_OF: Record<LookupFormula, string> = {
  SCRAPE_PROFILE: 'scrape run',
  FIND_CONTACTS: 'contacts run',
  ENRICH_PROFILE: 'profile run',
};

/** Where a figure other than 0 is the platform's doing, as the README says. */
const PLATFORM_COSTS = /dropped connections|range · time limit/;

type Scenario = { name: string; run(lab: FaultLab): Promise<ScenarioOutcome> };

function scenarios(): Scenario[] {
  const list: Scenario[] = [];
  const midway = (storm: Storm) => ({ storm, midway: { afterFetchAll: 2, storm } });
  for (const formula of LOOKUPS) {
    for (const storm of STORMS) {
      const name = `${formula} range · ${storm}`;
      list.push({
        name,
        run: (lab) => formulaScenario(lab, { scenario: name, formula, rows: ROWS, ...midway(storm) }),
      });
    }
    for (const platform of PLATFORM) {
      const name = `${formula} range · ${platform}`;
      list.push({ name, run: (lab) => formulaScenario(lab, { scenario: name, formula, rows: ROWS, platform }) });
    }
  }
  for (const formula of SEARCHES) {
    for (const storm of STORMS) {
      const name = `${formula} · ${storm}`;
      list.push({ name, run: (lab) => searchScenario(lab, { scenario: name, formula, storm }) });
    }
  }
  for (const formula of LOOKUPS) {
    for (const storm of STORMS) {
      const name = `${RUN_OF[formula]} · ${storm}`;
      list.push({
        name,
        run: (lab) => enrichmentScenario(lab, { scenario: name, formula, rows: ROWS, ...midway(storm) }),
      });
    }
    for (const platform of PLATFORM) {
      const name = `${RUN_OF[formula]} · ${platform}`;
      list.push({ name, run: (lab) => enrichmentScenario(lab, { scenario: name, formula, rows: ROWS, platform }) });
    }
  }
  const wide = 'profile run of 190 fields (entry near 9 KB) · quota';
  list.push({
    name: wide,
    run: (lab) =>
      enrichmentScenario(lab, {
        scenario: wide,
        formula: 'ENRICH_PROFILE',
        rows: ROWS,
        extraFields: 187,
        platform: 'quota',
      }),
  });
  for (const storm of STORMS) {
    const name = `research polls · ${storm}`;
    list.push({
      name,
      run: (lab) =>
        researchScenario(lab, { scenario: name, limit: RESULTS, storm, midway: { afterFetchAll: 1, storm } }),
    });
  }
  for (const platform of PLATFORM) {
    const name = `research polls · ${platform}`;
    list.push({ name, run: (lab) => researchScenario(lab, { scenario: name, limit: RESULTS, platform }) });
  }
  list.push({ name: 'ENRICH_PROFILE range · hostile text', run: hostile('formula') });
  for (const plainTextStopsParsing of [true, false]) {
    const format = `hostile text, @ format ${plainTextStopsParsing ? 'stops' : 'does not stop'} parsing`;
    list.push({ name: `profile run · ${format}`, run: hostile('enrichment', plainTextStopsParsing) });
    list.push({ name: `research polls · ${format}`, run: hostile('research', plainTextStopsParsing) });
  }
  return list;
}

function hostile(target: 'formula' | 'enrichment' | 'research', plainTextStopsParsing = true) {
  return (lab: FaultLab) =>
    hostileScenario(lab, {
      scenario: `hostile ${target} ${plainTextStopsParsing}`,
      target,
      rows: 24,
      plainTextStopsParsing,
    });
}

/** The built add-on in a fresh spreadsheet of the pool, and a key on the mock as its owner's settings. */
function labOf(context: BenchContext): FaultLab {
  return {
    mock: context.mock,
    seed: SEED,
    async addon({ key, credits = 1_000_000, tier = '3', ...options }) {
      await context.mock.control.setKey({ key, credits, tier });
      const addon = context.envs.load(options);
      Object.assign(addon.env.properties.user(OWNER), { API_KEY: key, API_BASE_URL: context.mock.url, API_TIER: tier });
      return { ...addon, key };
    },
  };
}

export async function faultsBenchmark(context: BenchContext): Promise<BenchReport> {
  const lab = labOf(context);
  const outcomes: ScenarioOutcome[] = [];
  for (const scenario of scenarios()) {
    const outcome = await scenario.run(lab);
    outcomes.push({ ...outcome, scenario: scenario.name });
    context.envs.disposeAll();
    const { figures } = outcome;
    context.progress(`  ${scenario.name}: ${Object.values(figures).join(' ')}`);
  }
  const rows = outcomes.map(({ scenario, figures }) => [
    scenario,
    int(figures.faultsInjected),
    int(figures.rowsLost),
    int(figures.rowsDuplicated),
    figures.creditsPaidTwice > 0 && PLATFORM_COSTS.test(scenario)
      ? `${int(figures.creditsPaidTwice)} (platform)`
      : int(figures.creditsPaidTwice),
    int(figures.cellsCoerced),
    int(figures.keysLeaked),
  ]);
  const sum = (pick: (outcome: ScenarioOutcome) => number, only: (outcome: ScenarioOutcome) => boolean = () => true) =>
    outcomes.filter(only).reduce((total, outcome) => total + pick(outcome), 0);
  const ours = (outcome: ScenarioOutcome) => !PLATFORM_COSTS.test(outcome.scenario);
  const inFlight = outcomes.filter((outcome) => /range · time limit/.test(outcome.scenario));
  const drops = outcomes.filter(
    (outcome) => /dropped connections/.test(outcome.scenario) && !/SEARCH|research/.test(outcome.scenario),
  );
  const sentences = [...new Set(outcomes.flatMap((outcome) => outcome.errors))];
  const notSentences = sentences.filter((error) => !isOneSentence(error));
  const zero = (label: string, total: number) => ({
    target: `${label}: 0 in every scenario`,
    actual: `${int(total)} in all`,
    met: total === 0,
  });
  return {
    id: '(i)',
    title: `Faults: rows lost, rows duplicated, credits paid twice, cells coerced and keys leaked (${outcomes.length} scenarios)`,
    figures: [],
    table: {
      headers: [
        'scenario',
        'faults injected',
        'rows lost',
        'rows duplicated',
        'credits paid twice',
        'cells coerced',
        'keys leaked',
      ],
      rows,
    },
    targets: [
      zero(
        'rows lost',
        sum((outcome) => outcome.figures.rowsLost),
      ),
      zero(
        'rows duplicated',
        sum((outcome) => outcome.figures.rowsDuplicated),
      ),
      zero(
        'credits paid twice, but for dropped connections and a formula batch in flight at 30 s',
        sum((outcome) => outcome.figures.creditsPaidTwice, ours),
      ),
      zero(
        'cells coerced',
        sum((outcome) => outcome.figures.cellsCoerced),
      ),
      zero(
        'keys leaked',
        sum((outcome) => outcome.figures.keysLeaked),
      ),
      {
        target: 'errors rows, runs and jobs showed on the way: one sentence each',
        actual: `${int(sentences.length - notSentences.length)} of ${int(sentences.length)} distinct errors`,
        met: notSentences.length === 0,
        analysis: notSentences.join(' | '),
      },
    ],
    notes: [
      `${ROWS} distinct inputs per range or run (and two of them again, written differently); research jobs of ${RESULTS} results (two pages); a fresh spreadsheet each, tier 3.`,
      'Faults: storms from the mock (500s and 503s as many as the client’s attempts at every row; 429s with Retry-After in the header and in the body; two dropped connections; broken JSON, an empty body, an HTML page, with 200, 502 and 503), queued before the first call and again after its second fetchAll; the fakes: executions stopped between two writes, the document lock held by another execution, the day’s UrlFetch quota run out, the document store filled to 3 KB from its 500 KB.',
      'Then as a user would: recalculate a minute later, Resume, Retry failed rows, keep the sidebar open (research: poll). Rows lost counts what is still missing or wrong after that; the errors rows showed meanwhile are one sentence each.',
      `Credits paid twice: the mock's charges beyond one per distinct request. Dropped connections, in all ${drops.length} range and run scenarios: ${drops.map((outcome) => int(outcome.figures.creditsPaidTwice)).join(', ')} credits: each drop in a fetchAll loses the other answers of its batch, already billed (a fresh spreadsheet's first batch is 10, later ones grow). A formula Sheets stops at 30 s loses the batch it was waiting for (here its second: ${inFlight.map((outcome) => int(outcome.figures.creditsPaidTwice)).join(', ')} credits).`,
    ],
  };
}

if (require.main === module) runStandalone(faultsBenchmark);
