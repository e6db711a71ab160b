// The sidebar page: Research and Settings panels over google.script.run. The server picks the first panel and
// the poll interval through the body's data attributes (see src/server/menu.ts).
import type { SidebarPanel } from '../core/contract';
import { readPollMs } from './poll-interval';
import { mountResearchPanel } from './research-panel';
import { mountSettingsPanel } from './settings-panel';
import { mountTabs } from './tabs';

const { initialPanel, pollMs } = document.body.dataset;
const firstPanel: SidebarPanel = initialPanel === 'research' ? 'research' : 'settings';
const tabs = mountTabs();
tabs.select(firstPanel);

const research = mountResearchPanel({ pollMs: readPollMs(pollMs), showSettings: () => tabs.select('settings', true) });
const settings = mountSettingsPanel({ onChange: (view) => research.showKeyWarning(!view.hasKey) });

void settings.load();
void research.load();
