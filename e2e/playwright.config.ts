import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './test/admin-account';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

// The config is evaluated by the runner and again by every worker; the environment carries the one
// fresh data directory to all of them, and only the runner (no worker index) removes it at exit,
// after Playwright has stopped the server.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const dataDir = process.env.E2E_DATA_DIR;
  process.on('exit', () => {
    if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });
  });
}

export default defineConfig({
  testDir: './test',
  // One embedded database behind one server: tests run one at a time and create uniquely named data.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        },
      },
    },
  ],
  webServer: {
    // The real server on a fresh embedded database with the demo seed; scripts/test-all.sh builds the web app first.
    command: 'npm run start -w @shop/server',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/api/category`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Links in e-mails point at this server; the outbox is emptied often so a test waits little for a message.
      PUBLIC_URL: BASE_URL,
      EMAIL_OUTBOX_INTERVAL_MS: '500',
      // Webhook deliveries go to a receiver the test starts on this machine, and soon.
      WEBHOOK_INTERVAL_MS: '500',
      // Invoices are issued by a worker too; a journey that downloads one waits little for it.
      INVOICE_INTERVAL_MS: '500',
      // A back-in-stock request is e-mailed soon after the admin raises the stock.
      STOCK_NOTIFY_INTERVAL_MS: '500',
      // A paid order of a buyer who allowed marketing reaches the Conversions API stand-in soon.
      META_CAPI_INTERVAL_MS: '500',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Every test signs up its customers and places its guest orders from 127.0.0.1.
      SIGNUP_LIMIT_PER_IP: '1000',
      GUEST_ORDER_LIMIT_PER_IP: '1000',
    },
  },
});
