// HtmlService and SpreadsheetApp.getUi(): menus, sidebars, dialogs and alerts, recorded for tests to inspect.
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';

export interface MenuItemRecord {
  caption: string;
  functionName: string;
}

export interface MenuRecord {
  title: string;
  /** True for createAddonMenu() (shown under Extensions). */
  addon: boolean;
  items: Array<MenuItemRecord | 'separator' | MenuRecord>;
}

export interface UiLog {
  /** Menus as added by addToUi (a menu added again under the same title replaces the old one). */
  menus: MenuRecord[];
  sidebars: Array<{ title: string; html: string }>;
  dialogs: Array<{ title: string; html: string; modal: boolean }>;
  alerts: string[];
  toasts: Array<{ message: string; title: string }>;
}

export const ADDON_MENU_TITLE = 'Add-on';

const Button = { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' } as const;
const ButtonSet = { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' } as const;
const SandboxMode = { EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' } as const;
const XFrameOptionsMode = { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' } as const;

type HtmlOutputMembers =
  | 'getContent'
  | 'setContent'
  | 'append'
  | 'getTitle'
  | 'setTitle'
  | 'getWidth'
  | 'setWidth'
  | 'getHeight'
  | 'setHeight'
  | 'setSandboxMode'
  | 'setXFrameOptionsMode';

export class FakeHtmlOutput implements GasShape<GoogleAppsScript.HTML.HtmlOutput, HtmlOutputMembers> {
  private title = '';
  private width = 300;
  private height = 500;

  constructor(private content: string) {}

  getContent(): string {
    return this.content;
  }

  setContent(content: string): this {
    this.content = String(content);
    return this;
  }

  append(addedContent: string): this {
    this.content += String(addedContent);
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  setTitle(title: string): this {
    this.title = String(title);
    return this;
  }

  getWidth(): number {
    return this.width;
  }

  setWidth(width: number): this {
    this.width = width;
    return this;
  }

  getHeight(): number {
    return this.height;
  }

  setHeight(height: number): this {
    this.height = height;
    return this;
  }

  /** Only IFRAME exists nowadays; the call is accepted for compatibility. */
  setSandboxMode(): this {
    return this;
  }

  setXFrameOptionsMode(): this {
    return this;
  }
}

export class FakeHtmlService implements GasShape<
  GoogleAppsScript.HTML.HtmlService,
  'createHtmlOutput' | 'createHtmlOutputFromFile'
> {
  readonly SandboxMode = SandboxMode;
  readonly XFrameOptionsMode = XFrameOptionsMode;

  constructor(
    private readonly runtime: Runtime,
    private readonly files: Record<string, string>,
  ) {}

  createHtmlOutput(html: string = ''): FakeHtmlOutput {
    this.runtime.use('html', 'HtmlService.createHtmlOutput');
    return new FakeHtmlOutput(String(html));
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    this.runtime.use('html', 'HtmlService.createHtmlOutputFromFile');
    const name = String(filename).replace(/\.html$/, '');
    const content = this.files[name];
    if (content === undefined) throw this.runtime.exception(`No HTML file named ${name} was found.`);
    return new FakeHtmlOutput(content);
  }
}

export class FakeMenu implements GasShape<
  GoogleAppsScript.Base.Menu,
  'addItem' | 'addSeparator' | 'addSubMenu' | 'addToUi'
> {
  readonly record: MenuRecord;

  constructor(
    private readonly runtime: Runtime,
    private readonly log: UiLog,
    title: string,
    addon: boolean,
  ) {
    this.record = { title, addon, items: [] };
  }

  addItem(caption: string, functionName: string): this {
    this.runtime.use('menu', 'Menu.addItem');
    if (typeof functionName !== 'string' || functionName === '') {
      throw this.runtime.exception('Invalid argument: functionName');
    }
    this.record.items.push({ caption: String(caption), functionName });
    return this;
  }

  addSeparator(): this {
    this.runtime.use('menu', 'Menu.addSeparator');
    this.record.items.push('separator');
    return this;
  }

  addSubMenu(menu: unknown): this {
    this.runtime.use('menu', 'Menu.addSubMenu');
    if (!(menu instanceof FakeMenu)) throw this.runtime.exception('Invalid argument: menu');
    this.record.items.push(menu.record);
    return this;
  }

  addToUi(): void {
    this.runtime.use('menu', 'Menu.addToUi');
    const snapshot = structuredClone(this.record);
    const existing = this.log.menus.findIndex((menu) => menu.title === snapshot.title);
    if (existing >= 0) this.log.menus[existing] = snapshot;
    else this.log.menus.push(snapshot);
  }
}

// alert is left out: its Button result is a numeric enum in the typings, a name string in the fake.
type UiMembers = 'createAddonMenu' | 'createMenu' | 'showModalDialog' | 'showModelessDialog' | 'showSidebar';

export class FakeUi implements GasShape<GoogleAppsScript.Base.Ui, UiMembers> {
  readonly Button = Button;
  readonly ButtonSet = ButtonSet;

  constructor(
    private readonly runtime: Runtime,
    private readonly log: UiLog,
  ) {}

  createAddonMenu(): FakeMenu {
    this.runtime.use('menu', 'Ui.createAddonMenu');
    return new FakeMenu(this.runtime, this.log, ADDON_MENU_TITLE, true);
  }

  createMenu(caption: string): FakeMenu {
    this.runtime.use('menu', 'Ui.createMenu');
    return new FakeMenu(this.runtime, this.log, String(caption), false);
  }

  showSidebar(userInterface: unknown): void {
    this.runtime.use('ui', 'Ui.showSidebar');
    const output = this.htmlOutput(userInterface, 'showSidebar');
    this.log.sidebars.push({ title: output.getTitle(), html: output.getContent() });
  }

  showModalDialog(userInterface: unknown, title: string): void {
    this.runtime.use('ui', 'Ui.showModalDialog');
    this.log.dialogs.push({
      title: String(title),
      html: this.htmlOutput(userInterface, 'showModalDialog').getContent(),
      modal: true,
    });
  }

  showModelessDialog(userInterface: unknown, title: string): void {
    this.runtime.use('ui', 'Ui.showModelessDialog');
    this.log.dialogs.push({
      title: String(title),
      html: this.htmlOutput(userInterface, 'showModelessDialog').getContent(),
      modal: false,
    });
  }

  /** alert(prompt), alert(prompt, buttons) or alert(title, prompt, buttons); answers with the set's first button. */
  alert(...args: [string] | [string, string] | [string, string, string]): string {
    this.runtime.use('ui', 'Ui.alert');
    const buttons = args.length > 1 ? args[args.length - 1] : ButtonSet.OK;
    const text = args.length === 3 ? `${args[0]}: ${args[1]}` : String(args[0]);
    this.log.alerts.push(text);
    return buttons === ButtonSet.YES_NO || buttons === ButtonSet.YES_NO_CANCEL ? Button.YES : Button.OK;
  }

  private htmlOutput(value: unknown, method: string): FakeHtmlOutput {
    if (value instanceof FakeHtmlOutput) return value;
    throw this.runtime.exception(`The parameters (${typeof value}) don't match the method signature for Ui.${method}.`);
  }
}
