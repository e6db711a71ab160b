// npm start's command line and environment variables.
import { DEFAULT_PORT, parseStartOptions, UsageError } from '../../dev/playground/options';

const KEY = 'lk_live_1234';

test('no options: the mock API on the default port', () => {
  expect(parseStartOptions([], {})).toEqual({ port: DEFAULT_PORT, api: { kind: 'mock' } });
});

test('--port N and --port=N; 0 picks any free port', () => {
  expect(parseStartOptions(['--port', '0'], {})?.port).toBe(0);
  expect(parseStartOptions(['--port=9000'], {})?.port).toBe(9000);
});

test('a real service from flags, or from the environment, flags first', () => {
  expect(parseStartOptions(['--api-url', 'https://api.example.com', '--api-key', KEY], {})?.api).toEqual({
    kind: 'service',
    baseUrl: 'https://api.example.com',
    apiKey: KEY,
  });
  const env = { SHEET_ENRICH_API_URL: 'https://env.example.com', SHEET_ENRICH_API_KEY: 'lk_env' };
  expect(parseStartOptions([], env)?.api).toEqual({
    kind: 'service',
    baseUrl: 'https://env.example.com',
    apiKey: 'lk_env',
  });
  expect(parseStartOptions([`--api-key=${KEY}`], env)?.api).toEqual({
    kind: 'service',
    baseUrl: 'https://env.example.com',
    apiKey: KEY,
  });
});

test('help', () => {
  expect(parseStartOptions(['--help'], {})).toBeNull();
  expect(parseStartOptions(['-h'], {})).toBeNull();
});

test.each([
  [['--port', '70000'], '--port must be a whole number from 0 to 65535.'],
  [['--port', 'x'], '--port must be a whole number from 0 to 65535.'],
  [['--port'], '--port needs a value.'],
  [['--speed', '3'], 'Unknown option --speed.'],
  [['--api-url', 'https://api.example.com'], 'A real service needs both --api-url and --api-key'],
])('%j is refused', (args, message) => {
  expect(() => parseStartOptions(args, {})).toThrow(UsageError);
  expect(() => parseStartOptions(args, {})).toThrow(message);
});
