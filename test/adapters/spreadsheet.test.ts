// The active spreadsheet and its UI over the fakes: the selected column, sheets by name, the document's access for a
// trigger, the add-on menu, the sidebar, dialogs and toasts.
import {
  activeColumnSelection,
  activeDocumentId,
  addAddonMenu,
  documentAccess,
  sheetExists,
  showDialog,
  showSheet,
  showSidebarFile,
  toast,
} from '../../src/adapters/spreadsheet';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('the spreadsheet adapter', () => {
  it("reads the selection's column from the row above it down to the last row with content", () => {
    const env = newEnv();
    env.spreadsheet.sheet('Sheet1').write('B1:B4', [['Profile'], ['a'], ['b'], ['c']]);
    env.spreadsheet.select('Sheet1', 'B2:B900');
    expect(inScript(env, () => activeColumnSelection())).toEqual({
      where: { sheetName: 'Sheet1', inputA1: 'B2:B900', firstRow: 2 },
      column: { top: 1, cells: ['Profile', 'a', 'b', 'c'] },
    });
  });

  it('finds and shows sheets by name', () => {
    const env = newEnv();
    env.spreadsheet.insertSheet('Results');
    env.spreadsheet.activate(env.spreadsheet.sheet('Sheet1'));
    expect(inScript(env, () => [sheetExists('Results'), sheetExists('Gone')])).toEqual([true, false]);
    expect(inScript(env, () => showSheet('Gone'))).toBe(false);
    expect(inScript(env, () => showSheet('Results'))).toBe(true);
    expect(env.spreadsheet.activeSheet().name).toBe('Results');
  });

  it("gives a trigger the document's id when it has every service", () => {
    const env = newEnv();
    const access = inScript(env, () => documentAccess(), 'trigger');
    expect(access).toEqual({ documentId: inScript(env, () => activeDocumentId()), missing: [] });
  });

  it('builds the add-on menu, shows the sidebar page as edited, a dialog and a toast', () => {
    const env = newEnv({ htmlFiles: { Sidebar: '<body data-panel="a">x</body>' } });
    inScript(env, () => addAddonMenu([{ caption: 'Help', handler: 'showHelp' }]), 'authModeNone');
    expect(env.ui.menus[0]).toMatchObject({ addon: true, items: [{ caption: 'Help', functionName: 'showHelp' }] });
    inScript(env, () => {
      showSidebarFile('Sidebar', 'sheet-enrich', (page) => page.replace('"a"', '"b"'));
      showDialog('<p>help</p>', 'Help', { width: 300, height: 200 });
      toast('Done.', 'sheet-enrich');
    });
    expect(env.ui.sidebars).toEqual([{ title: 'sheet-enrich', html: '<body data-panel="b">x</body>' }]);
    expect(env.ui.dialogs).toEqual([{ title: 'Help', html: '<p>help</p>', modal: false }]);
    expect(env.ui.toasts).toEqual([{ message: 'Done.', title: 'sheet-enrich' }]);
  });
});
