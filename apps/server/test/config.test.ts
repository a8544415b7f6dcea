import { describe, expect, it } from 'vitest';
import { loadConfig, severalServersProblem } from '../src/config';

describe('loadConfig', () => {
  it('uses the embedded database with demo data by default', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', MEND_DEMO: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('turns demo data off for a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/mend' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/mend', MEND_DEMO: 'on' }).demo).toBe(true);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MEND_DEMO: 'maybe' })).toThrow(/MEND_DEMO/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('takes the database pool size, else leaves it to the default', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuses to serve with DATABASE_URL and S3_BUCKET but no APP_SECRET, naming the secret to keep', () => {
    const database = { DATABASE_URL: 'postgres://db/mend' };
    const bucket = { S3_BUCKET: 'mend-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const file = '/srv/mend/app-secret';
    const problem = severalServersProblem(loadConfig({ ...database, ...bucket }), file);
    expect(problem).toMatch(/APP_SECRET is not set/);
    expect(problem).toContain(file);
    // A secret given, or either half of the several-servers setup missing: nothing to refuse.
    const secret = { APP_SECRET: 'a-secret-shared-by-every-process' };
    expect(severalServersProblem(loadConfig({ ...database, ...bucket, ...secret }), file)).toBeNull();
    expect(severalServersProblem(loadConfig(database), file)).toBeNull();
    expect(severalServersProblem(loadConfig(bucket), file)).toBeNull();
  });
});
