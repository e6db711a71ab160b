// One playground: the built add-on loaded into the Apps Script fakes, its formulas calculated by the engine, its
// menu, sidebar, dialogs and toasts, and its time-driven triggers fired in the background. The HTTP server only
// routes here.
import { formatA1, type GridRect } from '../gas-fakes/a1';
import { DEFAULT_BACKGROUND } from '../gas-fakes/spreadsheet-model';
import type { Bundle, CellValue, FakeSheet, GasEnvironment, MenuRecord } from '../gas-fakes';
import { parseClipboardText } from './clipboard';
import { CONTROL_PREFIX, type PlaygroundControls } from './controls';
import { FormulaEngine, messageOf, type CellEntry } from './engine';
import { fillDownEntries, fillRange } from './fill';
import type { PacedClock } from './pace';
import type {
  ActionReply,
  CellKind,
  CellView,
  EditRequest,
  MenuView,
  PasteRequest,
  RangeRequest,
  RangeView,
  SelectRequest,
  SheetView,
  StateView,
  UnchangedView,
} from './protocol';
import { AddonSurfaces } from './surfaces';

export interface PlaygroundOptions {
  env: GasEnvironment;
  bundle: Bundle;
  /** The spreadsheet owner: formulas, the menu, the sidebar and triggers all run as this user. */
  owner: string;
  /** Which API the formulas call, for the page's title bar: asked at every change, so it follows Settings…. */
  apiLabel: () => string;
  /** The clock runs and research are paced by. */
  pace: PacedClock;
  /** The playground's own menu (time, speed, faults), with the local mock only. */
  controls?: PlaygroundControls;
}

/** Sheets lists an add-on's menu under Extensions by the add-on's name; the script only says "add-on menu". */
const ADDON_DISPLAY_NAME = 'sheet-enrich';
/** The sidebar polls running jobs every 10 s in Sheets; a playground wants to see rows arrive sooner. */
const SIDEBAR_POLL_MS = 2_000;
const MIN_ROWS = 100;
/** Empty rows drawn below the data, so there is room to type. */
const ROWS_BELOW_DATA = 20;
const TOASTS_SENT = 5;
/** What the sidebar calls to go on with background work: each waits for the time the add-on slept to pass. */
const BACKGROUND_CALLS = new Set(['continueEnrichment', 'pollResearch']);

export class Playground {
  readonly engine: FormulaEngine;
  private readonly env: GasEnvironment;
  private readonly bundle: Bundle;
  private readonly owner: string;
  private readonly apiLabel: () => string;
  private readonly surfaces: AddonSurfaces;
  private readonly pace: PacedClock;
  private readonly controls: PlaygroundControls | undefined;
  private revision = 0;
  private fingerprint = '';
  private triggerTimer: NodeJS.Timeout | null = null;
  private lastTriggerError = '';

  constructor(options: PlaygroundOptions) {
    this.env = options.env;
    this.bundle = options.bundle;
    this.owner = options.owner;
    this.apiLabel = options.apiLabel;
    this.pace = options.pace;
    this.controls = options.controls;
    this.engine = new FormulaEngine(
      this.env.spreadsheet,
      (name, args) => this.bundle.call(name, args, { mode: 'customFunction', user: this.owner }),
      this.bundle.globalNames(),
    );
    this.surfaces = new AddonSurfaces(this.env, this.callFromPage, SIDEBAR_POLL_MS);
  }

  /** The page's view: the requested sheet (else the active one), or only the revision when nothing changed. */
  state(sheetName: string | null, knownRevision: number | null): StateView | UnchangedView {
    const revision = this.currentRevision();
    const book = this.env.spreadsheet;
    const sheet = (sheetName !== null && book.findSheet(sheetName)) || book.activeSheet();
    if (knownRevision === revision && sheet.name === sheetName) return { revision, unchanged: true };
    const { menus, toasts, alerts } = this.env.ui;
    const latest = <T>(list: T[]) =>
      list.slice(-TOASTS_SENT).map((item, i, shown) => ({ item, id: list.length - shown.length + i }));
    return {
      revision,
      sheets: book.sheets().map((s) => s.name),
      activeSheet: book.activeSheet().name,
      sheet: this.sheetView(sheet),
      extensionMenus: menus
        .filter((menu) => menu.addon)
        .map((menu) => menuView({ ...menu, title: ADDON_DISPLAY_NAME })),
      menus: [...menus.filter((menu) => !menu.addon).map(menuView), ...(this.controls ? [this.controls.menu()] : [])],
      ...this.surfaces.views(),
      toasts: latest(toasts).map(({ item, id }) => ({ id, ...item })),
      alerts: latest(alerts).map(({ item, id }) => ({ id, title: ADDON_DISPLAY_NAME, message: item })),
      apiLabel: this.apiLabel(),
      playground: { speed: this.pace.speed, ...this.controls?.state() },
    };
  }

  /** A person typing into a cell. */
  edit({ sheet: sheetName, row, column, input }: EditRequest): ActionReply {
    const sheet = this.env.spreadsheet.findSheet(sheetName);
    if (!sheet) return { error: `There is no sheet named "${sheetName}".` };
    if (!isIndex(row, sheet.maxRows) || !isIndex(column, sheet.maxColumns) || typeof input !== 'string') {
      return { error: 'That cell is outside the sheet.' };
    }
    return this.enter(sheet, [{ row, column, input }]);
  }

  /** Shows a sheet, as clicking its tab does. */
  activate(sheetName: string): ActionReply {
    const sheet = this.env.spreadsheet.findSheet(sheetName);
    if (!sheet) return { error: `There is no sheet named "${sheetName}".` };
    this.env.spreadsheet.activate(sheet);
    return {};
  }

  /** A person selecting cells: what SpreadsheetApp.getActiveRange() gives the script from now on. */
  select({ sheet: sheetName, a1 }: SelectRequest): ActionReply {
    const found = this.range(sheetName, a1);
    if ('error' in found) return found;
    this.env.spreadsheet.select(found.sheet.name, formatA1(found.rect));
    return {};
  }

  /** Pastes copied cells' values, or clipboard text typed in cell by cell, from the top-left cell of `at`. */
  paste({ sheet: sheetName, at, from, text }: PasteRequest): ActionReply {
    const target = this.range(sheetName, at);
    if ('error' in target) return target;
    const { sheet, rect } = target;
    let entries: CellEntry[];
    if (from) {
      const source = this.range(from.sheet, from.a1);
      if ('error' in source) return source;
      entries = gridEntries(source.sheet.values(formatA1(source.rect)), rect, (value) => ({ value }));
    } else if (typeof text === 'string') {
      entries = gridEntries(parseClipboardText(text), rect, (input) => ({ input }));
    } else {
      return { error: 'There is nothing to paste.' };
    }
    if (entries.some(({ row, column }) => row > sheet.maxRows || column > sheet.maxColumns)) {
      return { error: 'The pasted cells do not fit in the sheet from there.' };
    }
    const reply = this.enter(sheet, entries);
    // As in Sheets, the pasted cells end up selected, not just the cell the paste started from.
    if (!reply.error && entries.length > 0) this.env.spreadsheet.select(sheet.name, formatA1(areaOf(entries)));
    return reply;
  }

  /** Fill down (Ctrl+D, the fill handle): the top row of the range copied into the rows below it. */
  fillDown({ sheet: sheetName, a1 }: RangeRequest): ActionReply {
    const found = this.range(sheetName, a1);
    if ('error' in found) return found;
    const { sheet } = found;
    const rect = fillRange(found.rect);
    if (!rect) return { error: 'There is no row above to fill down from.' };
    const top = Array.from({ length: rect.numColumns }, (_, c) => {
      const column = rect.column + c;
      const { formula, value } = sheet.cell(rect.row, column);
      return { formula, value, spilled: this.engine.notes(sheet, rect.row, column).spilledFrom !== undefined };
    });
    const entries = fillDownEntries(rect, top).map((entry) =>
      'formula' in entry ? { row: entry.row, column: entry.column, input: entry.formula } : entry,
    );
    return this.enter(sheet, entries);
  }

  /** Empties the cells of a range (Delete), keeping their formats. */
  clear({ sheet: sheetName, a1 }: RangeRequest): ActionReply {
    const found = this.range(sheetName, a1);
    if ('error' in found) return found;
    const { numRows, numColumns } = found.rect;
    const empty = Array.from({ length: numRows }, () => Array.from({ length: numColumns }, () => ''));
    return this.enter(
      found.sheet,
      gridEntries(empty, found.rect, (value) => ({ value })),
    );
  }

  /**
   * Runs a menu item's function as the owner, then opens the sidebar or dialog it showed, if any; or an item of the
   * playground's own menu, answering what it did.
   */
  async runMenuItem(functionName: string): Promise<ActionReply> {
    if (this.controls && functionName.startsWith(CONTROL_PREFIX)) {
      try {
        return { message: await this.controls.run(functionName) };
      } catch (error) {
        return { error: messageOf(error) };
      } finally {
        this.engine.recalculate();
      }
    }
    if (!menuFunctions(this.env.ui.menus).includes(functionName))
      return { error: `No menu item runs ${functionName}.` };
    try {
      this.bundle.call(functionName, [], { mode: 'menu', user: this.owner });
    } catch (error) {
      return { error: messageOf(error) };
    } finally {
      this.engine.recalculate();
    }
    await this.surfaces.follow();
    return {};
  }

  /** Types `lines` into `column` of a sheet from the first row below its last value there; answers the range. */
  appendBelow(sheetName: string, column: string, lines: string[]): string {
    const sheet = this.env.spreadsheet.findSheet(sheetName);
    if (!sheet) throw new Error(`There is no sheet named "${sheetName}".`);
    const { column: index } = sheet.rect(`${column}1`);
    const filled = sheet
      .values(formatA1({ row: 1, column: index, numRows: sheet.maxRows, numColumns: 1 }))
      .map(([value], i) => (value === '' ? 0 : i + 1));
    const row = Math.max(0, ...filled) + 1;
    this.engine.enter(
      sheet,
      lines.map((input, i) => ({ row: row + i, column: index, input })),
    );
    return `${column}${row}:${column}${row + lines.length - 1}`;
  }

  closeSidebar(): Promise<void> {
    return this.surfaces.closeSidebar();
  }

  closeDialog(): Promise<void> {
    return this.surfaces.closeDialog();
  }

  /**
   * Fires the installed time-driven triggers every `intervalMs`, whether due or not, once the time the add-on slept
   * has passed. An add-on may only poll hourly: rather than jump the clock (which would also age the 6-hour response
   * cache), the playground compresses the schedule, so jobs finish with the sidebar closed.
   */
  startBackgroundTriggers(intervalMs: number): void {
    this.triggerTimer = setInterval(() => this.fireTriggers(), intervalMs);
  }

  private fireTriggers(): void {
    if (this.pace.owed() > 0) return;
    for (const trigger of this.env.triggers.list()) {
      if (trigger.spent) continue;
      const [fired] = this.pace.background(() => this.bundle.fireTimeTriggers({ id: trigger.id }));
      const error = fired?.error ? `Trigger ${fired.handler} failed: ${fired.error}` : '';
      // A failing trigger fails every round; say so once.
      if (error !== '' && error !== this.lastTriggerError) console.error(error);
      this.lastTriggerError = error;
    }
    this.engine.recalculate();
    void this.surfaces.follow();
  }

  async close(): Promise<void> {
    if (this.triggerTimer) clearInterval(this.triggerTimer);
    this.pace.close();
    await this.surfaces.close();
  }

  /** google.script.run from the sidebar or a dialog: the script's errors reach the page as plain messages. */
  private readonly callFromPage = async (name: string, args: unknown[]): Promise<unknown> => {
    const background = BACKGROUND_CALLS.has(name);
    if (background) await this.pace.caughtUp();
    try {
      const call = () => this.bundle.callFromSidebar(name, args, this.owner);
      return background ? this.pace.background(call) : call();
    } catch (error) {
      throw new Error(messageOf(error));
    } finally {
      // A poll may have written rows that formulas read; the call may have shown another page.
      this.engine.recalculate();
      void this.surfaces.follow();
    }
  };

  private enter(sheet: FakeSheet, entries: CellEntry[]): ActionReply {
    try {
      this.engine.enter(sheet, entries);
      return {};
    } catch (error) {
      return { error: messageOf(error) };
    }
  }

  /** A range of a sheet the page named, checked. */
  private range(sheetName: unknown, a1: unknown): { sheet: FakeSheet; rect: GridRect } | { error: string } {
    const sheet = typeof sheetName === 'string' ? this.env.spreadsheet.findSheet(sheetName) : undefined;
    if (!sheet) return { error: `There is no sheet named "${String(sheetName)}".` };
    try {
      return { sheet, rect: sheet.rect(String(a1)) };
    } catch {
      return { error: `${String(a1)} is not a range of the sheet.` };
    }
  }

  /** Grows when anything the page shows may have changed: cells (by the engine or a script), sheets, menus… */
  private currentRevision(): number {
    const book = this.env.spreadsheet;
    const { menus, toasts, alerts } = this.env.ui;
    const fingerprint = JSON.stringify([
      this.engine.revision,
      book.stats.writeCalls,
      book.activeSheet().name,
      book
        .sheets()
        .map((sheet) => [sheet.name, sheet.frozenRows, sheet.maxRows, sheet.maxColumns, book.selectionOf(sheet).rect]),
      menus,
      this.surfaces.views(),
      toasts.length,
      alerts.length,
      this.apiLabel(),
    ]);
    if (fingerprint !== this.fingerprint) {
      this.fingerprint = fingerprint;
      this.revision++;
    }
    return this.revision;
  }

  private sheetView(sheet: FakeSheet): SheetView {
    const data = sheet.dataRange();
    const a1 = formatA1(data);
    const values = sheet.values(a1);
    const texts = sheet.displayValues(a1);
    const formulas = sheet.formulas(a1);
    const noteTexts = sheet.notes(a1);
    const backgrounds = sheet.backgrounds(a1);
    const cells: CellView[] = [];
    values.forEach((line, r) =>
      line.forEach((value, c) => {
        const [row, column] = [data.row + r, data.column + c];
        const notes = this.engine.notes(sheet, row, column);
        const formula = formulas[r][c];
        const note = noteTexts[r][c];
        const background = backgrounds[r][c] === DEFAULT_BACKGROUND ? '' : backgrounds[r][c];
        if (value === '' && formula === '' && !notes.spilledFrom && !note && !background) return;
        cells.push({
          row,
          column,
          text: texts[r][c],
          kind: notes.error ? 'error' : kindOf(value),
          input: formula || (typeof value === 'string' ? value : texts[r][c]),
          ...(notes.error && { error: notes.error }),
          ...(notes.spilledFrom && {
            spilledFrom: {
              a1: formatA1({ row: notes.spilledFrom.row, column: notes.spilledFrom.column, numRows: 1, numColumns: 1 }),
              formula: notes.spilledFrom.formula,
            },
          }),
          ...(note && { note }),
          ...(background && { background }),
        });
      }),
    );
    const selection = this.env.spreadsheet.selectionOf(sheet);
    return {
      name: sheet.name,
      rows: Math.min(sheet.maxRows, Math.max(MIN_ROWS, data.row + data.numRows - 1 + ROWS_BELOW_DATA)),
      columns: sheet.maxColumns,
      frozenRows: sheet.frozenRows,
      cells,
      selection: rangeView(selection.rect),
    };
  }
}

/** The cells of `grid` as entries placed from the top-left cell of `at`. */
function gridEntries<T>(
  grid: T[][],
  at: GridRect,
  content: (cell: T) => { input: string } | { value: CellValue },
): CellEntry[] {
  return grid.flatMap((line, r) =>
    line.map((cell, c) => ({ row: at.row + r, column: at.column + c, ...content(cell) })),
  );
}

/** The rectangle from the first entry (the top-left one) to the furthest row and column entered. */
function areaOf(entries: readonly CellEntry[]): GridRect {
  const { row, column } = entries[0];
  const lastRow = entries.reduce((most, entry) => Math.max(most, entry.row), row);
  const lastColumn = entries.reduce((most, entry) => Math.max(most, entry.column), column);
  return { row, column, numRows: lastRow - row + 1, numColumns: lastColumn - column + 1 };
}

function rangeView(rect: GridRect): RangeView {
  return { a1: formatA1(rect), ...rect };
}

function kindOf(value: unknown): CellKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Object.prototype.toString.call(value) === '[object Date]') return 'date';
  return 'text';
}

function menuView(menu: MenuRecord): MenuView {
  return {
    title: menu.title,
    items: menu.items.map((item) => (item === 'separator' || !('items' in item) ? item : menuView(item))),
  };
}

function menuFunctions(menus: MenuRecord[]): string[] {
  return menus.flatMap((menu) =>
    menu.items.flatMap((item) => {
      if (item === 'separator') return [];
      return 'items' in item ? menuFunctions([item]) : [item.functionName];
    }),
  );
}

function isIndex(value: unknown, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;
}
