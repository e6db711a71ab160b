// The Research / Enrich / Settings tabs: one selected tab and panel at a time, reachable by Tab on the selected one
// only; arrow keys wrap, Home and End go to the ends, and the keyboard moves the focus with the selection.
import { mountTabs, PANELS, readPanel } from '../../src/sidebar/tabs';
import type { SidebarPanel } from '../../src/core/contract';
import { click, dispatch, mount, pageElement, useFakeDocument } from './fake-document';

useFakeDocument();

function tabs() {
  for (const panel of PANELS) {
    mount('button', { id: `tab-${panel}`, role: 'tab' });
    mount('section', { id: `panel-${panel}` });
  }
  const selected: SidebarPanel[] = [];
  return { tabs: mountTabs((panel) => selected.push(panel)), selected };
}

/** The one selected tab, checking that its panel alone shows and it alone is in the Tab order. */
function shown(): SidebarPanel {
  const chosen = PANELS.filter((panel) => pageElement(`tab-${panel}`).getAttribute('aria-selected') === 'true');
  expect(chosen).toHaveLength(1);
  for (const panel of PANELS) {
    const isChosen = panel === chosen[0];
    expect(pageElement(`panel-${panel}`).hidden).toBe(!isChosen);
    expect(pageElement(`tab-${panel}`).tabIndex).toBe(isChosen ? 0 : -1);
  }
  return chosen[0];
}

test('the page’s first panel is one it names, else Settings', () => {
  expect(PANELS.map((panel) => readPanel(panel))).toEqual(PANELS);
  expect([undefined, '', 'admin'].map(readPanel)).toEqual(['settings', 'settings', 'settings']);
});

test('selecting shows that panel alone, and says so; the focus moves only when asked', () => {
  const { tabs: bar, selected } = tabs();
  bar.select('enrich');
  expect(shown()).toBe('enrich');
  expect(document.activeElement).not.toBe(pageElement('tab-enrich'));
  bar.select('settings', true);
  expect(shown()).toBe('settings');
  expect(document.activeElement).toBe(pageElement('tab-settings'));
  expect(selected).toEqual(['enrich', 'settings']);
});

test('a click on a tab selects it', () => {
  const { selected } = tabs();
  click(pageElement('tab-research'));
  expect(shown()).toBe('research');
  expect(selected).toEqual(['research']);
});

test('arrow keys move to the next and previous tab, wrapping; Home and End to the ends; the focus follows', () => {
  const { tabs: bar } = tabs();
  bar.select('research');
  const press = (key: string) => {
    const event = dispatch(pageElement(`tab-${shown()}`), 'keydown', { key });
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(pageElement(`tab-${shown()}`));
    return shown();
  };
  expect(['ArrowLeft', 'ArrowRight', 'ArrowRight', 'End', 'Home'].map(press)).toEqual([
    PANELS[PANELS.length - 1],
    PANELS[0],
    PANELS[1],
    PANELS[PANELS.length - 1],
    PANELS[0],
  ]);
});

test('other keys are left to the browser', () => {
  const { tabs: bar, selected } = tabs();
  bar.select('enrich');
  const event = dispatch(pageElement('tab-enrich'), 'keydown', { key: 'a' });
  expect(event.defaultPrevented).toBe(false);
  expect(selected).toEqual(['enrich']);
});
