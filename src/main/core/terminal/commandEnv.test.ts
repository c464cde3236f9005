import { describe, expect, it } from 'vitest';
import { commandEnv, isSecretName } from './commandEnv';

const key = 'sk-test-secret-0123456789abcdef';

describe('commandEnv', () => {
  it('leaves out Akira\'s keys, AKIRA_* and variables named like secrets; keeps the rest', () => {
    const env = {
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
      TOKENIZERS_PARALLELISM: 'false',
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      AKIRA_DATA_DIR: '/tmp/akira',
      AKIRA_MODEL: 'gpt-x',
      GITHUB_TOKEN: 'ghp_abc',
      GH_TOKEN: 'ghp_def',
      AWS_SECRET_ACCESS_KEY: 'aws',
      aws_session_token: 'lower case too',
      MY_SERVICE_APIKEY: 'x',
      DB_PASSWORD: 'x',
      PGPASSWORD_FILE: 'not a word boundary: kept',
      STRIPE_SECRET: 'x',
      HF_TOKEN: 'x',
      GOOGLE_APPLICATION_CREDENTIALS: '/home/me/gcp.json',
      SIGNING_PRIVATE_KEY: 'x',
      UNDEFINED: undefined,
    };
    expect(commandEnv(env)).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
      TOKENIZERS_PARALLELISM: 'false',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      PGPASSWORD_FILE: 'not a word boundary: kept',
    });
  });

  it('leaves out any variable whose value holds a key Akira knows, and URLs with a password', () => {
    const env = {
      INNOCENT: key,
      HEADER: `Authorization: Bearer ${key}`,
      SHORT: 'abc',
      DATABASE_URL: 'postgres://me:hunter2@db.local/app',
      LOCAL_DB: 'postgres://localhost/app',
      PROXY: 'http://proxy.local:3128',
    };
    expect(commandEnv(env, { secrets: [key, null, undefined, 'abc'] })).toEqual({
      SHORT: 'abc',
      LOCAL_DB: 'postgres://localhost/app',
      PROXY: 'http://proxy.local:3128',
    });
  });

  it('passes the variables of passEnv through whatever their name or value', () => {
    const env = { NPM_TOKEN: 'npm_x', OPENAI_API_KEY: key, GITHUB_TOKEN: 'ghp' };
    expect(commandEnv(env, { passEnv: ['NPM_TOKEN', 'OPENAI_API_KEY'], secrets: [key] })).toEqual({ NPM_TOKEN: 'npm_x', OPENAI_API_KEY: key });
    // Names are exact on Unix, any case on Windows.
    expect(commandEnv(env, { passEnv: ['npm_token'], platform: 'linux' })).toEqual({});
    expect(commandEnv(env, { passEnv: ['npm_token'], platform: 'win32' })).toEqual({ NPM_TOKEN: 'npm_x' });
  });

  it('names', () => {
    for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', 'X_AUTHTOKEN', 'AKIRA_ANYTHING', 'akira_x', 'SECRET', 'GPG_PASSPHRASE', 'NPM_CONFIG__AUTH']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'SSH_AUTH_SOCK', 'XAUTHORITY', 'TOKENIZERS_PARALLELISM', 'KEYTIMEOUT', 'SECRETARY_NAME', 'OPENAI_BASE_URL']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});
