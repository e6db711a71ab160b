// The spreadsheet grid: column letters (A… Z, AA, AB…) and row numbers, cells as Sheets shows them, a selection
// (click, drag, Shift+click, Shift+arrows) with its current cell, an in-cell editor, copy and paste (Ctrl/Cmd+C,
// Ctrl/Cmd+V), fill down (Ctrl/Cmd+D or the fill handle), error notes, cell notes and backgrounds, and columns sized to their content (or
// dragged wider). Every text from the server goes into the DOM as textContent.
import { columnLetters, formatA1, type GridRect } from '../../gas-fakes/a1';
import { toClipboardText } from '../clipboard';
import type { CellView, SheetView } from '../protocol';
import { clampRect, extendDown, rectBetween, type Position } from '../range';
import { CellNote } from './note';

export type { Position };

/** What a paste carries: cells copied in this grid (their values are pasted), or text from elsewhere. */
export type PasteSource = { from: { sheet: string; a1: string } } | { text: string };

export interface GridEvents {
  /** The user entered `input` into a cell (Enter, Tab, a click elsewhere). */
  commit(position: Position, input: string): void;
  /** The current cell or the selection moved, or the selected cell changed. */
  selected(): void;
  /** A selection the user finished making (a drag ended, a click, a key): the script's active range. */
  selectionMade(range: GridRect): void;
  /** The in-cell editor's text changed, for the formula bar to follow. */
  draft(text: string): void;
  /** Paste at the selection's top-left cell. */
  paste(at: GridRect, source: PasteSource): void;
  /** Fill down over `range` (one row: from the row above). */
  fill(range: GridRect): void;
  /** Empty the cells of `range` (Delete). */
  clear(range: GridRect): void;
}

export interface GridElements {
  /** Holds the scrolling grid and the note laid over it. */
  area: HTMLElement;
  scroll: HTMLElement;
  table: HTMLTableElement;
  editor: HTMLInputElement;
  note: HTMLElement;
  /** The border around the selection, the dashed border around copied cells, and the fill handle. */
  rangeBox: HTMLElement;
  copyBox: HTMLElement;
  fillHandle: HTMLElement;
}

const ROW_HEADER_WIDTH = 46;
const HEADER_HEIGHT = 22;
const MIN_COLUMN_WIDTH = 100;
const MAX_FITTED_WIDTH = 320;
const CELL_PADDING = 12;
const CELL_FONT = '13px Arial, sans-serif';

const keyOf = ({ row, column }: Position) => `${row}:${column}`;
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export class Grid {
  /** The current cell: where typing goes, what the formula bar shows. */
  active: Position = { row: 1, column: 1 };
  /** The other corner of the selection (the active cell itself when one cell is selected). */
  private rangeEnd: Position = { row: 1, column: 1 };
  private view: SheetView | null = null;
  private cells = new Map<string, CellView>();
  private tds: HTMLTableCellElement[][] = [];
  private columnHeads: HTMLTableCellElement[] = [];
  private rowHeads: HTMLTableCellElement[] = [];
  private cols: HTMLTableColElement[] = [];
  private highlighted: HTMLTableCellElement[] = [];
  /** Widths the user dragged, per sheet; other columns fit their content. */
  private readonly draggedWidths = new Map<string, Map<number, number>>();
  /**
   * The selection the server holds per sheet, as last reported or as this page last sent it: a state reporting
   * another one means a script selected cells, and the grid follows.
   */
  private readonly serverSelections = new Map<string, string>();
  private editing: Position | null = null;
  private copied: { sheet: string; range: GridRect; text: string } | null = null;
  private readonly ruler = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  private readonly note: CellNote;

  constructor(
    private readonly elements: GridElements,
    private readonly events: GridEvents,
  ) {
    const { scroll, table, editor } = elements;
    this.ruler.font = CELL_FONT;
    this.note = new CellNote(elements.area, scroll, elements.note, () => ({
      width: ROW_HEADER_WIDTH,
      height: HEADER_HEIGHT + this.frozenHeight(),
    }));
    table.addEventListener('mousedown', (event) => this.onMouseDown(event));
    table.addEventListener('dblclick', (event) => {
      if (this.positionOf(event.target)) this.startEditing(null);
    });
    table.addEventListener('mouseover', (event) => this.onHover(event.target));
    table.addEventListener('mouseleave', () => this.showNote());
    elements.fillHandle.addEventListener('mousedown', (event) => this.startFillDrag(event));
    scroll.addEventListener('keydown', (event) => this.onGridKey(event));
    editor.addEventListener('keydown', (event) => this.onEditorKey(event));
    editor.addEventListener('input', () => {
      this.sizeEditor();
      this.events.draft(editor.value);
    });
    editor.addEventListener('blur', () => this.commitEdit(0, 0, false));
    this.listenToClipboard();
  }

  get sheetName(): string | null {
    return this.view?.name ?? null;
  }

  get isEditing(): boolean {
    return this.editing !== null;
  }

  /** The selected cells. */
  get range(): GridRect {
    return rectBetween(this.active, this.rangeEnd);
  }

  selectedCell(): CellView | undefined {
    return this.cells.get(keyOf(this.active));
  }

  /** Just below the current cell, in the grid's coordinates: where a hint about what is typed into it goes. */
  belowActiveCell(): { left: number; top: number } {
    const td = this.td(this.active);
    return { left: td.offsetLeft, top: td.offsetTop + td.offsetHeight };
  }

  /**
   * Draws `view`. `selectionCurrent` is false when this page sent a selection after asking for the view: its
   * selection is then an older one of the page's own, not a script's, and following it would undo what the user
   * selected since (a drag, a click before typing).
   */
  show(view: SheetView, selectionCurrent: boolean): void {
    const previous = this.view;
    this.view = view;
    this.cells = new Map(view.cells.map((cell) => [keyOf(cell), cell]));
    const sameShape =
      previous &&
      previous.name === view.name &&
      previous.rows === view.rows &&
      previous.columns === view.columns &&
      previous.frozenRows === view.frozenRows;
    if (!sameShape) this.build(view);
    if (previous?.name !== view.name) this.scroll().scrollTo(0, 0);
    for (let row = 1; row <= view.rows; row++) {
      for (let column = 1; column <= view.columns; column++) this.paint(row, column);
    }
    this.fitColumns();
    if (selectionCurrent && this.serverSelections.get(view.name) !== view.selection.a1) {
      this.serverSelections.set(view.name, view.selection.a1);
      const { row, column, numRows, numColumns } = clampRect(view.selection, view.rows, view.columns);
      this.active = { row, column };
      this.rangeEnd = { row: row + numRows - 1, column: column + numColumns - 1 };
    }
    this.select(this.active, this.rangeEnd, false);
  }

  /** Selects from `active` to `rangeEnd` (the same cell by default), clamped to the grid. */
  select(active: Position, rangeEnd: Position = active, scrollIntoView = true): void {
    if (!this.view) return;
    const clamp = ({ row, column }: Position) => ({
      row: Math.min(Math.max(row, 1), this.view!.rows),
      column: Math.min(Math.max(column, 1), this.view!.columns),
    });
    this.active = clamp(active);
    this.rangeEnd = clamp(rangeEnd);
    this.highlight();
    if (scrollIntoView) this.td(this.rangeEnd).scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.showNote();
    this.events.selected();
  }

  /** Starts editing the current cell with `initial` as its text, or with what the cell holds. */
  startEditing(initial: string | null): void {
    if (!this.view) return;
    const { editor } = this.elements;
    this.select(this.active, this.active, false);
    this.editing = { ...this.active };
    editor.value = initial ?? this.selectedCell()?.input ?? '';
    const td = this.td(this.active);
    editor.style.left = `${td.offsetLeft}px`;
    editor.style.top = `${td.offsetTop}px`;
    editor.hidden = false;
    this.note.hide();
    this.setOverlaysHidden(true);
    this.sizeEditor();
    editor.focus();
    editor.setSelectionRange(editor.value.length, editor.value.length);
    this.events.draft(editor.value);
  }

  /** Enters `input` into the current cell and moves down, as Enter in the formula bar does. */
  enter(input: string): void {
    this.scroll().focus();
    this.commit(this.active, input);
    this.moveTo({ row: this.active.row + 1, column: this.active.column });
  }

  private scroll(): HTMLElement {
    return this.elements.scroll;
  }

  private td({ row, column }: Position): HTMLTableCellElement {
    return this.tds[row - 1][column - 1];
  }

  /** Selects one cell, and tells the script. */
  private moveTo(position: Position, rangeEnd: Position = position): void {
    this.select(position, rangeEnd);
    this.selectionMade(this.range);
  }

  /** Tells the script the user selected `range`, which the server holds from then on. */
  private selectionMade(range: GridRect): void {
    if (this.view) this.serverSelections.set(this.view.name, formatA1(range));
    this.events.selectionMade(range);
  }

  private commit(position: Position, input: string): void {
    const td = this.td(position);
    // Until the server answers: a formula is loading, a value shows as typed.
    td.textContent = input.startsWith('=') ? 'Loading…' : input;
    td.classList.toggle('pending', input.startsWith('='));
    this.events.commit(position, input);
  }

  private commitEdit(rowStep: number, columnStep: number, refocus = true): void {
    const position = this.editing;
    if (!position) return;
    this.editing = null;
    this.elements.editor.hidden = true;
    this.setOverlaysHidden(false);
    this.commit(position, this.elements.editor.value);
    this.moveTo({ row: position.row + rowStep, column: position.column + columnStep });
    if (refocus) this.scroll().focus();
  }

  private cancelEdit(): void {
    this.editing = null;
    this.elements.editor.hidden = true;
    this.setOverlaysHidden(false);
    this.scroll().focus();
    this.select(this.active, this.rangeEnd, false);
  }

  private onGridKey(event: KeyboardEvent): void {
    if (this.editing || !this.view || event.target !== this.scroll()) return;
    const command = event.ctrlKey || event.metaKey;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      if (event.shiftKey) {
        const { row, column } = this.rangeEnd;
        this.select(this.active, { row: row + move[0], column: column + move[1] });
        this.selectionMade(this.range);
      } else {
        this.moveTo({ row: this.active.row + move[0], column: this.active.column + move[1] });
      }
    } else if (event.key === 'Tab') {
      event.preventDefault();
      this.moveTo({ row: this.active.row, column: this.active.column + (event.shiftKey ? -1 : 1) });
    } else if (command && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      this.events.fill(this.range);
    } else if (event.key === 'Escape') {
      this.setCopied(null);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      this.startEditing(null);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      this.clearRange();
    } else if (event.key.length === 1 && !command && !event.altKey) {
      event.preventDefault();
      this.startEditing(event.key);
    }
  }

  /** Empties the selected cells, showing them empty until the server answers. */
  private clearRange(): void {
    const range = this.range;
    for (let r = 0; r < range.numRows; r++) {
      for (let c = 0; c < range.numColumns; c++)
        this.td({ row: range.row + r, column: range.column + c }).textContent = '';
    }
    this.events.clear(range);
  }

  private onEditorKey(event: KeyboardEvent): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      this.commitEdit(event.shiftKey ? -1 : 1, 0);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      this.commitEdit(0, event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.cancelEdit();
    }
  }

  /** A click selects a cell, Shift+click extends the selection to it, a drag selects the cells it passes over. */
  private onMouseDown(event: MouseEvent): void {
    const target = event.target as HTMLElement;
    if (target.classList.contains('col-resizer')) return this.startResize(event, Number(target.dataset.column));
    const position = this.positionOf(target);
    if (!position || event.button !== 0) return;
    event.preventDefault();
    this.commitEdit(0, 0, false);
    this.scroll().focus();
    if (event.shiftKey) this.select(this.active, position, false);
    else this.select(position, position, false);
    this.dragOver(
      (over) => this.select(this.active, over, false),
      () => this.selectionMade(this.range),
    );
  }

  /** Follows the pointer over the grid's cells until the button is released. */
  private dragOver(move: (position: Position) => void, done: () => void): void {
    const onMove = (event: MouseEvent) => {
      const position = this.positionOf(document.elementFromPoint(event.clientX, event.clientY));
      if (position) move(position);
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      done();
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  }

  /** Dragging the fill handle down: on release, the selection grows to the row reached and fills down. */
  private startFillDrag(event: MouseEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const start = this.range;
    let target: GridRect | null = null;
    this.dragOver(
      ({ row }) => {
        target = extendDown(start, row);
        this.placeBox(this.elements.rangeBox, target ?? start);
      },
      () => {
        if (!target) return this.highlight();
        const filled: GridRect = target;
        this.select(
          { row: filled.row, column: filled.column },
          { row: filled.row + filled.numRows - 1, column: filled.column + filled.numColumns - 1 },
          false,
        );
        this.selectionMade(filled);
        this.events.fill(filled);
      },
    );
  }

  private onHover(target: EventTarget | null): void {
    const position = this.positionOf(target);
    const cell = position && this.cells.get(keyOf(position));
    if (position && (cell?.error || cell?.note) && !this.editing) this.note.show(this.td(position), cell);
  }

  /**
   * Copy and paste while the grid has the focus. Chromium only runs its copy and paste commands with nothing
   * selected in the page when beforecopy/beforepaste are cancelled, as spreadsheets in the browser do.
   */
  private listenToClipboard(): void {
    const gridFocused = () => document.activeElement === this.scroll() && !this.editing && this.view !== null;
    for (const type of ['beforecopy', 'beforepaste']) {
      document.addEventListener(type, (event) => {
        if (gridFocused()) event.preventDefault();
      });
    }
    document.addEventListener('copy', (event) => {
      if (!gridFocused()) return;
      event.preventDefault();
      const text = this.rangeText(this.range);
      event.clipboardData?.setData('text/plain', text);
      this.setCopied({ sheet: this.view!.name, range: this.range, text });
    });
    document.addEventListener('paste', (event) => {
      if (!gridFocused()) return;
      event.preventDefault();
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text === '') return;
      const copied = this.copied;
      const source: PasteSource =
        copied && copied.text === text ? { from: { sheet: copied.sheet, a1: formatA1(copied.range) } } : { text };
      this.events.paste(this.range, source);
    });
  }

  /** The cells as Sheets puts them on the clipboard: what they show, tab-separated, one line per row. */
  private rangeText(range: GridRect): string {
    return toClipboardText(
      Array.from({ length: range.numRows }, (_, r) =>
        Array.from(
          { length: range.numColumns },
          (_, c) => this.cells.get(keyOf({ row: range.row + r, column: range.column + c }))?.text ?? '',
        ),
      ),
    );
  }

  private setCopied(copied: Grid['copied']): void {
    this.copied = copied;
    this.placeCopyBox();
  }

  private positionOf(target: EventTarget | Element | null): Position | null {
    const td = (target as HTMLElement | null)?.closest?.('td');
    if (!td || !this.elements.table.contains(td)) return null;
    return { row: Number(td.dataset.row), column: Number(td.dataset.column) };
  }

  /** Marks the selection: its cells tinted, the current cell outlined, its row and column headers lit. */
  private highlight(): void {
    for (const td of this.highlighted) td.classList.remove('selected', 'in-range');
    for (const head of [...this.columnHeads, ...this.rowHeads]) head.classList.remove('active');
    const range = this.range;
    this.highlighted = [];
    for (let r = 0; r < range.numRows; r++) {
      for (let c = 0; c < range.numColumns; c++) {
        const td = this.td({ row: range.row + r, column: range.column + c });
        td.classList.add('in-range');
        this.highlighted.push(td);
      }
    }
    this.td(this.active).classList.add('selected');
    for (let c = 0; c < range.numColumns; c++) this.columnHeads[range.column + c - 1].classList.add('active');
    for (let r = 0; r < range.numRows; r++) this.rowHeads[range.row + r - 1].classList.add('active');
    this.placeBox(this.elements.rangeBox, range);
    this.placeFillHandle(range);
    this.placeCopyBox();
  }

  private placeBox(box: HTMLElement, range: GridRect): void {
    const first = this.td({ row: range.row, column: range.column });
    const last = this.td({ row: range.row + range.numRows - 1, column: range.column + range.numColumns - 1 });
    box.style.left = `${first.offsetLeft}px`;
    box.style.top = `${first.offsetTop}px`;
    box.style.width = `${last.offsetLeft + last.offsetWidth - first.offsetLeft}px`;
    box.style.height = `${last.offsetTop + last.offsetHeight - first.offsetTop}px`;
    box.hidden = this.editing !== null;
  }

  private placeFillHandle(range: GridRect): void {
    const last = this.td({ row: range.row + range.numRows - 1, column: range.column + range.numColumns - 1 });
    const handle = this.elements.fillHandle;
    handle.style.left = `${last.offsetLeft + last.offsetWidth - 4}px`;
    handle.style.top = `${last.offsetTop + last.offsetHeight - 4}px`;
    handle.hidden = this.editing !== null;
  }

  private placeCopyBox(): void {
    const copied = this.copied;
    const box = this.elements.copyBox;
    if (!copied || !this.view || copied.sheet !== this.view.name) {
      box.hidden = true;
      return;
    }
    this.placeBox(box, clampRect(copied.range, this.view.rows, this.view.columns));
  }

  private setOverlaysHidden(hidden: boolean): void {
    this.elements.rangeBox.hidden = hidden;
    this.elements.fillHandle.hidden = hidden;
  }

  private frozenHeight(): number {
    const frozen = this.view?.frozenRows ?? 0;
    return frozen > 0 ? this.rowHeads.slice(0, frozen).reduce((sum, th) => sum + th.offsetHeight, 0) : 0;
  }

  private build(view: SheetView): void {
    const colgroup = document.createElement('colgroup');
    const corner = document.createElement('col');
    corner.style.width = `${ROW_HEADER_WIDTH}px`;
    this.cols = Array.from({ length: view.columns }, () => document.createElement('col'));
    colgroup.append(corner, ...this.cols);

    const headRow = document.createElement('tr');
    const cornerHead = document.createElement('th');
    cornerHead.className = 'corner';
    this.columnHeads = this.cols.map((_, i) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = columnLetters(i + 1);
      const resizer = document.createElement('div');
      resizer.className = 'col-resizer';
      resizer.dataset.column = String(i + 1);
      th.append(resizer);
      return th;
    });
    headRow.append(cornerHead, ...this.columnHeads);
    const thead = document.createElement('thead');
    thead.append(headRow);

    const tbody = document.createElement('tbody');
    this.rowHeads = [];
    this.tds = [];
    for (let row = 1; row <= view.rows; row++) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = String(row);
      this.rowHeads.push(th);
      const line = Array.from({ length: view.columns }, (_, i) => {
        const td = document.createElement('td');
        td.dataset.row = String(row);
        td.dataset.column = String(i + 1);
        return td;
      });
      this.tds.push(line);
      tr.append(th, ...line);
      if (row <= view.frozenRows) tr.classList.add('frozen');
      if (row === view.frozenRows) tr.classList.add('frozen-last');
      tbody.append(tr);
    }
    this.elements.table.replaceChildren(colgroup, thead, tbody);
    // Frozen rows stick below the column letters and the frozen rows above them.
    tbody.querySelectorAll<HTMLTableRowElement>('tr.frozen').forEach((tr) => {
      for (const cell of Array.from(tr.children) as HTMLElement[]) cell.style.top = `${tr.offsetTop}px`;
    });
    this.highlighted = [];
    this.editing = null;
    this.elements.editor.hidden = true;
  }

  private paint(row: number, column: number): void {
    const td = this.tds[row - 1][column - 1];
    const cell = this.cells.get(`${row}:${column}`);
    td.textContent = cell?.text ?? '';
    td.classList.remove('number', 'boolean', 'date', 'error', 'pending');
    if (cell && cell.kind !== 'text') td.classList.add(cell.kind);
    td.classList.toggle('has-note', cell?.note !== undefined);
    // A variable, so the selection's tint still shows over a coloured cell.
    if (cell?.background) td.style.setProperty('--cell-background', cell.background);
    else td.style.removeProperty('--cell-background');
    if (cell?.error) td.title = `${cell.error.code} ${cell.error.message}`;
    else td.removeAttribute('title');
  }

  private fitColumns(): void {
    const view = this.view as SheetView;
    const widest = new Map<number, number>();
    for (const cell of view.cells) {
      const width = this.ruler.measureText(cell.text).width + CELL_PADDING;
      widest.set(cell.column, Math.max(widest.get(cell.column) ?? 0, width));
    }
    const dragged = this.draggedWidths.get(view.name);
    this.cols.forEach((col, i) => {
      const fitted = Math.min(MAX_FITTED_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.ceil(widest.get(i + 1) ?? 0)));
      col.style.width = `${dragged?.get(i + 1) ?? fitted}px`;
    });
    this.updateTableWidth();
  }

  private updateTableWidth(): void {
    const total = this.cols.reduce((sum, col) => sum + parseFloat(col.style.width), ROW_HEADER_WIDTH);
    this.elements.table.style.width = `${total}px`;
  }

  private startResize(event: MouseEvent, column: number): void {
    event.preventDefault();
    const view = this.view as SheetView;
    const col = this.cols[column - 1];
    const startX = event.clientX;
    const startWidth = parseFloat(col.style.width);
    let widths = this.draggedWidths.get(view.name);
    if (!widths) this.draggedWidths.set(view.name, (widths = new Map()));
    const onMove = (move: MouseEvent) => {
      const width = Math.max(24, Math.round(startWidth + move.clientX - startX));
      col.style.width = `${width}px`;
      widths.set(column, width);
      this.updateTableWidth();
      this.highlight();
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  }

  private sizeEditor(): void {
    const td = this.td(this.active);
    const textWidth = this.ruler.measureText(this.elements.editor.value).width + CELL_PADDING * 2;
    this.elements.editor.style.width = `${Math.max(td.offsetWidth + 1, Math.ceil(textWidth))}px`;
  }

  /** The current cell's error and note, unless the editor is open. */
  private showNote(): void {
    if (this.editing) return this.note.hide();
    this.note.show(this.td(this.active), this.selectedCell());
  }
}
