/**
 * How every browser of the test tooling is launched: Debian's Chromium (Playwright never downloads a browser on
 * these machines, TOOLCHAIN.md) with the switches that keep it quiet and steady in a container.
 */
const QUIET_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The whole browser (Debian's `chromium`): what `npm run bench` measures pages in, as a person's phone runs them. */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: QUIET_SWITCHES,
};

/**
 * The journeys' browser: Debian's `chromium-headless-shell`, the same engine without the browser's own UI and
 * services, which is what Playwright itself runs headless. Measured on the auth and shell journeys (35 tests, same
 * machine): 252 s of CPU against 306 s with the whole browser, 525 s of wall time against 669 s
 * (docs/decisions/0084, 'The journeys' browser').
 */
export const JOURNEY_CHROMIUM_LAUNCH = {
  executablePath: '/usr/lib/chromium/chromium-headless-shell',
  args: QUIET_SWITCHES,
};
