// The playground page: polls the server for the spreadsheet's state and draws it (grid, sheet tabs, menus, the
// add-on's sidebar and dialogs, toasts and alerts); sends what the user types, selects, pastes, fills and chooses.
import { columnLetters, formatA1 } from '../../gas-fakes/a1';
import type { FunctionHelp } from '../function-help';
import type { ActionReply, StateView, ToastView } from '../protocol';
import * as api from './api';
import { FunctionHint } from './function-hint';
import { Grid } from './grid';
import { MenuBar } from './menus';

/** Research jobs write their sheets in the background: look for changes this often. */
const POLL_MS = 1_500;
const TOAST_MS = 8_000;

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const scroll = byId('grid-scroll');
const formulaInput = byId<HTMLInputElement>('formula-input');
const nameBox = byId('name-box');
const tabs = byId('sheet-tabs');
const sidebar = byId('sidebar');
const sidebarFrame = byId<HTMLIFrameElement>('sidebar-frame');
const dialog = byId('dialog');
const dialogFrame = byId<HTMLIFrameElement>('dialog-frame');
const toasts = byId('toasts');
// The add-on's custom functions as its script documents them, written into the page by `npm start`.
const hint = new FunctionHint(
  byId('formula-hint'),
  JSON.parse(byId('function-help').textContent ?? '[]') as FunctionHelp[],
);

let viewedSheet: string | null = null;
let revision: number | null = null;
let activeSheet: string | null = null;
let sidebarId: number | null = null;
let dialogId: number | null = null;
/** The newest toast and alert shown, by id (null until the first state: older ones are not shown). */
const lastShown: { toasts: number | null; alerts: number | null } = { toasts: null, alerts: null };

/** Sends an action, then shows its error if any and redraws. */
function act(request: Promise<ActionReply>): void {
  void request.then(report).then(refresh);
}

const grid = new Grid(
  {
    area: byId('grid-area'),
    scroll,
    table: byId<HTMLTableElement>('grid'),
    editor: byId<HTMLInputElement>('cell-editor'),
    note: byId('cell-note'),
    rangeBox: byId('range-box'),
    copyBox: byId('copy-box'),
    fillHandle: byId('fill-handle'),
  },
  {
    commit(position, input) {
      const sheet = grid.sheetName;
      if (sheet !== null) act(api.editCell({ sheet, ...position, input }));
    },
    selected: showSelectionInFormulaBar,
    selectionMade(range) {
      const sheet = grid.sheetName;
      if (sheet !== null) void api.select({ sheet, a1: formatA1(range) }).then(report);
    },
    draft(text) {
      formulaInput.value = text;
      hint.update(text, grid.belowActiveCell());
    },
    paste(at, source) {
      const sheet = grid.sheetName;
      if (sheet !== null) act(api.paste({ sheet, at: formatA1(at), ...source }));
    },
    fill(range) {
      const sheet = grid.sheetName;
      if (sheet !== null) act(api.fillDown({ sheet, a1: formatA1(range) }));
    },
    clear(range) {
      const sheet = grid.sheetName;
      if (sheet !== null) act(api.clear({ sheet, a1: formatA1(range) }));
    },
  },
);

const menuBar = new MenuBar(byId('menubar'), (functionName) => act(api.runMenuItem(functionName)));

async function refresh(): Promise<void> {
  const selectionsSent = api.selectionsSentSoFar();
  const state = await api.fetchState(viewedSheet, revision);
  if ('unchanged' in state) return;
  // A script activated another sheet (a research job's new results sheet, "Open sheet"): follow it, as Sheets does.
  if (state.activeSheet !== activeSheet) {
    activeSheet = state.activeSheet;
    if (state.sheet.name !== state.activeSheet) {
      viewedSheet = state.activeSheet;
      revision = null;
      return refresh();
    }
  }
  revision = state.revision;
  viewedSheet = state.sheet.name;
  byId('api-label').textContent = state.apiLabel;
  showTabs(state);
  menuBar.show(state.extensionMenus, state.menus);
  showSidebar(state.sidebar);
  showDialog(state.dialog);
  showNew(state.toasts, 'toasts', false);
  showNew(state.alerts, 'alerts', true);
  grid.show(state.sheet, api.selectionsSentSoFar() === selectionsSent);
}

function showTabs(state: StateView): void {
  tabs.replaceChildren(
    ...state.sheets.map((name) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'sheet-tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(name === state.sheet.name));
      tab.textContent = name;
      tab.addEventListener('click', () => {
        viewedSheet = name;
        revision = null;
        act(api.activateSheet(name));
      });
      return tab;
    }),
  );
}

function showSidebar(open: StateView['sidebar']): void {
  if (open === null) {
    sidebar.hidden = true;
    sidebarFrame.removeAttribute('src');
    sidebarId = null;
    return;
  }
  if (open.id === sidebarId) return;
  sidebarId = open.id;
  byId('sidebar-title').textContent = open.title;
  sidebarFrame.src = open.url;
  sidebar.hidden = false;
}

/** A modal dialog darkens the page behind it; a modeless one leaves it usable. */
function showDialog(open: StateView['dialog']): void {
  if (open === null) {
    dialog.hidden = true;
    dialogFrame.removeAttribute('src');
    dialogId = null;
    return;
  }
  if (open.id === dialogId) return;
  dialogId = open.id;
  byId('dialog-title').textContent = open.title;
  dialog.classList.toggle('modal', open.modal);
  dialog.setAttribute('aria-modal', String(open.modal));
  dialogFrame.src = open.url;
  dialog.hidden = false;
}

/** Toasts (or alerts) that arrived since the page loaded. */
function showNew(latest: ToastView[], kind: keyof typeof lastShown, isAlert: boolean): void {
  const last = lastShown[kind];
  for (const toast of latest) {
    if (last !== null && toast.id > last) showToast(toast.title, toast.message, isAlert ? 'alert' : 'info');
  }
  lastShown[kind] = Math.max(last ?? -1, ...latest.map((toast) => toast.id));
}

/** Numbers the toasts in the order shown: each goes after a while, so their places in the page are no count of them. */
let toastsShown = 0;

function showToast(title: string, message: string, kind: 'info' | 'alert' | 'error'): void {
  const toast = document.createElement('div');
  toast.className = `toast ${kind}`;
  toast.dataset.toast = String(++toastsShown);
  toasts.dataset.shown = String(toastsShown);
  toast.setAttribute('role', kind === 'info' ? 'status' : 'alert');
  const heading = document.createElement('span');
  heading.className = 'toast-title';
  heading.textContent = title;
  const text = document.createElement('span');
  text.textContent = message;
  toast.append(heading, text);
  toasts.append(toast);
  setTimeout(() => toast.remove(), TOAST_MS);
}

function report(reply: ActionReply): void {
  if (reply.error) showToast('Something went wrong', reply.error, 'error');
  if (reply.message) showToast('Playground', reply.message, 'info');
}

/** The selection's name and the current cell's formula or value; a cell a result spilled into shows it greyed. */
function showSelectionInFormulaBar(): void {
  const { row, column } = grid.active;
  const range = grid.range;
  nameBox.textContent = range.numRows * range.numColumns > 1 ? formatA1(range) : `${columnLetters(column)}${row}`;
  if (document.activeElement === formulaInput) return;
  if (!grid.isEditing) hint.hide();
  const cell = grid.selectedCell();
  formulaInput.value = cell?.spilledFrom ? '' : (cell?.input ?? '');
  formulaInput.placeholder = cell?.spilledFrom?.formula ?? '';
}

formulaInput.addEventListener('input', () => hint.update(formulaInput.value, grid.belowActiveCell()));
formulaInput.addEventListener('blur', () => {
  if (!grid.isEditing) hint.hide();
});
formulaInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    grid.enter(formulaInput.value);
  } else if (event.key === 'Escape') {
    event.preventDefault();
    scroll.focus();
    showSelectionInFormulaBar();
  }
});

byId('sidebar-close').addEventListener('click', () => {
  sidebar.hidden = true;
  act(api.closeSidebar());
});

byId('dialog-close').addEventListener('click', () => {
  dialog.hidden = true;
  act(api.closeDialog());
});

setInterval(() => {
  if (!api.busy() && !grid.isEditing) void refresh();
}, POLL_MS);
void refresh().then(() => scroll.focus());
