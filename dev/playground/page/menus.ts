// The menu bar: "Extensions" holding the add-on menus (as Sheets shows them), then any menu a script added.
// Items run their function on the server; a submenu opens on hover or click.
import type { MenuItemView, MenuView } from '../protocol';

export class MenuBar {
  private shown = '';
  /** Menus that changed while one was open: drawn once it closes, so a redraw never pulls a menu from under a click. */
  private pending: [MenuView[], MenuView[]] | null = null;

  constructor(
    private readonly bar: HTMLElement,
    private readonly run: (functionName: string) => void,
  ) {
    document.addEventListener('mousedown', (event) => {
      if (!this.bar.contains(event.target as Node)) this.closeAll();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.closeAll();
    });
  }

  show(extensionMenus: MenuView[], menus: MenuView[]): void {
    const signature = JSON.stringify([extensionMenus, menus]);
    if (signature === this.shown) return;
    if (this.bar.querySelector('[aria-expanded="true"]') !== null) {
      this.pending = [extensionMenus, menus];
      return;
    }
    this.pending = null;
    this.shown = signature;
    const extensions = { title: 'Extensions', items: extensionMenus };
    this.bar.replaceChildren(...[extensions, ...menus].map((menu) => this.root(menu)));
  }

  private root(menu: MenuView): HTMLElement {
    const root = document.createElement('div');
    root.className = 'menu-root';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'menubar-button';
    button.textContent = menu.title;
    button.setAttribute('aria-haspopup', 'menu');
    button.setAttribute('aria-expanded', 'false');
    button.disabled = menu.items.length === 0;
    const list = this.list(menu.items);
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      this.closeAll();
      this.setOpen(button, list, open);
    });
    root.append(button, list);
    return root;
  }

  private list(items: MenuItemView[]): HTMLUListElement {
    const list = document.createElement('ul');
    list.className = 'menu';
    list.setAttribute('role', 'menu');
    list.hidden = true;
    list.append(...items.map((item) => this.item(item)));
    return list;
  }

  private item(item: MenuItemView): HTMLLIElement {
    const li = document.createElement('li');
    li.setAttribute('role', 'none');
    if (item === 'separator') {
      li.className = 'menu-separator';
      return li;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'menu-item';
    button.setAttribute('role', 'menuitem');
    const caption = document.createElement('span');
    caption.textContent = 'items' in item ? item.title : item.caption;
    button.append(caption);
    li.append(button);
    if ('items' in item) {
      const arrow = document.createElement('span');
      arrow.className = 'submenu-arrow';
      arrow.textContent = '▸';
      button.append(arrow);
      button.setAttribute('aria-haspopup', 'menu');
      const submenu = this.list(item.items);
      li.append(submenu);
      const open = () => this.setOpen(button, submenu, true);
      button.addEventListener('click', open);
      li.addEventListener('mouseenter', open);
      li.addEventListener('mouseleave', () => this.setOpen(button, submenu, false));
    } else {
      button.addEventListener('click', () => {
        this.closeAll();
        this.run(item.functionName);
      });
    }
    return li;
  }

  private setOpen(button: HTMLElement, list: HTMLElement, open: boolean): void {
    button.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  }

  private closeAll(): void {
    this.bar
      .querySelectorAll('[aria-expanded="true"]')
      .forEach((button) => button.setAttribute('aria-expanded', 'false'));
    this.bar.querySelectorAll<HTMLElement>('.menu').forEach((list) => (list.hidden = true));
    if (this.pending !== null) this.show(...this.pending);
  }
}
