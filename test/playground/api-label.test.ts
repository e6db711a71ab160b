// The title chip: where the owner's formulas go and with which key (its hint only), from the settings as stored now.
import { apiLabel } from '../../dev/playground/api-label';

const mock = { url: 'http://127.0.0.1:4010', demoKey: 'lk_demo_0000000000000000000000009f2c' };

test('the mock with the demo key, another key, no key', () => {
  expect(apiLabel({ API_KEY: mock.demoKey, API_BASE_URL: mock.url }, mock)).toBe('Local mock API · demo key lk_…9f2c');
  expect(apiLabel({ API_KEY: 'lk_test_other_00000000e7a1', API_BASE_URL: mock.url }, mock)).toBe(
    'Local mock API · key lk_…e7a1',
  );
  expect(apiLabel({ API_BASE_URL: mock.url }, mock)).toBe(
    'Local mock API · no API key: Extensions → sheet-enrich → Settings…',
  );
});

test('a real service by its URL, and the built-in one when none is stored; never the key itself', () => {
  const key = 'lk_live_secret_part_000000001234';
  const label = apiLabel({ API_KEY: key, API_BASE_URL: 'https://api.example.com' }, null);
  expect(label).toBe('https://api.example.com · key lk_…1234');
  expect(label).not.toContain(key.slice(3, -4));
  expect(apiLabel({ API_KEY: key }, mock)).toBe('Built-in API URL · key lk_…1234');
});
