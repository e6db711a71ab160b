// The consent notice above the panels: shown with the server's sentence while background work is off, hidden once
// allowed; Allow asks Google (whose prompt ends the call) and then asks the server again.
import { FakeSidebarServer } from '../browser/fake-server';
import { ConsentNotice, STILL_OFF } from '../../src/sidebar/consent-notice';
import { MISSING_PERMISSION_SENTENCES } from '../../src/core/scopes';
import { click, pageElement, real, settle, useFakeDocument } from './fake-document';
import { mountConsentNotice } from './page-parts';

useFakeDocument();

/** The notice over a fake server answering as the real one would, through promises. */
function notice(server: FakeSidebarServer) {
  mountConsentNotice();
  const asPromise =
    <T>(name: 'getConsent' | 'allowBackgroundWork') =>
    () =>
      new Promise<T>((resolve, reject) => {
        try {
          resolve(server.call(name, []) as T);
        } catch (error) {
          reject(error as Error);
        }
      });
  return new ConsentNotice(
    real<HTMLElement>(pageElement('consent-notice')),
    real<HTMLElement>(pageElement('consent-notice-text')),
    real<HTMLButtonElement>(pageElement('consent-allow')),
    { getConsent: asPromise('getConsent'), allowBackgroundWork: asPromise('allowBackgroundWork') },
  );
}

const shown = () => !pageElement('consent-notice').hidden;
const text = () => pageElement('consent-notice-text').textContent;

test('background work allowed: no notice', async () => {
  await notice(new FakeSidebarServer()).load();
  expect(shown()).toBe(false);
});

test('background work off: the notice says why and how to allow it', async () => {
  await notice(new FakeSidebarServer({ backgroundAllowed: false })).load();
  expect(shown()).toBe(true);
  expect(text()).toBe(MISSING_PERMISSION_SENTENCES.scriptApp);
});

test('Allow asks for the permission; granted in Google’s window, the notice goes', async () => {
  const server = new FakeSidebarServer({ backgroundAllowed: false });
  await notice(server).load();
  click(pageElement('consent-allow'));
  await settle();
  expect(server.callsOf('allowBackgroundWork')).toHaveLength(1);
  expect(server.callsOf('getConsent')).toHaveLength(2);
  expect(shown()).toBe(false);
});

test('Allow refused in Google’s window: the notice stays and says what to do', async () => {
  const server = new FakeSidebarServer({ backgroundAllowed: false });
  server.grantOnPrompt = false;
  await notice(server).load();
  click(pageElement('consent-allow'));
  await settle();
  expect(shown()).toBe(true);
  expect(text()).toBe(STILL_OFF);
});

test('a failed question leaves the notice hidden', async () => {
  const server = new FakeSidebarServer({ backgroundAllowed: false });
  server.failNext('getConsent', 'Service unavailable');
  await notice(server).load();
  expect(shown()).toBe(false);
});
