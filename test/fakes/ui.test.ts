import { OWNER, asOwner, newEnv } from './gas';

describe('HtmlService and the spreadsheet UI', () => {
  it('builds menus and records them (re-adding a menu replaces it)', () => {
    const env = newEnv();
    const build = () =>
      asOwner(env, ({ SpreadsheetApp }) => {
        const ui = SpreadsheetApp.getUi();
        const sub = ui.createMenu('More').addItem('Help', 'showHelp');
        ui.createAddonMenu().addItem('Open sidebar', 'showSidebar').addSeparator().addSubMenu(sub).addToUi();
      });
    build();
    build();
    expect(env.ui.menus).toEqual([
      {
        title: 'Add-on',
        addon: true,
        items: [
          { caption: 'Open sidebar', functionName: 'showSidebar' },
          'separator',
          { title: 'More', addon: false, items: [{ caption: 'Help', functionName: 'showHelp' }] },
        ],
      },
    ]);
  });

  it('shows sidebars and dialogs from html files and records their title and html', () => {
    const env = newEnv({ htmlFiles: { Sidebar: '<p>side</p>' } });
    asOwner(env, ({ SpreadsheetApp, HtmlService }) => {
      const output = HtmlService.createHtmlOutputFromFile('Sidebar')
        .setTitle('sheet-enrich')
        .setWidth(300)
        .setSandboxMode(HtmlService.SandboxMode.IFRAME);
      expect(output.getTitle()).toBe('sheet-enrich');
      SpreadsheetApp.getUi().showSidebar(output);
      SpreadsheetApp.getUi().showModalDialog(HtmlService.createHtmlOutput('<p>hi</p>'), 'Hello');
      expect(() => HtmlService.createHtmlOutputFromFile('Missing')).toThrow('No HTML file named Missing was found.');
      expect(() => SpreadsheetApp.getUi().showSidebar('<p>raw</p>' as never)).toThrow(
        "don't match the method signature",
      );
    });
    expect(env.ui.sidebars).toEqual([{ title: 'sheet-enrich', html: '<p>side</p>' }]);
    expect(env.ui.dialogs).toEqual([{ title: 'Hello', html: '<p>hi</p>', modal: true }]);
  });

  it('records alerts and answers with the first button of the set', () => {
    const env = newEnv();
    env.run('menu', OWNER, () => {
      const ui = (env.globals.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp).getUi();
      expect(ui.alert('Saved')).toBe(ui.Button.OK);
      expect(ui.alert('Delete?', 'Really delete the job?', ui.ButtonSet.YES_NO)).toBe(ui.Button.YES);
    });
    expect(env.ui.alerts).toEqual(['Saved', 'Delete?: Really delete the job?']);
  });
});
