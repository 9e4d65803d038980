import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { activeServiceWorker } from '../../support/sync';
import { chromium, expect, expectAccessible, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * Installable PWA (issue 3 item 3, decision 0014): a web app manifest with PNG icons that load, and a
 * service worker that is activated and controls the app, so Chromium's install criteria are met.
 */

interface Manifest {
  name: string;
  short_name?: string;
  start_url: string;
  scope?: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk (bytes 16..23), after checking the PNG signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('Installable PWA (issue 3)', () => {
  test('the web app manifest names the app, starts standalone and has 192 and 512 PNG icons that load', async ({ request, page }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest.name).toBe('SimVisit');
    expect(manifest.short_name).toBe('SimVisit');
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.display).toBe('standalone');

    for (const size of [192, 512]) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && (i.purpose ?? 'any').split(' ').includes('any'),
      );
      expect(icon, `a ${size}x${size} PNG icon for any purpose`).toBeDefined();
      const image = await request.get(icon!.src);
      expect(image.status(), `GET ${icon!.src}`).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body())).toEqual({ width: size, height: size });
    }

    // Every page links the manifest, and the browser reads it without errors.
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expectAccessible(page);
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
  });

  test('after sign-in an activated service worker controls the app', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    const worker = await activeServiceWorker(page);
    expect(worker).toEqual({ script: '/sw.js', scope: '/', state: 'activated' });

    // The worker does not claim the page it was installed from (clientsClaim: false, decision 0014): from the
    // next navigation on it controls the app and answers navigations itself.
    const response = await page.reload();
    expect(response?.fromServiceWorker(), 'the reload was answered by the service worker').toBe(true);
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Pending', 'Scheduled', 'Completed']);
    expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? 'about:blank').pathname)).toBe('/sw.js');
  });

  test("Chromium's install criteria are met for a signed-in person", async ({ baseURL }, testInfo) => {
    // Test contexts are incognito, where Chromium never offers installation ('in-incognito'): this check runs
    // in a real (temporary) browser profile with the project's browser and flags.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      timezoneId: 'UTC',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await test.step('sign in in a real profile', async () => {
        await login(page, ACCOUNTS.learner);
        await activeServiceWorker(page);
        await page.reload();
      });
      await test.step('Page.getInstallabilityErrors is empty', async () => {
        const cdp = await context.newCDPSession(page);
        await expect
          .poll(
            async () => {
              const answer = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
              return answer.installabilityErrors.map((e) => e.errorId);
            },
            { message: 'Page.getInstallabilityErrors' },
          )
          .toEqual([]);
      });
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
