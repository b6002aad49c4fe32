import { ConfigError, loadConfig, settingWarnings } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toEqual({
      port: 3000,
      databaseUrl: undefined,
      migrationDatabaseUrl: undefined,
      dataDir: '/srv/app/.data',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Play by Web <noreply@localhost>',
      jwtSecret: undefined,
      snapshotInterval: 100,
      snapshotKey: undefined,
      allowFixedSeeds: false,
      mailWorker: 'child',
      turnMailDelaySeconds: 180,
      botMoveDelayMs: 1200,
      vacationDaysPerYear: 30,
      logFormat: 'text',
      logLevel: 'info',
      metricsToken: undefined,
      databaseWaitSeconds: 120,
      shutdownGraceSeconds: 10,
      emailVerification: true,
      passwordHashCost: 14,
      rateLimits: true,
      graphqlIntrospection: true,
      corsOrigins: [],
      trustProxy: false,
      outboundAllowPrivate: false,
      vapidKeys: undefined,
      vapidSubject: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/pbw',
      MIGRATION_DATABASE_URL: 'postgresql://owner:p@db:5432/pbw',
      DATA_DIR: '/var/lib/pbw',
      PUBLIC_URL: 'https://games.example.org/',
      SMTP_URL: 'smtp://mail:1025',
      MAIL_FROM: 'Games <games@example.org>',
      JWT_SECRET: 'x'.repeat(40),
      SNAPSHOT_INTERVAL: '50',
      SNAPSHOT_KEY: 'k'.repeat(32),
      ALLOW_FIXED_SEEDS: 'true',
      MAIL_WORKER: 'inline',
      TURN_MAIL_DELAY: '0',
      BOT_MOVE_DELAY_MS: '300',
      VACATION_DAYS_PER_YEAR: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
      METRICS_TOKEN: 'm'.repeat(20),
      DATABASE_WAIT_SECONDS: '30',
      SHUTDOWN_GRACE_SECONDS: '5',
      EMAIL_VERIFICATION: 'off',
      PASSWORD_HASH_COST: '16',
      RATE_LIMITS: 'off',
      GRAPHQL_INTROSPECTION: 'true',
      NODE_ENV: 'production',
      CORS_ORIGINS: 'https://a.example.org, http://localhost:5173/',
      TRUST_PROXY: 'loopback',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/pbw',
      migrationDatabaseUrl: 'postgresql://owner:p@db:5432/pbw',
      dataDir: '/var/lib/pbw',
      publicUrl: 'https://games.example.org',
      smtpUrl: 'smtp://mail:1025',
      mailFrom: 'Games <games@example.org>',
      snapshotInterval: 50,
      snapshotKey: 'k'.repeat(32),
      allowFixedSeeds: true,
      mailWorker: 'inline',
      turnMailDelaySeconds: 0,
      botMoveDelayMs: 300,
      vacationDaysPerYear: 0,
      logFormat: 'json',
      logLevel: 'debug',
      metricsToken: 'm'.repeat(20),
      databaseWaitSeconds: 30,
      shutdownGraceSeconds: 5,
      emailVerification: false,
      passwordHashCost: 16,
      rateLimits: false,
      graphqlIntrospection: true,
      corsOrigins: ['https://a.example.org', 'http://localhost:5173'],
      trustProxy: 'loopback',
    });
  });

  it('reports every bad value at once, each with what was expected', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://u:hunter2@h/db',
        MIGRATION_DATABASE_URL: 'postgresql://owner@db/pbw',
        PUBLIC_URL: 'not a url',
        SMTP_URL: 'http://mail',
        MAIL_FROM: 'nobody',
        JWT_SECRET: 'short',
        SNAPSHOT_INTERVAL: '0',
        SNAPSHOT_KEY: 'short',
        ALLOW_FIXED_SEEDS: 'yes',
        MAIL_WORKER: 'elsewhere',
        TURN_MAIL_DELAY: '3m',
        VACATION_DAYS_PER_YEAR: '400',
        LOG_FORMAT: 'xml',
        LOG_LEVEL: 'loud',
        METRICS_TOKEN: 'secret',
        DATABASE_WAIT_SECONDS: '-1',
        SHUTDOWN_GRACE_SECONDS: 'soon',
        EMAIL_VERIFICATION: 'maybe',
        PASSWORD_HASH_COST: '20',
        CORS_ORIGINS: 'https://ok.example.org,*',
        TRUST_PROXY: 'loopback, true',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toHaveLength(21);
    expect(error!.message).toContain('EMAIL_VERIFICATION must be on or off');
    expect(error!.message).toContain('PASSWORD_HASH_COST must be a whole number from 10 to 17, got "20"');
    expect(error!.message).toContain('"*" is not one');
    expect(error!.message).toContain('PORT must be a whole number from 1 to 65535, got "eighty"');
    expect(error!.message).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    // A URL quoted back has its password masked: the message goes to the logs.
    expect(error!.message).toContain('got "mysql://u:***@h/db"');
    expect(error!.message).not.toContain('hunter2');
    expect(error!.message).toContain('JWT_SECRET must be at least 32 characters');
    expect(error!.message).toContain('MAIL_WORKER must be one of child, inline, off, got "elsewhere"');
    expect(error!.message).toContain('SNAPSHOT_INTERVAL must be a whole number of at least 1, got "0"');
    expect(error!.message).toContain('TURN_MAIL_DELAY must be a whole number from 0 to 86400, got "3m"');
    expect(error!.message).toContain('VACATION_DAYS_PER_YEAR must be a whole number from 0 to 366, got "400"');
    expect(error!.message).toContain('LOG_FORMAT must be one of text, json, got "xml"');
    expect(error!.message).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, got "loud"');
    expect(error!.message).toContain('METRICS_TOKEN must be at least 16 characters long');
    expect(error!.message).toContain('DATABASE_WAIT_SECONDS must be a whole number of at least 0, got "-1"');
    expect(error!.message).toContain('SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 3600, got "soon"');
    expect(error!.message).toContain('SNAPSHOT_KEY must be at least 32 characters');
    expect(error!.message).toContain('ALLOW_FIXED_SEEDS must be on or off (true or false), got "yes"');
    expect(error!.message).toContain('TRUST_PROXY must be a number of proxy hops, or addresses and ranges of the proxies');
    expect(error!.message).toContain('"true" is not one');
  });

  it('warns of what a server others reach is missing (a shared JWT_SECRET, the address mail links to, a mail server, a sending address, https for mail and a METRICS_TOKEN), and of a TRUST_PROXY trusting public addresses', () => {
    const missing = (env: Record<string, string>) => settingWarnings(loadConfig(env), env);
    const openMetrics = 'METRICS_TOKEN is not set: /metrics is open to anyone who can reach this server.';
    expect(missing({})).toEqual([]);
    expect(missing({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual([]);
    const shared = missing({ DATABASE_URL: 'postgresql://pbw@db/pbw', SMTP_URL: 'smtp://mail:25' });
    expect(shared).toEqual([
      expect.stringMatching(/^JWT_SECRET is not set/),
      expect.stringMatching(/^PUBLIC_URL is not set: links in mail point at http:\/\/localhost:3000/),
      'MAIL_FROM is Play by Web <noreply@localhost>: mail providers take mail from a local address for spam (it cannot pass SPF, DKIM or DMARC). Send from an address of your own domain.',
      openMetrics,
    ]);
    expect(missing({ PUBLIC_URL: 'https://games.example.org' })).toEqual([
      expect.stringMatching(/^SMTP_URL is not set: mail to players is caught/),
      openMetrics,
    ]);
    for (const reached of <Array<Record<string, string>>>[
      { DATABASE_URL: 'postgresql://pbw:secret@db/pbw', JWT_SECRET: 'x'.repeat(32) },
      { PUBLIC_URL: 'http://192.168.1.20:3000' },
    ])
      expect(missing(reached)).toContain(openMetrics);
    const ready = {
      DATABASE_URL: 'postgresql://pbw@db/pbw',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://games.example.org',
      JWT_SECRET: 'x'.repeat(32),
      MAIL_FROM: 'Games <games@example.org>',
      METRICS_TOKEN: 'a-token-of-16-characters-or-more',
    };
    expect(missing(ready)).toEqual([]);
    expect(missing({ ...ready, MAIL_FROM: 'games@LOCALHOST' })).toEqual([expect.stringMatching(/^MAIL_FROM is games@LOCALHOST: mail providers/)]);
    expect(missing({ ...ready, PUBLIC_URL: 'http://games.example.org' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not https: mail clients offer one-click unsubscribe only/),
    ]);
    // Trusting every address as a proxy lets clients choose theirs.
    for (const everyone of ['0.0.0.0/1, 128.0.0.0/1', '::/1', 'loopback, 8.0.0.0/8'])
      expect(missing({ TRUST_PROXY: everyone })).toEqual([expect.stringMatching(/^TRUST_PROXY trusts public addresses/)]);
    for (const proxies of ['1', 'loopback', 'uniquelocal, 10.0.0.0/8', '203.0.113.5']) expect(missing({ TRUST_PROXY: proxies })).toEqual([]);
  });

  it("takes TRUST_PROXY as a number of hops, or as the proxies' addresses and ranges", () => {
    const trusting = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    // Express reads a string as addresses: "1" must reach it as the number 1.
    expect(trusting('1')).toBe(1);
    expect(trusting(' 2 ')).toBe(2);
    expect(trusting('loopback, 10.0.0.0/8,fd00::/8, 192.168.1.1/255.255.255.0')).toBe('loopback,10.0.0.0/8,fd00::/8,192.168.1.1/255.255.255.0');
    expect(trusting('')).toBe(false);
    // A range Express itself would refuse on start (a mask past 32 bits), refused here, with the others.
    for (const wrong of ['true', '*', '10.0.0.0/8/8', 'caddy', '1.2.3', '10.0.0.0/33']) expect(() => trusting(wrong)).toThrow(`"${wrong}" is not one`);
    expect(() => trusting('caddy, 10.0.0.0/33')).toThrow('"caddy", "10.0.0.0/33" are not');
  });

  it('reads OUTBOUND_ALLOW_PRIVATE under its two names, which must agree', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'on' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'off' }).outboundAllowPrivate).toBe(false);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_PRIVATE: 'false' })).toThrow(/two names of one setting, and they disagree/);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE must be on or off/);
  });

  it('takes a VAPID key pair whole, and a subject that is an https: or mailto: URL', () => {
    const publicKey = Buffer.alloc(65, 4).toString('base64url');
    const privateKey = Buffer.alloc(32, 7).toString('base64url');
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:ops@example.org' })).toMatchObject({
      vapidKeys: { publicKey, privateKey },
      vapidSubject: 'mailto:ops@example.org',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/go together: set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(/a P-256 key pair in base64url/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT must be a URL starting with https:\/\/ or mailto:, got/);
  });

  it('runs migrations as another role only beside a DATABASE_URL', () => {
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgresql://owner@db/pbw' })).toThrow(/MIGRATION_DATABASE_URL needs DATABASE_URL/);
  });
});
