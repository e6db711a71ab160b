// The add-on's pages in the playground: whatever a script showed last (a sidebar, a modal or modeless dialog) is
// served with google.script.run bridged to the script, and google.script.host.close() closes it.
import { createGasEnvironment, type GasEnvironment } from '../../dev/gas-fakes';
import { AddonSurfaces } from '../../dev/playground/surfaces';

let env: GasEnvironment;
let surfaces: AddonSurfaces;
const calls: string[] = [];

beforeEach(() => {
  env = createGasEnvironment({ owner: 'you@example.com' });
  surfaces = new AddonSurfaces(
    env,
    (name) => {
      calls.push(name);
      return 'answer';
    },
    2_000,
  );
});

afterEach(async () => {
  await surfaces.close();
  env.dispose();
});

const page = (text: string) => `<!doctype html><html><head></head><body><p>${text}</p></body></html>`;

test('a modal dialog is served with google.script.run, and host.close() closes it', async () => {
  env.ui.dialogs.push({ title: 'Confirm', html: page('Sure?'), modal: true });
  await surfaces.follow();
  const dialog = surfaces.views().dialog;
  expect(dialog).toMatchObject({ title: 'Confirm', modal: true });
  const served = await (await fetch(dialog!.url)).text();
  expect(served).toContain('<p>Sure?</p>');
  expect(served).toContain('google');

  const run = await fetch(`${dialog!.url}__run/confirmIt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '[]',
  });
  expect(await run.json()).toEqual({ ok: true, value: 'answer' });
  expect(calls).toEqual(['confirmIt']);

  const closed = await fetch(`${dialog!.url}__close`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(closed.status).toBe(200);
  // The host closes it once the page has its answer.
  for (let i = 0; i < 100 && surfaces.views().dialog !== null; i++) await new Promise((r) => setImmediate(r));
  expect(surfaces.views().dialog).toBeNull();
});

test('a sidebar shown again replaces the open one; a dialog shown beside it keeps it; a fragment page works', async () => {
  env.ui.sidebars.push({ title: 'sheet-enrich', html: page('research panel') });
  await surfaces.follow();
  const first = surfaces.views().sidebar!;
  env.ui.sidebars.push({ title: 'sheet-enrich', html: page('enrich panel') });
  env.ui.dialogs.push({ title: 'Help', html: '<p>No head here</p>', modal: false });
  await surfaces.follow();
  const { sidebar, dialog } = surfaces.views();
  expect(sidebar!.id).not.toBe(first.id);
  expect(await (await fetch(sidebar!.url)).text()).toContain('enrich panel');
  await expect(fetch(first.url)).rejects.toThrow();
  expect(dialog).toMatchObject({ title: 'Help', modal: false });
  const fragment = await (await fetch(dialog!.url)).text();
  expect(fragment.indexOf('<script>')).toBeLessThan(fragment.indexOf('<p>No head here</p>'));
  await surfaces.closeSidebar();
  expect(surfaces.views()).toEqual({ sidebar: null, dialog });
});
