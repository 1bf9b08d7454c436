/**
 * Chromium 156 (Debian's) opens, for every new window, so for every browser context (each test's
 * page, each PDF the server prints), the omnibox's pop-up as a WebUI page (chrome://omnibox-popup.top-chrome) in a renderer
 * process of its own, which nothing headless ever shows: about 0.3-0.5 CPU-s a context for that
 * renderer and 0.15 more in the browser process (4 contexts: 3.6 → 1.5 CPU-s of Chromium). The
 * WebUIOmnibox features below keep it from being made. Chromium reads only the last
 * --disable-features it is given, so the list also carries the features Playwright disables
 * itself (playwright-core 1.65's chromiumSwitches, as its browser's command line shows them):
 * see that list again when playwright-core is upgraded.
 */
const DISABLED_FEATURES = [
  // Playwright's own.
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  // The omnibox pop-up of every window.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** The switch to give chromium.launch: the test browsers and the server's PDF renderer both launch with it. */
export const CHROMIUM_DISABLE_FEATURES = `--disable-features=${DISABLED_FEATURES.join(',')}`;
