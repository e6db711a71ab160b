// npm start: the built add-on (dist/Code.js, dist/Sidebar.html) running in a local spreadsheet in the browser,
// backed by the Apps Script fakes and, unless --api-url is given, the mock API in a child process (the fakes block
// this thread during UrlFetch, which would freeze a mock served from here).
import { loadBuiltAddon, readBuiltAddon } from './gas-fakes';
import { DEMO_KEY } from './mock-api/accounts';
import { spawnMockApi, type SpawnedMockApi } from './mock-api/spawn';
import { apiLabel } from './playground/api-label';
import { forgetDemoSpend, writeDemoSheet } from './playground/demo';
import { messageOf } from './playground/engine';
import { parseStartOptions, UsageError, USAGE, type ApiChoice, type StartOptions } from './playground/options';
import { PlaygroundControls } from './playground/controls';
import { PacedClock } from './playground/pace';
import { customFunctionHelp } from './playground/function-help';
import { buildPage } from './playground/page';
import { Playground } from './playground/playground';
import { startPlaygroundServer } from './playground/server';
import { TIPS_WITH_MOCK, TIPS_WITH_SERVICE } from './playground/tips';
import type { SettingsInput } from '../src/core/contract';

const OWNER = 'you@example.com';
const TRIGGER_INTERVAL_MS = 5_000;

function readOptions(): StartOptions {
  try {
    const options = parseStartOptions(process.argv.slice(2), process.env);
    if (options === null) {
      console.log(USAGE);
      process.exit(0);
    }
    return options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
}

/** The settings the owner gets: the demo key on a freshly started mock, or the service given. */
async function connectApi(choice: ApiChoice): Promise<{ mock: SpawnedMockApi | null; settings: SettingsInput }> {
  if (choice.kind === 'service') return { mock: null, settings: { apiKey: choice.apiKey, baseUrl: choice.baseUrl } };
  // Research jobs at the real pace: the playground's clock moves the mock's on when it runs faster (see PacedClock).
  const mock = await spawnMockApi({ jobClock: 'realtime', speed: 1 });
  return { mock, settings: { apiKey: DEMO_KEY.key, baseUrl: mock.url, tier: DEMO_KEY.tier } };
}

async function main(): Promise<void> {
  const options = readOptions();
  const { mock, settings } = await connectApi(options.api);
  // 'addon', not 'bound': the rules of what users install (menu under Extensions, hourly triggers only).
  // A virtual clock, which the playground moves at the real pace (or faster, as chosen).
  const built = readBuiltAddon();
  const { env, bundle } = loadBuiltAddon({ owner: OWNER, scriptKind: 'addon', clock: 'virtual' }, built);
  const pace = new PacedClock(env, mock?.url ?? null);

  const fail = async (message: string): Promise<never> => {
    console.error(message);
    pace.close();
    env.dispose();
    await mock?.stop();
    process.exit(1);
  };

  // Through the add-on's own settings function, so a bad --api-url or key is refused in its words.
  const saveSettings = () => (bundle.callFromSidebar('saveSettings', [settings], OWNER) as { keyHint: string }).keyHint;
  let keyHint = '';
  try {
    keyHint = saveSettings();
  } catch (error) {
    return fail(`The add-on refused the API settings: ${messageOf(error)}`);
  }
  bundle.call('onOpen', [{ authMode: 'NONE' }], { mode: 'authModeNone', user: OWNER });

  const localMock = mock && { url: mock.url, demoKey: DEMO_KEY.key };
  const playground: Playground = new Playground({
    env,
    bundle,
    owner: OWNER,
    apiLabel: () => apiLabel(env.properties.user(OWNER), localMock),
    pace,
    controls:
      mock === null
        ? undefined
        : new PlaygroundControls({
            mock: mock.control,
            pace,
            appendProfiles: (sheet, column, lines) => playground.appendBelow(sheet, column, lines),
            restoreDemoKey: () => void saveSettings(),
          }),
  });
  // The demo's profiles are the mock's synthetic people, and its formulas would spend real credits at every start.
  if (mock) {
    console.log('Calculating the demo sheet…');
    writeDemoSheet(env.spreadsheet);
    playground.engine.adoptFormulas();
    forgetDemoSpend(env.properties.document());
  }
  playground.startBackgroundTriggers(TRIGGER_INTERVAL_MS);

  let server;
  try {
    server = await startPlaygroundServer(playground, buildPage(customFunctionHelp(built.code)), options.port);
  } catch (error) {
    await playground.close();
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    return fail(inUse ? `Port ${options.port} is in use: try --port 0 for any free port.` : messageOf(error));
  }

  console.log(
    [
      '',
      `sheet-enrich playground: the built add-on in a local spreadsheet, formulas calculated as ${OWNER}.`,
      mock
        ? `API: local mock at ${mock.url} (demo key ${keyHint}; runs and research at the real pace, see Playground → Speed)`
        : `API: ${settings.baseUrl} (key ${keyHint}): every formula and research job spends real credits.`,
      '',
      `Playground: http://localhost:${server.port}`,
      '',
      'Try:',
      ...(mock ? TIPS_WITH_MOCK : TIPS_WITH_SERVICE).map((tip) => `  • ${tip}`),
      '',
      'Ctrl-C stops everything.',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await playground.close();
    await server.close();
    env.dispose();
    await mock?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
