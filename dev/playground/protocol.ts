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
}

export interface SheetView {
  name: string;
  /** The grid to draw: at least 100 × 26, more when the data reaches further. */
  rows: number;
  columns: number;
  frozenRows: number;
  /** Only cells with content. */
  cells: CellView[];
}

export type MenuItemView = { caption: string; functionName: string } | 'separator' | MenuView;

export interface MenuView {
  title: string;
  items: MenuItemView[];
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
  sidebar: { id: number; title: string; url: string } | null;
  /** The latest toasts; ids grow, so the page shows those it has not shown. */
  toasts: ToastView[];
  /** Which API the formulas call, for the title bar. */
  apiLabel: string;
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

export interface ActionReply {
  /** Set when the action failed, as one sentence for the user. */
  error?: string;
}
