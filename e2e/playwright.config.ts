import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const pacPort = Number(process.env.E2E_PAC_PORT ?? 3190);
const whatsappPort = Number(process.env.E2E_WHATSAPP_PORT ?? 3191);
// A fresh embedded database per run: the first start seeds the demo business the tests rely on.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sala-e2e-'));

/** The specs whose answer depends on a phone's viewport. */
const PHONE_SPECS = [
  'accessibility.spec.ts',
  'booking.spec.ts',
  'critical-css.spec.ts',
  'early-taps.spec.ts',
  'navigation.spec.ts',
  'pay-later.spec.ts',
  'public-site.spec.ts',
  'public-site-branches.spec.ts',
  'series.spec.ts',
  'store.spec.ts',
  'waitlist.spec.ts',
].map((spec) => `**/${spec}`);

/**
 * Debian's headless shell of Chromium (the same Blink and version as its `chromium`, without the desktop browser
 * around it): what Playwright itself runs headless, and a third less CPU per test here (decision 036). Debian's
 * `chromium` when the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

export default defineConfig({
  testDir: './tests',
  // The README's screenshot is taken only when asked for (`npm run screenshot:readme`), never by a test run.
  testIgnore: process.env.README_SCREENSHOT ? [] : ['**/readme-screenshot.spec.ts'],
  // The business's phone, WhatsApp and social links (Datos legales, issue 39), saved once the server is up.
  globalSetup: './business-contact.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three workers on two cores: with two, the cores idled 13–17 % of the run (a test waiting on the server or on a
  // page's paint); with three, 5 %, and the suite took 328–347 s where two took 328–394 (decision 036). The workers,
  // the server and the browsers share the cores: a long flow may take 30 s when the machine is busy.
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // Traces only when asked (E2E_TRACE=1); a failing test keeps its screenshot and prints its error.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // No smooth scrolling: Playwright scrolls a target into view and clicks where it was; a page still gliding
    // (html's scroll-behavior: smooth, slow on a busy machine) moved the button away and the click was lost
    // (store.spec, CI: the pay button 35 px above where the click landed).
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // The phone runs what depends on the viewport (decision 028): navigation and the side menu, the public pages,
      // the booking wizard (with its series and waitlist), cart and checkout (card, OXXO, SPEI), no sideways scroll,
      // axe at 375 px. Flows run once, on desktop.
      name: 'phone',
      testMatch: PHONE_SPECS,
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      // The PAC (issue 42): a local stand-in that speaks Facturapi's API, so invoices are stamped in test mode.
      command: `node --import tsx apps/api/harness/facturapi-stand-in-cli.ts`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${pacPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FACTURAPI_STAND_IN_PORT: String(pacPort) },
    },
    {
      // WhatsApp (issue 43): a local stand-in for Meta's Cloud API; it posts its signed status webhooks to the app.
      command: `node --import tsx apps/api/harness/whatsapp-stand-in-cli.ts`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${whatsappPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        WHATSAPP_STAND_IN_PORT: String(whatsappPort),
        WHATSAPP_WEBHOOK_URL: `${baseURL}/api/whatsapp/webhook`,
      },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SKIP_WEB_BUILD: 'true',
        // Every spec registers from 127.0.0.1: the public form's hourly limit per address is for the outside.
        REGISTER_LIMIT_PER_HOUR: '100000',
        FACTURAPI_KEY: 'sk_test_e2e',
        FACTURAPI_URL: `http://127.0.0.1:${pacPort}/v2`,
        WHATSAPP_TOKEN: 'wa-test-token',
        WHATSAPP_PHONE_NUMBER_ID: '100200300',
        WHATSAPP_APP_SECRET: 'wa-test-secret',
        WHATSAPP_VERIFY_TOKEN: 'e2e',
        WHATSAPP_API_URL: `http://127.0.0.1:${whatsappPort}`,
        WHATSAPP_POLL_MS: '300',
      },
    },
  ],
});
