/**
 * How every browser of the test tooling is launched: Debian's Chromium (Playwright never downloads a browser on
 * these machines, TOOLCHAIN.md) with the switches that keep it quiet and steady in a container. Shared by the
 * journeys' config and `npm run bench`.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
