// One playground: the built add-on loaded into the Apps Script fakes, its formulas calculated by the engine, its
// menu, sidebar and toasts, and its time-driven triggers fired in the background. The HTTP server only routes here.
import { formatA1 } from '../gas-fakes/a1';
import type { Bundle, FakeSheet, GasEnvironment, MenuRecord } from '../gas-fakes';
import { startSidebarBridge, type SidebarBridge } from '../sidebar-bridge';
import { FormulaEngine, messageOf } from './engine';
import type {
  ActionReply,
  CellKind,
  CellView,
  EditRequest,
  MenuView,
  SheetView,
  StateView,
  UnchangedView,
} from './protocol';

export interface PlaygroundOptions {
  env: GasEnvironment;
  bundle: Bundle;
  /** The spreadsheet owner: formulas, the menu, the sidebar and triggers all run as this user. */
  owner: string;
  /** Which API the formulas call, for the page's title bar. */
  apiLabel: string;
}

/** Sheets lists an add-on's menu under Extensions by the add-on's name; the script only says "add-on menu". */
const ADDON_DISPLAY_NAME = 'sheet-enrich';
/** The sidebar polls running jobs every 10 s in Sheets; a playground wants to see rows arrive sooner. */
const SIDEBAR_POLL_MS = 2_000;
const MIN_ROWS = 100;
const MIN_COLUMNS = 26;
/** Empty rows drawn below the data, so there is room to type. */
const ROWS_BELOW_DATA = 20;
const TOASTS_SENT = 5;

export class Playground {
  readonly engine: FormulaEngine;
  private readonly env: GasEnvironment;
  private readonly bundle: Bundle;
  private readonly owner: string;
  private readonly apiLabel: string;
  private sidebar: { id: number; title: string; bridge: SidebarBridge } | null = null;
  private sidebarsOpened = 0;
  private sidebarsHandled = 0;
  private revision = 0;
  private fingerprint = '';
  private triggerTimer: NodeJS.Timeout | null = null;
  private lastTriggerError = '';

  constructor(options: PlaygroundOptions) {
    this.env = options.env;
    this.bundle = options.bundle;
    this.owner = options.owner;
    this.apiLabel = options.apiLabel;
    this.engine = new FormulaEngine(
      this.env.spreadsheet,
      (name, args) => this.bundle.call(name, args, { mode: 'customFunction', user: this.owner }),
      this.bundle.globalNames(),
    );
  }

  /** The page's view: the requested sheet (else the active one), or only the revision when nothing changed. */
  state(sheetName: string | null, knownRevision: number | null): StateView | UnchangedView {
    const revision = this.currentRevision();
    const book = this.env.spreadsheet;
    const sheet = (sheetName !== null && book.findSheet(sheetName)) || book.activeSheet();
    if (knownRevision === revision && sheet.name === sheetName) return { revision, unchanged: true };
    const addonMenus = this.env.ui.menus.filter((menu) => menu.addon);
    return {
      revision,
      sheets: book.sheets().map((s) => s.name),
      activeSheet: book.activeSheet().name,
      sheet: this.sheetView(sheet),
      extensionMenus: addonMenus.map((menu) => menuView({ ...menu, title: ADDON_DISPLAY_NAME })),
      menus: this.env.ui.menus.filter((menu) => !menu.addon).map(menuView),
      sidebar: this.sidebar && { id: this.sidebar.id, title: this.sidebar.title, url: this.sidebar.bridge.url },
      toasts: this.env.ui.toasts.slice(-TOASTS_SENT).map((toast, i, latest) => ({
        id: this.env.ui.toasts.length - latest.length + i,
        ...toast,
      })),
      apiLabel: this.apiLabel,
    };
  }

  /** A person typing into a cell. */
  edit({ sheet: sheetName, row, column, input }: EditRequest): ActionReply {
    const sheet = this.env.spreadsheet.findSheet(sheetName);
    if (!sheet) return { error: `There is no sheet named "${sheetName}".` };
    if (!isIndex(row, sheet.maxRows) || !isIndex(column, sheet.maxColumns) || typeof input !== 'string') {
      return { error: 'That cell is outside the sheet.' };
    }
    try {
      this.engine.setInput(sheet, row, column, input);
      return {};
    } catch (error) {
      return { error: messageOf(error) };
    }
  }

  /** Shows a sheet, as clicking its tab does. */
  activate(sheetName: string): ActionReply {
    const sheet = this.env.spreadsheet.findSheet(sheetName);
    if (!sheet) return { error: `There is no sheet named "${sheetName}".` };
    this.env.spreadsheet.activate(sheet);
    return {};
  }

  /** Runs a menu item's function as the owner, then opens the sidebar it showed, if any. */
  async runMenuItem(functionName: string): Promise<ActionReply> {
    if (!menuFunctions(this.env.ui.menus).includes(functionName))
      return { error: `No menu item runs ${functionName}.` };
    try {
      this.bundle.call(functionName, [], { mode: 'menu', user: this.owner });
    } catch (error) {
      return { error: messageOf(error) };
    } finally {
      this.engine.recalculate();
    }
    await this.openNewSidebar();
    return {};
  }

  async closeSidebar(): Promise<void> {
    const open = this.sidebar;
    this.sidebar = null;
    await open?.bridge.close();
  }

  /**
   * Fires the installed time-driven triggers every `intervalMs`, whether due or not. An add-on may only poll
   * hourly, and fake time is real time: rather than jump the clock (which would also age the 6-hour response
   * cache and the rate windows), the playground compresses the schedule, so jobs finish with the sidebar closed.
   */
  startBackgroundTriggers(intervalMs: number): void {
    this.triggerTimer = setInterval(() => this.fireTriggers(), intervalMs);
  }

  private fireTriggers(): void {
    for (const trigger of this.env.triggers.list()) {
      if (trigger.spent) continue;
      const [fired] = this.bundle.fireTimeTriggers({ id: trigger.id });
      const error = fired?.error ? `Trigger ${fired.handler} failed: ${fired.error}` : '';
      // A failing trigger fails every round; say so once.
      if (error !== '' && error !== this.lastTriggerError) console.error(error);
      this.lastTriggerError = error;
    }
    this.engine.recalculate();
  }

  async close(): Promise<void> {
    if (this.triggerTimer) clearInterval(this.triggerTimer);
    await this.closeSidebar();
  }

  /** google.script.run from the sidebar: the script's errors reach the page as plain messages. */
  private readonly callFromSidebar = (name: string, args: unknown[]): unknown => {
    try {
      return this.bundle.callFromSidebar(name, args, this.owner);
    } catch (error) {
      throw new Error(messageOf(error));
    } finally {
      // A poll may have written rows that formulas read.
      this.engine.recalculate();
    }
  };

  /** showSidebar replaces the open sidebar, as in Sheets. */
  private async openNewSidebar(): Promise<void> {
    const shown = this.env.ui.sidebars;
    if (shown.length === this.sidebarsHandled) return;
    this.sidebarsHandled = shown.length;
    const latest = shown[shown.length - 1];
    await this.closeSidebar();
    const bridge = await startSidebarBridge({ html: latest.html, call: this.callFromSidebar, pollMs: SIDEBAR_POLL_MS });
    this.sidebar = { id: ++this.sidebarsOpened, title: latest.title, bridge };
  }

  /** Grows when anything the page shows may have changed: cells (by the engine or a script), sheets, menus… */
  private currentRevision(): number {
    const book = this.env.spreadsheet;
    const { menus, toasts } = this.env.ui;
    const fingerprint = JSON.stringify([
      this.engine.revision,
      book.stats.writeCalls,
      book.activeSheet().name,
      book.sheets().map((sheet) => [sheet.name, sheet.frozenRows, sheet.maxRows, sheet.maxColumns]),
      menus,
      this.sidebar?.id,
      toasts.length,
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
    const cells: CellView[] = [];
    values.forEach((line, r) =>
      line.forEach((value, c) => {
        const [row, column] = [data.row + r, data.column + c];
        const notes = this.engine.notes(sheet, row, column);
        const formula = formulas[r][c];
        if (value === '' && formula === '' && !notes.spilledFrom) return;
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
        });
      }),
    );
    return {
      name: sheet.name,
      rows: Math.min(sheet.maxRows, Math.max(MIN_ROWS, data.row + data.numRows - 1 + ROWS_BELOW_DATA)),
      columns: Math.min(sheet.maxColumns, Math.max(MIN_COLUMNS, data.column + data.numColumns - 1)),
      frozenRows: sheet.frozenRows,
      cells,
    };
  }
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
