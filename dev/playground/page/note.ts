// A cell's error and note (the page's version of Sheets' hover card), laid over the grid rather than inside it: it stays
// beside its cell as the grid scrolls, flips to the cell's left when there is no room on the right, stays clear of
// the row and column headers, and hides when its cell scrolls out of view.
import type { CellView } from '../protocol';

const GAP = 4;

export class CellNote {
  private cell: HTMLTableCellElement | null = null;

  constructor(
    /** The element the note is positioned in: it covers the grid's viewport and does not scroll. */
    private readonly area: HTMLElement,
    private readonly scroll: HTMLElement,
    private readonly note: HTMLElement,
    /** The row and column headers' size, which the note keeps clear of. */
    private readonly headers: () => { width: number; height: number },
  ) {
    scroll.addEventListener('scroll', () => this.place());
    window.addEventListener('resize', () => this.place());
  }

  /** Shows the error and the note of `view` beside `td`, or hides the card when the cell has neither. */
  show(td: HTMLTableCellElement | null, view: CellView | undefined): void {
    const parts = view ? [...errorParts(view), ...noteParts(view)] : [];
    if (!td || parts.length === 0) return this.hide();
    this.note.replaceChildren(...parts);
    this.note.classList.toggle('error', view?.error !== undefined);
    this.cell = td;
    this.note.hidden = false;
    this.place();
  }

  hide(): void {
    this.cell = null;
    this.note.hidden = true;
  }

  private place(): void {
    if (!this.cell) return;
    const area = this.area.getBoundingClientRect();
    const cell = this.cell.getBoundingClientRect();
    const { width: headerWidth, height: headerHeight } = this.headers();
    // The visible part of the grid, in the area's coordinates.
    const view = {
      left: headerWidth,
      top: headerHeight,
      right: this.scroll.clientWidth,
      bottom: this.scroll.clientHeight,
    };
    const left = cell.left - area.left;
    const right = cell.right - area.left;
    const top = cell.top - area.top;
    const bottom = cell.bottom - area.top;
    const outOfView = right <= view.left || left >= view.right || bottom <= view.top || top >= view.bottom;
    this.note.style.visibility = outOfView ? 'hidden' : 'visible';
    if (outOfView) return;
    const { offsetWidth: width, offsetHeight: height } = this.note;
    const onRight = right + GAP + width <= view.right || left - GAP - width < view.left;
    const x = onRight ? Math.min(right + GAP, view.right - width) : left - GAP - width;
    const y = Math.min(Math.max(top, view.top), view.bottom - height);
    this.note.style.left = `${Math.max(view.left, x)}px`;
    this.note.style.top = `${Math.max(view.top, y)}px`;
  }
}

function errorParts({ error }: CellView): HTMLElement[] {
  if (!error) return [];
  const title = document.createElement('span');
  title.className = 'cell-note-title';
  title.textContent = error.code === '#ERROR!' ? 'Error' : error.code;
  const message = document.createElement('span');
  message.textContent = error.message;
  return [title, message];
}

/** The cell's note as text: it comes from the script, which may have copied it from the API. */
function noteParts({ note }: CellView): HTMLElement[] {
  if (note === undefined) return [];
  const text = document.createElement('span');
  text.className = 'cell-note-text';
  text.textContent = note;
  return [text];
}
