// Help → "Check this spreadsheet": src/core/diagnostics.ts over the platform, shown in one dialog whose text the user
// copies into a support request. The report is data (Google's and the service's words): escaped, never markup.
import { readTriggerRecord } from '../core/background';
import { escapeHtml, reportText, runDiagnostics } from '../core/diagnostics';
import { readOnce } from '../core/store-snapshot';
import { userConsent } from '../adapters/consent';
import { platformProbe } from '../adapters/platform-probe';
import { userStore } from '../adapters/properties';
import { systemClock } from '../adapters/runtime';
import { activeDocumentId, showDialog } from '../adapters/spreadsheet';
import { BACKGROUND_HANDLER } from './background';
import { ADDON_NAME } from './config';
import { currentSettings, keyCheckClient } from './settings';

export function checkSpreadsheet(): void {
  const settings = currentSettings();
  const { apiKey, baseUrl } = settings;
  const client = apiKey === null ? null : keyCheckClient(apiKey, baseUrl);
  const trigger = readTriggerRecord(readOnce(userStore()).getAll(), activeDocumentId());
  const lines = runDiagnostics({
    probe: platformProbe,
    consent: userConsent,
    settings,
    client,
    triggerUid: trigger?.uid ?? null,
    handler: BACKGROUND_HANDLER,
    now: systemClock.now(),
  });
  showDialog(reportPage(reportText(lines)), `${ADDON_NAME}: check this spreadsheet`, { width: 520, height: 420 });
}

/** Our own static page around the escaped report; the Copy button copies the textarea's text. */
function reportPage(report: string): string {
  return `<!DOCTYPE html>
<html><head><style>
  body { font: 13px/1.45 Arial, sans-serif; margin: 0 4px; color: #202124; }
  textarea { box-sizing: border-box; width: 100%; height: 280px; font: 12px/1.4 monospace; }
  button { margin-top: 8px; }
</style></head><body>
<p>Copy this into your support request. It holds no API key, only its last four characters.</p>
<textarea id="report" readonly>${escapeHtml(report)}</textarea>
<button type="button" id="copy">Copy</button> <span id="copied" role="status"></span>
<script>
  document.getElementById('copy').addEventListener('click', function () {
    var report = document.getElementById('report');
    report.select();
    var copied = document.execCommand('copy');
    document.getElementById('copied').textContent = copied ? 'Copied.' : 'Press Ctrl+C (⌘C) to copy the selected text.';
  });
</script>
</body></html>`;
}
