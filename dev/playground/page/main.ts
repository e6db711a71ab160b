// The playground page: polls the server for the spreadsheet's state and draws it (grid, sheet tabs, menus, the
// add-on's sidebar, toasts); sends what the user types, clicks and chooses.
import { columnLetters } from '../../gas-fakes/a1';
import type { ActionReply, StateView, ToastView } from '../protocol';
import * as api from './api';
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
const toasts = byId('toasts');

let viewedSheet: string | null = null;
let revision: number | null = null;
let activeSheet: string | null = null;
let sidebarId: number | null = null;
let lastToastId: number | null = null;

const grid = new Grid(
  scroll,
  byId<HTMLTableElement>('grid'),
  byId<HTMLInputElement>('cell-editor'),
  byId('cell-note'),
  {
    commit(position, input) {
      const sheet = grid.sheetName;
      if (sheet !== null)
        void api
          .editCell({ sheet, ...position, input })
          .then(report)
          .then(refresh);
    },
    selected: showSelectionInFormulaBar,
    draft(text) {
      formulaInput.value = text;
    },
  },
);

const menuBar = new MenuBar(byId('menubar'), (functionName) => {
  void api.runMenuItem(functionName).then(report).then(refresh);
});

async function refresh(): Promise<void> {
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
  showToasts(state.toasts);
  grid.show(state.sheet);
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
        void api.activateSheet(name).then(report).then(refresh);
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

/** Toasts that arrived since the page loaded. */
function showToasts(latest: ToastView[]): void {
  for (const toast of latest) {
    if (lastToastId !== null && toast.id > lastToastId) showToast(toast.title, toast.message, false);
  }
  lastToastId = Math.max(lastToastId ?? -1, ...latest.map((toast) => toast.id));
}

function showToast(title: string, message: string, isError: boolean): void {
  const toast = document.createElement('div');
  toast.className = isError ? 'toast error' : 'toast';
  toast.setAttribute('role', isError ? 'alert' : 'status');
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
  if (reply.error) showToast('Something went wrong', reply.error, true);
}

/** The selected cell's name and formula or value; a cell a result spilled into shows that formula, greyed. */
function showSelectionInFormulaBar(): void {
  const { row, column } = grid.selection;
  nameBox.textContent = `${columnLetters(column)}${row}`;
  if (document.activeElement === formulaInput) return;
  const cell = grid.selectedCell();
  formulaInput.value = cell?.spilledFrom ? '' : (cell?.input ?? '');
  formulaInput.placeholder = cell?.spilledFrom?.formula ?? '';
}

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
  void api.closeSidebar().then(refresh);
});

setInterval(() => {
  if (!api.busy() && !grid.isEditing) void refresh();
}, POLL_MS);
void refresh().then(() => scroll.focus());
