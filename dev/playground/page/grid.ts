// The spreadsheet grid: column letters and row numbers, cells as Sheets shows them, a selected cell moved by click
// and arrow keys, an in-cell editor, the error note of the selected cell, and columns sized to their content
// (or dragged wider). Every text from the server goes into the DOM as textContent.
import { columnLetters } from '../../gas-fakes/a1';
import type { CellView, SheetView } from '../protocol';

export interface Position {
  row: number;
  column: number;
}

export interface GridEvents {
  /** The user entered `input` into a cell (Enter, Tab, a click elsewhere, Delete). */
  commit(position: Position, input: string): void;
  /** The selection moved, or the selected cell changed. */
  selected(): void;
  /** The in-cell editor's text changed, for the formula bar to follow. */
  draft(text: string): void;
}

const ROW_HEADER_WIDTH = 46;
const MIN_COLUMN_WIDTH = 100;
const MAX_FITTED_WIDTH = 320;
const CELL_PADDING = 12;
const CELL_FONT = '13px Arial, sans-serif';

const keyOf = ({ row, column }: Position) => `${row}:${column}`;

export class Grid {
  selection: Position = { row: 1, column: 1 };
  private view: SheetView | null = null;
  private cells = new Map<string, CellView>();
  private tds: HTMLTableCellElement[][] = [];
  private columnHeads: HTMLTableCellElement[] = [];
  private rowHeads: HTMLTableCellElement[] = [];
  private cols: HTMLTableColElement[] = [];
  /** Widths the user dragged, per sheet; other columns fit their content. */
  private readonly draggedWidths = new Map<string, Map<number, number>>();
  private editing: Position | null = null;
  private readonly ruler = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;

  constructor(
    private readonly scroll: HTMLElement,
    private readonly table: HTMLTableElement,
    private readonly editor: HTMLInputElement,
    private readonly note: HTMLElement,
    private readonly events: GridEvents,
  ) {
    this.ruler.font = CELL_FONT;
    table.addEventListener('mousedown', (event) => this.onMouseDown(event));
    table.addEventListener('dblclick', (event) => {
      if (this.positionOf(event.target)) this.startEditing(null);
    });
    scroll.addEventListener('keydown', (event) => this.onGridKey(event));
    editor.addEventListener('keydown', (event) => this.onEditorKey(event));
    editor.addEventListener('input', () => {
      this.sizeEditor();
      this.events.draft(this.editor.value);
    });
    editor.addEventListener('blur', () => this.commitEdit(0, 0, false));
  }

  get sheetName(): string | null {
    return this.view?.name ?? null;
  }

  get isEditing(): boolean {
    return this.editing !== null;
  }

  selectedCell(): CellView | undefined {
    return this.cells.get(keyOf(this.selection));
  }

  show(view: SheetView): void {
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
    if (previous?.name !== view.name) {
      this.selection = { row: 1, column: 1 };
      this.scroll.scrollTo(0, 0);
    }
    for (let row = 1; row <= view.rows; row++) {
      for (let column = 1; column <= view.columns; column++) this.paint(row, column);
    }
    this.fitColumns();
    this.select(this.selection, false);
  }

  select(position: Position, scrollIntoView = true): void {
    if (!this.view) return;
    const previous = this.tds[this.selection.row - 1]?.[this.selection.column - 1];
    previous?.classList.remove('selected');
    this.columnHeads[this.selection.column - 1]?.classList.remove('active');
    this.rowHeads[this.selection.row - 1]?.classList.remove('active');
    this.selection = {
      row: Math.min(Math.max(position.row, 1), this.view.rows),
      column: Math.min(Math.max(position.column, 1), this.view.columns),
    };
    const td = this.selectedTd();
    td.classList.add('selected');
    this.columnHeads[this.selection.column - 1].classList.add('active');
    this.rowHeads[this.selection.row - 1].classList.add('active');
    if (scrollIntoView) td.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.showNote();
    this.events.selected();
  }

  /** Starts editing the selected cell with `initial` as its text, or with what the cell holds. */
  startEditing(initial: string | null): void {
    if (!this.view) return;
    this.editing = { ...this.selection };
    this.editor.value = initial ?? this.selectedCell()?.input ?? '';
    const td = this.selectedTd();
    this.editor.style.left = `${td.offsetLeft}px`;
    this.editor.style.top = `${td.offsetTop}px`;
    this.editor.hidden = false;
    this.note.hidden = true;
    this.sizeEditor();
    this.editor.focus();
    this.editor.setSelectionRange(this.editor.value.length, this.editor.value.length);
    this.events.draft(this.editor.value);
  }

  /** Enters `input` into the selected cell and moves down, as Enter in the formula bar does. */
  enter(input: string): void {
    this.scroll.focus();
    this.commit(this.selection, input);
    this.select({ row: this.selection.row + 1, column: this.selection.column });
  }

  private commit(position: Position, input: string): void {
    const td = this.tds[position.row - 1][position.column - 1];
    // Until the server answers: a formula is loading, a value shows as typed.
    td.textContent = input.startsWith('=') ? 'Loading…' : input;
    td.className = input.startsWith('=') ? 'pending' : '';
    if (keyOf(position) === keyOf(this.selection)) td.classList.add('selected');
    this.events.commit(position, input);
  }

  private commitEdit(rowStep: number, columnStep: number, refocus = true): void {
    const position = this.editing;
    if (!position) return;
    this.editing = null;
    this.editor.hidden = true;
    this.commit(position, this.editor.value);
    this.select({ row: position.row + rowStep, column: position.column + columnStep });
    if (refocus) this.scroll.focus();
  }

  private cancelEdit(): void {
    this.editing = null;
    this.editor.hidden = true;
    this.scroll.focus();
    this.select(this.selection, false);
  }

  private onGridKey(event: KeyboardEvent): void {
    if (this.editing || !this.view || event.target !== this.scroll) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Tab: [0, event.shiftKey ? -1 : 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      this.select({ row: this.selection.row + move[0], column: this.selection.column + move[1] });
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      this.startEditing(null);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      this.commit(this.selection, '');
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.startEditing(event.key);
    }
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

  private onMouseDown(event: MouseEvent): void {
    const target = event.target as HTMLElement;
    if (target.classList.contains('col-resizer')) return this.startResize(event, Number(target.dataset.column));
    const position = this.positionOf(target);
    if (!position) return;
    this.commitEdit(0, 0, false);
    this.select(position, false);
  }

  private positionOf(target: EventTarget | null): Position | null {
    const td = (target as HTMLElement | null)?.closest?.('td');
    if (!td || !this.table.contains(td)) return null;
    return { row: Number(td.dataset.row), column: Number(td.dataset.column) };
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
    this.table.replaceChildren(colgroup, thead, tbody);
    // Frozen rows stick below the column letters and the frozen rows above them.
    tbody.querySelectorAll<HTMLTableRowElement>('tr.frozen').forEach((tr) => {
      for (const cell of Array.from(tr.children) as HTMLElement[]) cell.style.top = `${tr.offsetTop}px`;
    });
    this.editing = null;
    this.editor.hidden = true;
  }

  private paint(row: number, column: number): void {
    const td = this.tds[row - 1][column - 1];
    const cell = this.cells.get(`${row}:${column}`);
    td.textContent = cell?.text ?? '';
    td.className = cell && cell.kind !== 'text' ? cell.kind : '';
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
    this.table.style.width = `${total}px`;
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
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  }

  private selectedTd(): HTMLTableCellElement {
    return this.tds[this.selection.row - 1][this.selection.column - 1];
  }

  private sizeEditor(): void {
    const td = this.selectedTd();
    const textWidth = this.ruler.measureText(this.editor.value).width + CELL_PADDING * 2;
    this.editor.style.width = `${Math.max(td.offsetWidth + 1, Math.ceil(textWidth))}px`;
  }

  /** The selected cell's error, in a note below it (the page's version of Sheets' hover card). */
  private showNote(): void {
    const error = this.selectedCell()?.error;
    if (!error || this.editing) {
      this.note.hidden = true;
      return;
    }
    const title = document.createElement('span');
    title.className = 'cell-note-title';
    title.textContent = error.code === '#ERROR!' ? 'Error' : error.code;
    const message = document.createElement('span');
    message.textContent = error.message;
    this.note.replaceChildren(title, message);
    const td = this.selectedTd();
    // Beside the cell, as Sheets places it, leaving the cells below free to click.
    this.note.style.left = `${td.offsetLeft + td.offsetWidth + 4}px`;
    this.note.style.top = `${td.offsetTop}px`;
    this.note.hidden = false;
  }
}
