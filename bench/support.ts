// What every benchmark shares: the built add-on loaded into the Apps Script fakes (through the one loader,
// dev/gas-fakes/addon.ts), the report shapes, timing and formatting.
import {
  createGasEnvironment,
  loadBuiltAddon,
  readBuiltAddon,
  type BuiltAddon,
  type Bundle,
  type GasEnvironment,
  type GasEnvironmentOptions,
  type LoadedAddon,
} from '../dev/gas-fakes';
import type { SpawnedMockApi } from '../dev/mock-api/spawn';
import type { Tier } from '../src/core/api/types';

export const OWNER = 'owner@example.com';
export const TEAMMATE = 'teammate@example.com';

// ---------- Reports ----------

/** One line of a benchmark's table: the add-on's figure, and the baseline it is compared with when there is one. */
export interface Figure {
  label: string;
  addon: string;
  baseline?: string;
}

export interface TargetCheck {
  target: string;
  actual: string;
  met: boolean;
  /** Why, when the target is not met. */
  analysis?: string;
}

export interface BenchReport {
  id: string;
  title: string;
  /** Header of the baseline column, such as "naive: 1 request per cell per recalculation". */
  baselineHeader?: string;
  figures: Figure[];
  /** Figures with more than one column each (one row per case), printed after `figures`. */
  table?: { headers: string[]; rows: string[][] };
  targets: TargetCheck[];
  notes: string[];
}

export interface BenchContext {
  mock: SpawnedMockApi;
  envs: EnvPool;
  /** Progress, to stderr, so stdout holds only the results. */
  progress(message: string): void;
}

export type Benchmark = (context: BenchContext) => Promise<BenchReport>;

// ---------- The add-on in the fakes ----------

/** Every environment created, so each is disposed (its UrlFetchApp worker thread stopped) and the process can exit. */
export class EnvPool {
  private readonly live: GasEnvironment[] = [];

  /** An environment without the add-on, for benchmarks that drive the core directly. */
  create(options: Partial<GasEnvironmentOptions> = {}): GasEnvironment {
    return this.track(createGasEnvironment({ owner: OWNER, ...options }));
  }

  /** A new environment with the built add-on loaded. */
  load(options: Partial<GasEnvironmentOptions> = {}): LoadedAddon {
    const addon = loadBuiltAddon({ owner: OWNER, ...options }, builtAddon());
    this.track(addon.env);
    return addon;
  }

  dispose(env: GasEnvironment): void {
    const index = this.live.indexOf(env);
    if (index >= 0) this.live.splice(index, 1);
    env.dispose();
  }

  disposeAll(): void {
    for (const env of this.live.splice(0)) env.dispose();
  }

  private track(env: GasEnvironment): GasEnvironment {
    this.live.push(env);
    return env;
  }
}

let built: BuiltAddon | undefined;

/** Read once per run: every benchmark measures the same build. */
function builtAddon(): BuiltAddon {
  built ??= readBuiltAddon();
  return built;
}

export interface Addon {
  env: GasEnvironment;
  bundle: Bundle;
  key: string;
  /** The last 4 characters of the key, as the mock's request log records it. */
  keyHint: string;
}

/** A fresh spreadsheet with the built add-on, and a key on the mock stored as the owner's settings. */
export async function addonWithKey(
  context: BenchContext,
  options: { key: string; credits?: number; tier?: Tier },
): Promise<Addon> {
  const { key, credits = 1_000_000, tier = '3' } = options;
  await context.mock.control.setKey({ key, credits, tier });
  const { env, bundle } = context.envs.load();
  Object.assign(env.properties.user(OWNER), { API_KEY: key, API_BASE_URL: context.mock.url, API_TIER: tier });
  return { env, bundle, key, keyHint: key.slice(-4) };
}

/** Calls a custom function as Sheets does: custom-function mode, the owner's settings, a read-only spreadsheet. */
export function formula(addon: Addon, name: string, args: unknown[], user = TEAMMATE): unknown {
  return addon.bundle.call(name, args, { mode: 'customFunction', user });
}

// ---------- Timing and formatting ----------

export function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

export const int = (n: number): string => Math.round(n).toLocaleString('en-US');

export function ms(n: number): string {
  if (n >= 10_000) return `${(n / 1000).toFixed(1)} s`;
  if (n >= 100) return `${int(n)} ms`;
  return `${n.toFixed(1)} ms`;
}

export function ratio(n: number): string {
  return `${n >= 10 ? n.toFixed(0) : n.toFixed(1)}×`;
}

/** The message of anything thrown, also by the add-on in its own realm (where `instanceof Error` does not hold). */
export function thrownMessage(error: unknown): string {
  return error !== null && typeof error === 'object' && 'message' in error
    ? String((error as Error).message)
    : String(error);
}

// ---------- Printing ----------

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - [...text].length));

/** A plain-text table; every cell is one line. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, c) =>
    Math.max([...header].length, ...rows.map((row) => [...(row[c] ?? '')].length)),
  );
  const line = (cells: string[]) => `  ${cells.map((cell, c) => pad(cell, widths[c])).join('  │  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '─'.repeat(w)).join('──┼──')}`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function printReport(report: BenchReport): void {
  console.log(`\n${report.id}  ${report.title}`);
  console.log('═'.repeat(Math.min(110, report.id.length + report.title.length + 2)));
  const hasBaseline = report.figures.some((figure) => figure.baseline !== undefined);
  const headers = hasBaseline
    ? ['figure', 'sheet-enrich', report.baselineHeader ?? 'baseline']
    : ['figure', 'sheet-enrich'];
  const rows = report.figures.map((figure) =>
    hasBaseline ? [figure.label, figure.addon, figure.baseline ?? ''] : [figure.label, figure.addon],
  );
  if (rows.length > 0) console.log(table(headers, rows));
  if (report.table) console.log(table(report.table.headers, report.table.rows));
  for (const check of report.targets) {
    console.log(`  ${check.met ? 'TARGET MET    ' : 'TARGET NOT MET'}  ${check.target}: ${check.actual}`);
    if (!check.met && check.analysis) console.log(`                  why: ${check.analysis}`);
  }
  for (const note of report.notes) console.log(`  · ${note}`);
}
