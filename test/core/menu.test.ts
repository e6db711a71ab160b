import { ADDON_MENU, withInitialPanel } from '../../src/core/menu';

describe('the add-on menu', () => {
  it('names a distinct handler per item', () => {
    const handlers = ADDON_MENU.flatMap((item) => ('items' in item ? item.items : [item])).map((item) => item.handler);
    expect(new Set(handlers).size).toBe(handlers.length);
    expect(handlers).toContain('checkSpreadsheet');
  });
});

describe('the sidebar page', () => {
  const page = '<body data-initial-panel="settings"><p>data-initial-panel</p></body>';

  it('opens on the panel asked for', () => {
    expect(withInitialPanel(page, 'enrich')).toBe('<body data-initial-panel="enrich"><p>data-initial-panel</p></body>');
  });

  it('stays on settings when asked for settings', () => {
    expect(withInitialPanel(page, 'settings')).toBe(page);
  });
});
