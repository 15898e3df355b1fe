import nodeModule from 'node:module';
import {
  type BackInStockWorker,
  type BackupWorker,
  type CartReminderWorker,
  cacheFor,
  DEFAULT_BARION_HOSTS,
  defaultInvoicingSetup,
  type ImportWorker,
  type InvoiceWorker,
  type LowestPriceRefresher,
  type MetaConversionWorker,
  metaGraphUrlFor,
  type NewsletterSyncWorker,
  newsletterSyncSetupFor,
  type OutboxWorker,
  type PaymentExpiryWorker,
  type PickupFeedWorker,
  pictureFetcher,
  type ReviewRequestWorker,
  renderMissingCatalogueCovers,
  resolveBarionConfig,
  startBackInStockWorker,
  startBackupWorker,
  startCartReminderWorker,
  startImportWorker,
  startInvoiceWorker,
  startLowestPriceRefresher,
  startMetaConversionWorker,
  startNewsletterSyncWorker,
  startOutboxWorker,
  startPaymentExpiryWorker,
  startPickupFeedWorker,
  startReviewRequestWorker,
  startWebhookWorker,
  type WebhookWorker,
} from '@shop/api';
import { openDatabase } from '@shop/db';
import { seedDemoData } from '@shop/db/seed';
import { markServerStarting, mountBackupControl } from './backup-control';
import { backupSettings, backupSource } from './backup-setup';
import { type Config, ConfigError, loadConfig } from './config';
import { loadEncryptionKey } from './encryption-key';
import { createLogger, type Logger } from './logger';
import { startTracing } from './observability/tracing';
import { buildServer } from './server';
import { providerFallbacks } from './stand-in-mount';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The 30-day lowest price moves with the calendar, not only with price changes. */
const LOWEST_PRICE_REFRESH_MS = 60 * 60 * 1000;

function printGeneratedAdminPassword(email: string, password: string) {
  const lines = [
    'Létrejött az első adminisztrátor (csak most jelenik meg, jegyezd fel!):',
    `  e-mail: ${email}`,
    `  jelszó: ${password}`,
    'Belépés: /admin. Saját jelszót az ADMIN_EMAIL és ADMIN_PASSWORD változókkal adhatsz meg.',
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const border = '='.repeat(width);
  process.stdout.write(`\n${border}\n${lines.map((line) => `  ${line}`).join('\n')}\n${border}\n\n`);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function start(config: Config, logger: Logger) {
  // Before the database opens, so its calls are traced too; nothing of the SDK loads without an endpoint.
  const tracing = config.otlpEndpoint ? await startTracing(config.otlpEndpoint) : null;
  if (config.otlpEndpoint)
    logger.info({ endpoint: config.otlpEndpoint }, 'OpenTelemetry-nyomkövetés bekapcsolva');
  logger.info(
    { dataDir: config.databaseUrl ? undefined : config.dataDir, postgres: Boolean(config.databaseUrl) },
    'Adatbázis megnyitása és migrálása',
  );
  // An unwritable folder is not an error here: openDatabase says in words what is wrong with it.
  if (!config.databaseUrl) await markServerStarting(config.dataDir).catch(() => undefined);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  let closing = false;
  /** Every worker started and none stopping: /health/ready's "workers" check. */
  let workersRunning = false;
  let outbox: OutboxWorker | undefined;
  let lowestPrices: LowestPriceRefresher | undefined;
  let paymentExpiry: PaymentExpiryWorker | undefined;
  let webhooks: WebhookWorker | undefined;
  let pickupFeeds: PickupFeedWorker | undefined;
  let invoices: InvoiceWorker | undefined;
  let metaConversions: MetaConversionWorker | undefined;
  let newsletterSync: NewsletterSyncWorker | undefined;
  let backInStock: BackInStockWorker | undefined;
  let reviewRequests: ReviewRequestWorker | undefined;
  let cartReminders: CartReminderWorker | undefined;
  let backups: BackupWorker | undefined;
  let productImports: ImportWorker | undefined;
  const shutdown = async (signal: string, app?: { close(): Promise<unknown> }) => {
    if (closing) return;
    closing = true;
    workersRunning = false;
    logger.info({ signal }, 'Leállás');
    const force = setTimeout(() => {
      logger.error('A leállás nem fejeződött be időben, kilépés');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // A backup an admin or `npm run backup` asked for is a request in flight that close() would wait
      // for: it is ended first (recorded as failed), so the request answers at once.
      const backupsStopped = backups?.stop();
      await app?.close();
      // Each worker finishes the item it holds; they stop side by side, so the slowest one, not their
      // sum, counts against the 10 s a process manager waits before it kills the server.
      await Promise.all([
        lowestPrices?.stop(),
        paymentExpiry?.stop(),
        outbox?.stop(),
        webhooks?.stop(),
        pickupFeeds?.stop(),
        invoices?.stop(),
        metaConversions?.stop(),
        newsletterSync?.stop(),
        backInStock?.stop(),
        reviewRequests?.stop(),
        cartReminders?.stop(),
        productImports?.stop(),
        backupsStopped,
      ]);
      await database.close();
      // The last spans are sent before the process ends.
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Hiba leállás közben');
      process.exit(1);
    }
  };

  try {
    const seeded = await seedDemoData(database.prisma, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoData: config.demoData,
      log: (message: string) => logger.info(message),
    });
    if (seeded.admin?.generatedPassword) {
      printGeneratedAdminPassword(seeded.admin.email, seeded.admin.generatedPassword);
    }
    const covers = await renderMissingCatalogueCovers(database.prisma);
    if (covers > 0) logger.info(`katalógusok: ${covers} borító a PDF első oldalából`);

    const encryption = await loadEncryptionKey(config);
    if (encryption.source === 'none') {
      logger.warn(
        'Nincs SETTINGS_ENCRYPTION_KEY: PostgreSQL mellett a Barion POS-kulcs az adminban nem menthető, amíg be nem állítod (minden szerveren ugyanazt).',
      );
    }
    if (config.standIns) {
      logger.warn(
        'A beépített Barion-, Számlázz.hu-, Foxpost-, Meta-, MailerLite- és Mailchimp-helyettesítő be van kapcsolva (/_barion, /_szamlazz, /_foxpost, /_meta, /_mailerlite, /_mailchimp) a valódi fiókkal nem rendelkező szolgáltatókhoz: csak demóhoz és teszthez. Éles bolthoz DEMO_DATA=false (vagy STAND_INS=false).',
      );
    }
    const app = await buildServer({
      database,
      config,
      logger,
      encryptionKey: encryption.key,
      workers: { running: () => workersRunning },
      metrics: config.metrics,
      traceRequests: tracing !== null,
    });
    const providers = providerFallbacks(config);
    // Only the embedded database needs the server to make `npm run backup`'s file (backup-control.ts).
    const backupControl = database.pglite
      ? mountBackupControl(app, { dataDir: config.dataDir, worker: () => backups })
      : null;
    process.once('SIGINT', () => void shutdown('SIGINT', app));
    process.once('SIGTERM', () => void shutdown('SIGTERM', app));
    await app.listen({ port: config.port, host: config.host });
    // A SIGTERM while the server was starting has already closed it: no worker may start after that.
    if (closing) return;
    outbox = startOutboxWorker({
      prisma: database.prisma,
      logger: logger.child({ module: 'outbox' }),
      intervalMs: config.emailOutboxIntervalMs,
      publicUrl: config.publicUrl,
    });
    webhooks = startWebhookWorker({
      prisma: database.prisma,
      logger: logger.child({ module: 'webhooks' }),
      intervalMs: config.webhookIntervalMs,
      allowPrivateTargets: config.webhookPrivateTargets,
    });
    paymentExpiry = startPaymentExpiryWorker({
      prisma: database.prisma,
      cache: cacheFor(database.prisma),
      // The same account the requests use: an admin may save another one while the server runs.
      barion: () =>
        resolveBarionConfig({
          prisma: database.prisma,
          cache: cacheFor(database.prisma),
          barionSetup: {
            fallback: providers.barion,
            encryptionKey: encryption.key,
            hosts: DEFAULT_BARION_HOSTS,
          },
        }),
      logger: logger.child({ module: 'payment-expiry' }),
      intervalMs: config.paymentCheckIntervalMs,
    });
    invoices = startInvoiceWorker({
      prisma: database.prisma,
      // Without stand-ins and an Agent key, invoices wait in the queue (invoice-settings.ts).
      setup: { ...defaultInvoicingSetup(config.publicUrl, encryption.key), ...providers.invoicing },
      logger: logger.child({ module: 'invoices' }),
      intervalMs: config.invoiceIntervalMs,
    });
    // Paid orders' purchases for Meta's Conversions API, only those whose buyer allowed marketing.
    metaConversions = startMetaConversionWorker({
      prisma: database.prisma,
      setup: {
        graphUrl: metaGraphUrlFor({
          configured: config.metaGraphUrl,
          standIns: config.standIns,
          publicUrl: config.publicUrl,
        }),
        encryptionKey: encryption.key,
        shopUrl: config.publicUrl,
      },
      logger: logger.child({ module: 'meta-conversions' }),
      intervalMs: config.metaCapiIntervalMs,
    });
    // The newsletter list's confirmed addresses and unsubscribes, to MailerLite or Mailchimp if one is chosen.
    newsletterSync = startNewsletterSyncWorker({
      prisma: database.prisma,
      setup: newsletterSyncSetupFor({
        publicUrl: config.publicUrl,
        standIns: config.standIns,
        encryptionKey: encryption.key,
      }),
      logger: logger.child({ module: 'newsletter-sync' }),
    });
    // A sheet an admin started importing is applied in the background by whichever server claims it.
    productImports = startImportWorker(
      {
        prisma: database.prisma,
        cache: cacheFor(database.prisma),
        publicUrl: config.publicUrl,
        fetchPicture: pictureFetcher({ allowPrivateTargets: config.webhookPrivateTargets }),
      },
      { logger: logger.child({ module: 'product-import' }) },
    );
    backInStock = startBackInStockWorker({
      prisma: database.prisma,
      publicUrl: config.publicUrl,
      logger: logger.child({ module: 'back-in-stock' }),
      intervalMs: config.stockNotifyIntervalMs,
    });
    // Some days after an order is completed, its buyer is asked once to review it (the admin's setting).
    reviewRequests = startReviewRequestWorker({
      prisma: database.prisma,
      publicUrl: config.publicUrl,
      logger: logger.child({ module: 'review-requests' }),
    });
    // A left cart's owner who consented to marketing mail is reminded once (the admin's setting).
    cartReminders = startCartReminderWorker({
      prisma: database.prisma,
      publicUrl: config.publicUrl,
      logger: logger.child({ module: 'cart-reminders' }),
    });
    // The demo's sample points are imported at the first start; live lists on their schedule.
    pickupFeeds = startPickupFeedWorker({
      prisma: database.prisma,
      cache: cacheFor(database.prisma),
      settings: config.pickupPointFeeds,
      logger: logger.child({ module: 'pickup-points' }),
    });
    lowestPrices = startLowestPriceRefresher({
      prisma: database.prisma,
      intervalMs: LOWEST_PRICE_REFRESH_MS,
      onError: (error) =>
        logger.error({ err: error }, 'A 30 napos legalacsonyabb árak frissítése nem sikerült'),
    });
    // The backup job reads the open database: the embedded one only this process may open (backup-control.ts).
    backups = startBackupWorker({
      source: backupSource(database, config),
      settings: backupSettings(config),
      logger: logger.child({ module: 'backups' }),
    });
    workersRunning = !closing;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    await backupControl?.announce(config.host, port);
    logger.info(`A webáruház fut: http://localhost:${port}`);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

function exitOnFatal(logger: Logger, message: string) {
  return (error: unknown) => {
    logger.fatal({ err: error }, message);
    // The JSON log line is for machines; the person who typed `npm start` gets one plain sentence too.
    process.stderr.write(`${message}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  };
}

// tsx turns Node's source maps on for every file it loads, packages included, and writes a
// fine-grained map for each package module it rewrites (those with a dynamic import). A stack trace
// through such a module decodes its whole map and keeps it: pdf.js's alone came to some 65 MB of the
// heap, walked by every full garbage collection. Stack traces keep pointing into the shop's own
// TypeScript; the packages' frames show their built JavaScript. Files loaded from here on follow this.
// (Node before 22.14 lacks the call, hence the default import, and keeps every map.)
nodeModule.setSourceMapsSupport?.(true, { nodeModules: false, generatedCode: false });

const config = readConfig();
const logger = createLogger(config);
process.on('uncaughtException', exitOnFatal(logger, 'Kezeletlen hiba, a szerver leáll'));
process.on('unhandledRejection', exitOnFatal(logger, 'Kezeletlen hiba, a szerver leáll'));
start(config, logger).catch(exitOnFatal(logger, 'A szerver nem indult el'));
