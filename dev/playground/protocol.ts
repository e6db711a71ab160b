// What the playground's server and its page exchange, as JSON.
import type { ErrorCode } from './formula';

export type CellKind = 'text' | 'number' | 'boolean' | 'date' | 'error';

export interface CellView {
  row: number;
  column: number;
  /** As Sheets would display it. */
  text: string;
  kind: CellKind;
  /** What editing the cell starts from: its formula, or its value. */
  input: string;
  error?: { code: ErrorCode; message: string };
  /** On cells a formula's result spilled into: where that formula is, and its text. */
  spilledFrom?: { a1: string; formula: string };
  /** The cell's note (Range.setNote), shown as text on hover and when the cell is current. */
  note?: string;
  /** The cell's background colour ('#rrggbb'), when it is not white. */
  background?: string;
}

/** A range of one sheet, in A1 notation and as numbers. */
export interface RangeView {
  a1: string;
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export interface SheetView {
  name: string;
  /** The grid to draw: every column of the sheet, and at least 100 rows (20 more than the data reaches). */
  rows: number;
  columns: number;
  frozenRows: number;
  /** Only cells with content. */
  cells: CellView[];
  /** The sheet's selection as the script sees it (SpreadsheetApp.getActiveRange on this sheet). */
  selection: RangeView;
}

export type MenuItemView = { caption: string; functionName: string } | 'separator' | MenuView;

export interface MenuView {
  title: string;
  items: MenuItemView[];
}

/** A page of the add-on's shown by the host: `url` serves it with google.script.run bridged to the script. */
export interface SurfaceView {
  id: number;
  title: string;
  url: string;
}

export interface ToastView {
  id: number;
  title: string;
  message: string;
}

export interface StateView {
  /** Grows with every change; the page sends it back to learn whether anything changed. */
  revision: number;
  sheets: string[];
  activeSheet: string;
  /** The sheet the page asked for (the active one when it asked for none, or for one that no longer exists). */
  sheet: SheetView;
  /** Add-on menus, shown under Extensions. */
  extensionMenus: MenuView[];
  /** Menus a script added with createMenu, shown in the menu bar. */
  menus: MenuView[];
  /** The open sidebar: `url` serves the add-on's page with google.script.run bridged to the script. */
  sidebar: SurfaceView | null;
  /** The open dialog (showModalDialog or showModelessDialog), served the same way. */
  dialog: (SurfaceView & { modal: boolean }) | null;
  /** The latest toasts and alerts (Ui.alert); ids grow, so the page shows those it has not shown. */
  toasts: ToastView[];
  alerts: ToastView[];
  /** Which API the formulas call, for the title bar. */
  apiLabel: string;
  /** The playground's own settings: the pace of runs and research (1 is real), the share of people who change. */
  playground: { speed: number; share?: number };
}

/** What GET /api/state answers when nothing changed since the revision the page has. */
export interface UnchangedView {
  revision: number;
  unchanged: true;
}

export interface EditRequest {
  sheet: string;
  row: number;
  column: number;
  input: string;
}

/** The user selected `a1` in `sheet`. */
export interface SelectRequest {
  sheet: string;
  a1: string;
}

/**
 * A paste at the top-left cell of `at`: either the values of a range copied in the grid (`from`), or clipboard text
 * (tab-separated cells, one line per row) typed in cell by cell.
 */
export interface PasteRequest {
  sheet: string;
  at: string;
  from?: { sheet: string; a1: string };
  text?: string;
}

/** A range of a sheet, for fill down (a single row fills from the row above it) and for clearing. */
export interface RangeRequest {
  sheet: string;
  a1: string;
}

export interface ActionReply {
  /** Set when the action failed, as one sentence for the user. */
  error?: string;
  /** What a playground menu item did, in one line. */
  message?: string;
}
