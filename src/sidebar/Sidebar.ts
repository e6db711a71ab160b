// The sidebar page: Research, Enrich and Settings panels over google.script.run. The server picks the first panel
// and the poll interval through the body's data attributes (see src/server/menu.ts). The page checks work only
// while it is in sight, and any click wakes checks that stopped because nothing moved.
import { ConsentNotice } from './consent-notice';
import { byId } from './dom';
import { EnrichPanel } from './enrich-panel';
import { readPollMs } from './poll-interval';
import { ResearchPanel } from './research-panel';
import { SettingsPanel } from './settings-panel';
import { mountTabs, readPanel } from './tabs';

const { initialPanel, pollMs } = document.body.dataset;
const settings = new SettingsPanel((view) => {
  research.keyChanged(view.hasKey);
  enrich.keyChanged(view.hasKey);
});
const tabs = mountTabs((panel) => {
  // Credits spent change as work runs: read them when the user looks.
  if (panel === 'settings') void settings.usage.load();
  if (panel === 'enrich') void enrich.shown();
});
const options = { pollMs: readPollMs(pollMs), showSettings: () => tabs.select('settings', true) };
const research = new ResearchPanel(options);
const enrich = new EnrichPanel(options);
const loops = [research.loop, enrich.runs.loop];

document.addEventListener('click', () => loops.forEach((loop) => loop.wake()), true);
document.addEventListener('visibilitychange', () => loops.forEach((loop) => loop.setHidden(document.hidden)));

const consent = new ConsentNotice(
  byId('consent-notice'),
  byId('consent-notice-text'),
  byId<HTMLButtonElement>('consent-allow'),
);

tabs.select(readPanel(initialPanel));
void consent.load();
void settings.load();
void research.load();
void enrich.load();
