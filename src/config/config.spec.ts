import { ConfigError, loadConfig } from './config';

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
      vacationDaysPerYear: 30,
    });
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
      VACATION_DAYS_PER_YEAR: '0',
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
      vacationDaysPerYear: 0,
    });
  });

  it('reports every bad value at once, each with what was expected', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        MIGRATION_DATABASE_URL: 'postgresql://owner@db/pbw',
        PUBLIC_URL: 'not a url',
        SMTP_URL: 'http://mail',
        MAIL_FROM: 'nobody',
        JWT_SECRET: 'short',
        SNAPSHOT_INTERVAL: '0',
        SNAPSHOT_KEY: 'short',
        ALLOW_FIXED_SEEDS: 'yes',
        MAIL_WORKER: 'elsewhere',
        VACATION_DAYS_PER_YEAR: '400',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toHaveLength(11);
    expect(error!.message).toContain('PORT must be a whole number from 1 to 65535, got "eighty"');
    expect(error!.message).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(error!.message).toContain('JWT_SECRET must be at least 32 characters');
    expect(error!.message).toContain('MAIL_WORKER must be one of child, inline, off, got "elsewhere"');
    expect(error!.message).toContain('SNAPSHOT_INTERVAL must be a whole number of at least 1, got "0"');
    expect(error!.message).toContain('VACATION_DAYS_PER_YEAR must be a whole number from 0 to 366, got "400"');
    expect(error!.message).toContain('SNAPSHOT_KEY must be at least 32 characters');
    expect(error!.message).toContain('ALLOW_FIXED_SEEDS must be true or false, got "yes"');
  });

  it('runs migrations as another role only beside a DATABASE_URL', () => {
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgresql://owner@db/pbw' })).toThrow(/MIGRATION_DATABASE_URL needs DATABASE_URL/);
  });
});
