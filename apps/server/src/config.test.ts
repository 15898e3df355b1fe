import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has defaults that make `npm start` work from a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      webSsrDist: path.join(REPO_ROOT, 'apps/web/dist-ssr'),
      publicUrl: 'http://localhost:3000',
      emailOutboxIntervalMs: 30_000,
      webhookIntervalMs: 10_000,
      webhookPrivateTargets: false,
      paymentCheckIntervalMs: 60_000,
      invoiceIntervalMs: 30_000,
      metaGraphUrl: null,
      metaCapiIntervalMs: 30_000,
      stockNotifyIntervalMs: 60_000,
      backups: {
        enabled: true,
        dir: path.join(REPO_ROOT, 'data', 'backups'),
        dailyHour: 3,
        retention: { daily: 7, weekly: 4, monthly: 12 },
      },
      trustProxy: false,
      demoData: true,
      standIns: true,
      barion: null,
      settingsEncryptionKey: undefined,
      logFormat: undefined,
      metrics: { token: undefined, allow: ['loopback'] },
      otlpEndpoint: undefined,
      pickupPointFeeds: { source: 'sample', packetaApiKey: undefined, mpl: undefined },
    });
    expect(path.basename(REPO_ROOT)).not.toBe('server');
  });

  it('lets webhooks reach private addresses outside production, or when told to', () => {
    expect(loadConfig({}).webhookPrivateTargets).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhookPrivateTargets).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhookPrivateTargets).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhookPrivateTargets).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }).webhookPrivateTargets,
    ).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'igen' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_TARGETS/,
    );
    expect(loadConfig({ WEBHOOK_INTERVAL_MS: '2000' }).webhookIntervalMs).toBe(2000);
    expect(loadConfig({ STOCK_NOTIFY_INTERVAL_MS: '500' }).stockNotifyIntervalMs).toBe(500);
    expect(loadConfig({ META_GRAPH_URL: 'http://127.0.0.1:9/graph/' }).metaGraphUrl).toBe(
      'http://127.0.0.1:9/graph',
    );
    expect(() => loadConfig({ META_GRAPH_URL: 'graph.facebook.com' })).toThrow(/META_GRAPH_URL/);
  });

  it('reads the backup job, its folder, hour and retention, refusing what makes no sense', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/bolt',
      BACKUPS: 'false',
      BACKUP_HOUR: '23',
      BACKUP_KEEP_DAILY: '0',
      BACKUP_KEEP_MONTHLY: '96',
    });
    expect(config.backups).toEqual({
      enabled: false,
      dir: '/srv/bolt/backups',
      dailyHour: 23,
      retention: { daily: 0, weekly: 4, monthly: 96 },
    });
    expect(loadConfig({ BACKUP_DIR: '/mnt/mentes' }).backups.dir).toBe('/mnt/mentes');
    expect(() => loadConfig({ BACKUP_HOUR: '24' })).toThrow(/BACKUP_HOUR: 0 és 23 között/);
    expect(() => loadConfig({ BACKUP_KEEP_WEEKLY: '-1' })).toThrow(/BACKUP_KEEP_WEEKLY: 0 és 1000 között/);
    expect(() => loadConfig({ BACKUP_KEEP_MONTHLY: '1001' })).toThrow(
      /BACKUP_KEEP_MONTHLY: 0 és 1000 között/,
    );
    expect(() => loadConfig({ BACKUPS: 'nem' })).toThrow(/BACKUPS: értéke true vagy false/);
  });

  it('points links at the port it listens on when no public address is set', () => {
    expect(loadConfig({ PORT: '3500' }).publicUrl).toBe('http://localhost:3500');
    expect(loadConfig({ PORT: '3500', PUBLIC_URL: 'https://bolt.example.hu/' }).publicUrl).toBe(
      'https://bolt.example.hu',
    );
  });

  it('takes a Barion account only with its payee, and a test or live host', () => {
    expect(() => loadConfig({ BARION_POS_KEY: 'a'.repeat(32) })).toThrow(/BARION_PAYEE/);
    expect(() => loadConfig({ BARION_POS_KEY: 'nem-guid', BARION_PAYEE: 'bolt@example.hu' })).toThrow(
      /BARION_POS_KEY/,
    );
    expect(() => loadConfig({ BARION_ENV: 'prod' })).toThrow(/BARION_ENV/);
    expect(
      loadConfig({ BARION_POS_KEY: 'a'.repeat(32), BARION_PAYEE: 'bolt@example.hu', BARION_ENV: 'live' })
        .barion,
    ).toEqual({ posKey: 'a'.repeat(32), payee: 'bolt@example.hu', env: 'live' });
  });

  it('takes the settings encryption key as 64 hex digits or base64 of 32 bytes, nothing shorter', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SETTINGS_ENCRYPTION_KEY: hex }).settingsEncryptionKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SETTINGS_ENCRYPTION_KEY: base64 }).settingsEncryptionKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(() => loadConfig({ SETTINGS_ENCRYPTION_KEY: 'titok' })).toThrow(/SETTINGS_ENCRYPTION_KEY/);
    expect(() => loadConfig({ SETTINGS_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /SETTINGS_ENCRYPTION_KEY/,
    );
  });

  it('resolves relative directories against the repository root and keeps absolute ones', () => {
    const config = loadConfig({ DATA_DIR: 'var/adatok', WEB_DIST: '/srv/web' });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'var/adatok'));
    expect(config.webDist).toBe('/srv/web');
  });

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://shop@localhost:5432/shop',
      ADMIN_EMAIL: ' Admin@Example.HU ',
      ADMIN_PASSWORD: 'eleg-hosszu-jelszo',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'development',
      DATA_DIR: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://shop@localhost:5432/shop',
      adminEmail: 'admin@example.hu',
      adminPassword: 'eleg-hosszu-jelszo',
      logLevel: 'debug',
      nodeEnv: 'development',
      dataDir: path.join(REPO_ROOT, 'data'),
    });
  });

  it('turns the demo data off only with DEMO_DATA=false, and refuses other values', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'nem' })).toThrow(/DEMO_DATA: értéke true vagy false lehet/);
  });

  it('mounts the stand-ins in a demo shop and not in a real one, unless STAND_INS says otherwise', () => {
    expect(loadConfig({}).standIns).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).standIns).toBe(false);
    expect(loadConfig({ STAND_INS: 'false' }).standIns).toBe(false);
    expect(loadConfig({ STAND_INS: '' }).standIns).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false', STAND_INS: '' }).standIns).toBe(false);
    // A tester may try a real-looking shop with the stand-ins, outside production.
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false', STAND_INS: 'true' }).standIns).toBe(
      true,
    );
    expect(() => loadConfig({ STAND_INS: 'igen' })).toThrow(/STAND_INS: értéke true vagy false lehet/);
  });

  it('refuses to start a real shop in production with the stand-ins on, naming the variables', () => {
    const unsafe = () => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false', STAND_INS: 'true' });
    expect(unsafe).toThrow(ConfigError);
    expect(unsafe).toThrow(/STAND_INS, DEMO_DATA, NODE_ENV: éles boltban/);
    // NODE_ENV defaults to production.
    expect(() => loadConfig({ DEMO_DATA: 'false', STAND_INS: 'true' })).toThrow(/STAND_INS=true/);
  });

  it("reads the shipped pickup point samples in a demo shop and the carriers' lists in a real one", () => {
    expect(loadConfig({}).pickupPointFeeds.source).toBe('sample');
    expect(loadConfig({ DEMO_DATA: 'false' }).pickupPointFeeds.source).toBe('live');
    expect(loadConfig({ DEMO_DATA: 'false', PICKUP_POINT_FEEDS: 'sample' }).pickupPointFeeds.source).toBe(
      'sample',
    );
    expect(loadConfig({ PICKUP_POINT_FEEDS: 'live' }).pickupPointFeeds.source).toBe('live');
    expect(() => loadConfig({ PICKUP_POINT_FEEDS: 'mind' })).toThrow(
      /PICKUP_POINT_FEEDS: értéke sample vagy live lehet/,
    );
    expect(loadConfig({ PACKETA_API_KEY: 'a1b2c3d4e5f6a7b8' }).pickupPointFeeds.packetaApiKey).toBe(
      'a1b2c3d4e5f6a7b8',
    );
    expect(() => loadConfig({ PACKETA_API_KEY: 'rövid' })).toThrow(/PACKETA_API_KEY: a Packeta API-kulcs/);
    const mpl = { MPL_CLIENT_ID: 'bolt', MPL_CLIENT_SECRET: 'titok', MPL_ACCOUNTING_CODE: '12345678' };
    expect(loadConfig(mpl).pickupPointFeeds.mpl).toEqual({
      clientId: 'bolt',
      clientSecret: 'titok',
      accountingCode: '12345678',
      environment: 'sandbox',
    });
    expect(loadConfig({ ...mpl, MPL_ENV: 'live' }).pickupPointFeeds.mpl?.environment).toBe('live');
    expect(() => loadConfig({ MPL_CLIENT_ID: 'bolt' })).toThrow(/az MPL-hez mindhárom kell/);
  });

  it('names every bad variable in Hungarian', () => {
    const load = () =>
      loadConfig({
        PORT: 'hetven',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'nem-email',
        ADMIN_PASSWORD: 'rovid',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Hibás beállítás a környezeti változókban/);
    expect(load).toThrow(/PORT: számnak kell lennie/);
    expect(load).toThrow(/DATABASE_URL: postgres:\/\/ vagy postgresql:\/\/ kezdetű URL legyen/);
    expect(load).toThrow(/ADMIN_EMAIL: érvényes e-mail-cím legyen/);
    expect(load).toThrow(/ADMIN_PASSWORD: legalább 8 karakter legyen/);
  });

  it('trusts X-Forwarded-For only from the listed proxies, and refuses TRUST_PROXY=true with the new form', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.0.0.0/8,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    const anyone = () => loadConfig({ TRUST_PROXY: 'true' });
    expect(anyone).toThrow(ConfigError);
    expect(anyone).toThrow(/TRUST_PROXY: a true érték bármely kliens X-Forwarded-For fejlécét elhinné/);
    expect(anyone).toThrow(/TRUST_PROXY=10\.0\.0\.1,10\.0\.0\.0\/8/);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.example.hu', '10.0.0.1,,10.0.0.2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: nem IP-cím vagy CIDR-tartomány/,
      );
    }
  });

  it('takes a sign-up limit per address only as a positive whole number', () => {
    expect(loadConfig({}).signupLimitPerIp).toBeUndefined();
    expect(loadConfig({ SIGNUP_LIMIT_PER_IP: '1000' }).signupLimitPerIp).toBe(1000);
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_IP: '0' })).toThrow(/SIGNUP_LIMIT_PER_IP: legalább 1 legyen/);
  });

  it('takes a guest-order limit per network only as a positive whole number', () => {
    expect(loadConfig({}).guestOrderLimitPerIp).toBeUndefined();
    expect(loadConfig({ GUEST_ORDER_LIMIT_PER_IP: '1000' }).guestOrderLimitPerIp).toBe(1000);
    expect(() => loadConfig({ GUEST_ORDER_LIMIT_PER_IP: '2,5' })).toThrow(
      /GUEST_ORDER_LIMIT_PER_IP: számnak kell lennie/,
    );
    expect(() => loadConfig({ GUEST_ORDER_LIMIT_PER_IP: '0' })).toThrow(
      /GUEST_ORDER_LIMIT_PER_IP: legalább 1 legyen/,
    );
  });

  it('takes the public address without a trailing slash and refuses one that is not http(s)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bolt.example.hu/' }).publicUrl).toBe('https://bolt.example.hu');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://bolt.example.hu' })).toThrow(
      /PUBLIC_URL: http:\/\/ vagy https:\/\/ kezdetű URL legyen/,
    );
  });
});

describe('npm run dev', () => {
  it('passes every variable the server reads, as npm start does (turbo passes only the declared ones)', () => {
    const turbo = JSON.parse(readFileSync(path.join(REPO_ROOT, 'turbo.json'), 'utf8')) as {
      globalPassThroughEnv: string[];
    };
    const passes = (name: string) =>
      turbo.globalPassThroughEnv.some((entry) =>
        entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name,
      );
    expect(ENVIRONMENT_VARIABLES.filter((name) => !passes(name))).toEqual([]);
  });
});

describe('metrics and logs settings', () => {
  it('lets /metrics be read by a token of at least 16 characters and from listed addresses, loopback by default', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32), METRICS_ALLOW: '10.0.0.0/8, ::1' }).metrics).toEqual({
      token: 'a'.repeat(32),
      allow: ['10.0.0.0/8', '::1'],
    });
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
    expect(() => loadConfig({ METRICS_TOKEN: 'rovid' })).toThrow(/METRICS_TOKEN: legalább 16 karakter/);
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(
      /METRICS_ALLOW: nem IP-cím vagy CIDR-tartomány: „prometheus.local”/,
    );
  });

  it('takes LOG_FORMAT pretty or json and an OTLP endpoint URL', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'szep' })).toThrow(/LOG_FORMAT: értéke pretty vagy json lehet/);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).otlpEndpoint).toBe(
      'http://127.0.0.1:4318',
    );
  });
});
