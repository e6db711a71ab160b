// The Research / Settings tabs, following the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs.
import type { SidebarPanel } from '../core/contract';
import { byId } from './dom';

const PANELS: readonly SidebarPanel[] = ['research', 'settings'];

export interface Tabs {
  select(panel: SidebarPanel, moveFocus?: boolean): void;
}

export function mountTabs(): Tabs {
  const tab = (panel: SidebarPanel) => byId<HTMLButtonElement>(`tab-${panel}`);

  function select(panel: SidebarPanel, moveFocus = false): void {
    for (const candidate of PANELS) {
      const selected = candidate === panel;
      tab(candidate).setAttribute('aria-selected', String(selected));
      tab(candidate).tabIndex = selected ? 0 : -1;
      byId(`panel-${candidate}`).hidden = !selected;
    }
    if (moveFocus) tab(panel).focus();
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
