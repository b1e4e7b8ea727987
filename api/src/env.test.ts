import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, repoRoot } from './env.ts';

describe('configuration', () => {
  it('has defaults that need nothing outside', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(repoRoot, 'data'),
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads relative folders from the repository root, absolute ones as given', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/x' }).DATA_DIR).toBe('/tmp/x');
    expect(parseEnv({ DATA_DIR: 'var/data' }).DATA_DIR).toBe(path.join(repoRoot, 'var/data'));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX'],
  ])('%j stops start-up with a message naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('keeps files on the local disk by default; STORAGE=s3 names each missing S3 setting', () => {
    expect(parseEnv({}).STORAGE).toBe('local');
    expect(() => parseEnv({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      'Invalid configuration:\n  S3_REGION: required when STORAGE=s3\n  S3_ACCESS_KEY_ID: required when STORAGE=s3\n  S3_SECRET_ACCESS_KEY: required when STORAGE=s3',
    );
    expect(() => parseEnv({ STORAGE: 'gcs' })).toThrow(/^Invalid configuration:\n {2}STORAGE: /);
    expect(() => parseEnv({ STORAGE: 's3', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: /);
    const env = parseEnv({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'studio',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'studio', S3_FORCE_PATH_STYLE: true });
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });
});
