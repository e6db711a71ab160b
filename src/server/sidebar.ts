// The server side of every sidebar call, checked against the types the sidebar's client is built from.
import type { SidebarServer } from '../core/contract';
import { cancelResearch, listResearchJobs, openResearchSheet, pollResearch, startResearch } from './research';
import { getSettings, saveSettings } from './settings';

export const sidebarServer: SidebarServer = {
  getSettings,
  saveSettings,
  startResearch,
  listResearchJobs,
  pollResearch,
  cancelResearch,
  openResearchSheet,
};
