// The Research / Enrich / Settings tabs, following the WAI-ARIA tabs pattern: arrow keys, Home and End move between
// tabs. Only the user moves between them (or the menu, through the page's first panel): no action switches tabs.
import type { SidebarPanel } from '../core/contract';
import { byId } from './dom';

export const PANELS: readonly SidebarPanel[] = ['research', 'enrich', 'settings'];

export interface Tabs {
  select(panel: SidebarPanel, moveFocus?: boolean): void;
}

/** The panel a page's data-initial-panel names; Settings when it names none. */
export function readPanel(value: string | undefined): SidebarPanel {
  return PANELS.find((panel) => panel === value) ?? 'settings';
}

export function mountTabs(onSelect: (panel: SidebarPanel) => void = () => undefined): Tabs {
  const tab = (panel: SidebarPanel) => byId<HTMLButtonElement>(`tab-${panel}`);

  function select(panel: SidebarPanel, moveFocus = false): void {
    for (const candidate of PANELS) {
      const selected = candidate === panel;
      tab(candidate).setAttribute('aria-selected', String(selected));
      tab(candidate).tabIndex = selected ? 0 : -1;
      byId(`panel-${candidate}`).hidden = !selected;
    }
    if (moveFocus) tab(panel).focus();
    onSelect(panel);
  }

  PANELS.forEach((panel, index) => {
    tab(panel).addEventListener('click', () => select(panel));
    tab(panel).addEventListener('keydown', (event) => {
      const target = {
        ArrowLeft: PANELS[(index + PANELS.length - 1) % PANELS.length],
        ArrowRight: PANELS[(index + 1) % PANELS.length],
        Home: PANELS[0],
        End: PANELS[PANELS.length - 1],
      }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      select(target, true);
    });
  });

  return { select };
}
