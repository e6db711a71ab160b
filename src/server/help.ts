// The Help dialog of the add-on menu: what a new user needs in the first hour, each feature of the menu included.
// Static text of our own (no API data).
import { showDialog } from '../adapters/spreadsheet';
import { CREDIT_COSTS } from '../core/api/credits';
import { CHANGES_SHEET_NAME } from '../core/refresh/changes';
import { ADDON_NAME } from './config';

const { scrape, contacts, profileRecord, companySearch, peopleSearch } = CREDIT_COSTS;

const HELP_PAGE = `<!DOCTYPE html>
<html><head><base target="_blank"><style>
  body { font: 13px/1.45 Arial, sans-serif; margin: 0; padding: 4px 16px 16px; color: #202124; }
  h2 { font-size: 14px; margin: 14px 0 4px; }
  ul { margin: 0; padding-left: 18px; }
  code { background: #f1f3f4; padding: 0 3px; }
</style></head><body>
<p>${ADDON_NAME} brings profile, contact and company data into your spreadsheet: formulas such as
<code>=SCRAPE_PROFILE(A2)</code>, <code>=FIND_CONTACTS(A2)</code>, <code>=ENRICH_PROFILE(A2)</code>,
<code>=SEARCH_COMPANIES("fintech startups in Berlin")</code> and <code>=SEARCH_PEOPLE("data engineers in Lisbon")</code>,
long research jobs in the sidebar, and whole columns enriched at once with <b>Enrich selection…</b>.</p>

<h2>Start</h2>
<ul>
  <li>Add your API key in <b>Extensions → ${ADDON_NAME} → Settings…</b></li>
  <li>Put <code>=SCRAPE_PROFILE(A2)</code> beside the first profile URL and fill it down, or give a whole column:
    <code>=SCRAPE_PROFILE(A2:A100)</code> in B2. Each result lines up with its input row.</li>
  <li>Headers: put <code>=SCRAPE_PROFILE(A2:A100, , TRUE)</code> in B1 instead, or type field names in row 1 and
    give them as <code>fields</code>: <code>=SCRAPE_PROFILE(A2, $B$1:$D$1)</code>.</li>
  <li>Type a phone number as <code>'+14155550100</code> (with the apostrophe), or format the column as plain text
    first: otherwise Sheets turns it into a number or a broken formula.</li>
</ul>

<h2>Enrich a whole column</h2>
<ul>
  <li>Select a column of profile URLs, emails or phone numbers (with its header) and choose
    <b>Extensions → ${ADDON_NAME} → Enrich selection…</b>: pick what to fetch and, if you like, which fields.</li>
  <li><b>Preview</b> counts the rows and gives the exact credits, spending nothing; <b>Start enrichment</b> asks you
    to confirm them, then writes plain values beside the list, with a status column saying how each row went.</li>
  <li>The run goes on with the sidebar closed. Its card has Pause, Resume, Cancel and Retry failed rows.</li>
</ul>

<h2>Keep a list fresh</h2>
<ul>
  <li>On a finished run's card, <b>Refresh…</b> fetches again the rows checked more than N days ago (you choose N).
    Each changed cell is highlighted, with a note of its old value, and listed in the
    <b>${CHANGES_SHEET_NAME}</b> sheet.</li>
  <li><b>Keep fresh…</b> refreshes a run every week or every month, never spending more than the
    credits you allow each refresh.</li>
  <li><b>Convert formulas to values</b> turns the selected formulas into the values they show, so they never
    recalculate or bill again.</li>
</ul>

<h2>Costs in credits</h2>
<ul>
  <li>SCRAPE_PROFILE: ${scrape.perRequest} per profile. FIND_CONTACTS: ${contacts.perRequest} per lookup, also when
    nothing is found. ENRICH_PROFILE: ${profileRecord.perRequest} per profile.</li>
  <li>SEARCH_COMPANIES: ${companySearch.perResult} per result; SEARCH_PEOPLE: ${peopleSearch.perResult} per result; at
    most 10 results unless you give a limit.</li>
  <li>Enrich selection and refreshes: what the formula of the same kind costs, for each row fetched.</li>
  <li>Research job status and results: free. Answers are kept for 6 hours: recalculating costs nothing.</li>
</ul>

<h2>Sharing: who pays</h2>
<p>Formulas run with the spreadsheet <b>owner's</b> settings: they use and bill the owner's key, whoever edits the
sheet, and only the owner can set that key. Menu and sidebar actions use the key of the person who runs them.</p>

<h2>Formulas show #NAME? (unknown function)</h2>
<p>An add-on installed from the Marketplace works in a document only once it is turned on there: open
<b>Extensions → Add-ons → Manage add-ons</b>, open the ⋮ menu of ${ADDON_NAME} and tick <b>Use in this document</b>.</p>

<h2>More help</h2>
<p>Type a formula's name and an opening parenthesis (<code>=FIND_CONTACTS(</code>) to see its arguments. The
${ADDON_NAME} user manual (README) lists every field name, message and cost.</p>
</body></html>`;

export function showHelp(): void {
  showDialog(HELP_PAGE, `${ADDON_NAME} help`, { width: 480, height: 600 });
}
