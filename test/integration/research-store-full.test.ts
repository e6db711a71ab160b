// A document whose properties are full cannot keep another research job: starting one is refused with one sentence
// BEFORE the service is asked, since a job the service started but the document could not keep would run unseen and
// a retry would start a second one.
import { fillDocumentStore } from './faults-helpers';
import { addonWithKey, OWNER, useIntegrationMock } from './harness';

const mock = useIntegrationMock(3);

describe('starting research in a document with full properties', () => {
  it('is refused with one sentence and starts nothing on the service', async () => {
    const addon = await addonWithKey(mock);
    fillDocumentStore(addon.env, 100);
    expect(() => addon.bundle.callFromSidebar('startResearch', [{ query: 'CTOs in Lisbon', limit: 5 }], OWNER)).toThrow(
      'This spreadsheet has no room left to keep another research job (its document properties are full), so none was started.',
    );
    const starts = (await mock.control.requests()).filter((entry) => entry.path === '/api/search/deep_research');
    expect(starts).toEqual([]);
    expect(addon.env.spreadsheet.sheets().map((sheet) => sheet.name)).toEqual(['Sheet1']);
  });

  it('starts normally when there is room, and leaves no room held behind', async () => {
    const addon = await addonWithKey(mock);
    const job = addon.bundle.callFromSidebar('startResearch', [{ query: 'CTOs in Lisbon', limit: 5 }], OWNER) as {
      jobId: string;
    };
    const stored = Object.keys(addon.env.properties.document());
    expect(stored).toContain(`research.job.${job.jobId}`);
    expect(stored).not.toContain('research.room');
  });
});
