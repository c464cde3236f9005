'use strict';
// Issue 26: the secrets of the environment (OPENAI_API_KEY, GITHUB_TOKEN, …) are never in the environment Akira's
// process was started with, so a command or an MCP server cannot read them from /proc/<Akira's pid>/environ (or
// `ps eww` on macOS). Deleting them from process.env would not do: /proc/<pid>/environ shows the environment the
// process began with, and Node 20 cannot exec itself afresh.
//
//   launcher (bin/akira.cjs)        holds them; starts the real process without them and writes them, as one
//                                   JSON line, into a pipe that is the child's fd 3 (AKIRA_SECRETS_FD=3 says so);
//   Akira (the same script again)   reads the line synchronously before anything else runs and sets them in
//                                   process.env (setenv: never shown in /proc/<pid>/environ), so the settings, the
//                                   user's own terminals and `passEnv` work as before; commands still get the
//                                   scrubbed environment (src/main/core/terminal/commandEnv.ts).
//
// The pipe stays open: when the launcher goes (killed), Akira sees its end and stops too. The launcher still holds the
// secrets in its own environment: it is Akira's parent, so it is a command's grandparent, readable by the same user
// (README, "Security model"; the OS sandbox closes it). Not on Windows (no /proc; fd 3 is not portable there).

const { spawn } = require('node:child_process');
const { readSync, closeSync } = require('node:fs');

const MARK = 'AKIRA_SECRETS_FD';

/**
 * Names of secrets, as src/main/core/terminal/commandEnv.ts `isSecretName` says them (without its AKIRA_* rule:
 * AKIRA_DATA_DIR and AKIRA_MODEL are settings, not secrets). src/main/entry/secretHandover.test.ts checks they agree.
 */
const WELL_KNOWN = new Set([
  'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY', 'GOOGLE_API_KEY', 'GEMINI_API_KEY', 'MISTRAL_API_KEY',
  'GROQ_API_KEY', 'HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'GITHUB_TOKEN', 'GH_TOKEN', 'GH_ENTERPRISE_TOKEN', 'GITLAB_TOKEN',
  'NPM_TOKEN', 'NODE_AUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_ACCESS_KEY_ID', 'AZURE_CLIENT_SECRET',
  'GOOGLE_APPLICATION_CREDENTIALS', 'DOCKER_PASSWORD', 'SLACK_BOT_TOKEN', 'STRIPE_SECRET_KEY', 'SENTRY_AUTH_TOKEN',
  'CODECOV_TOKEN', 'NPM_CONFIG__AUTH',
]);
const SECRET_NAME = /(^|_)(API_?KEY|TOKEN|AUTH_?TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|PRIVATE_KEY|ACCESS_KEY|SESSION_KEY)(_|$)/i;

function isSecretName(name) {
  return WELL_KNOWN.has(name.toUpperCase()) || SECRET_NAME.test(name);
}

/** The variables of `env` the launcher keeps out of Akira's initial environment. */
function secretNames(env) {
  return Object.keys(env).filter((name) => name !== MARK && env[name] !== undefined && isSecretName(name));
}

/**
 * In the launcher: when the environment holds secrets, runs `script args` in a new process without them, hands them
 * over on its fd 3, and follows it (its exit code or signal; SIGINT, SIGTERM, SIGHUP and SIGQUIT passed on). Returns
 * false, doing nothing, when there is nothing to hide (or on Windows).
 */
function relaunchWithoutSecrets(script, args) {
  if (process.platform === 'win32' || process.env[MARK] !== undefined) return false;
  const names = secretNames(process.env);
  if (!names.length) return false;
  const env = { ...process.env, [MARK]: '3' };
  const secrets = {};
  for (const name of names) {
    secrets[name] = env[name];
    delete env[name];
  }
  // Its own process group (detached), so that a Ctrl+C in the terminal reaches it once, through the launcher, and
  // not twice (twice stops a run at once instead of pausing it). It keeps the terminal as stdin, stdout and stderr.
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], env, detached: true });
  child.stdio[3].on('error', () => undefined);
  child.stdio[3].write(`${JSON.stringify(secrets)}\n`);
  const pass = (signal) => () => child.kill(signal);
  const handlers = { SIGINT: pass('SIGINT'), SIGTERM: pass('SIGTERM'), SIGHUP: pass('SIGHUP'), SIGQUIT: pass('SIGQUIT') };
  for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
  child.on('error', (err) => {
    process.stderr.write(`akira: could not start (${err.message})\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
  return true;
}

/**
 * In Akira's process: takes the secrets the launcher handed over on fd 3 into process.env (nothing when it was
 * started without them), then watches the pipe: the launcher gone (killed), Akira goes too, as the one process
 * it replaces would have (SIGKILL: a SIGTERM to the launcher is passed on, and reaches Akira's own shutdown).
 */
function receiveSecrets() {
  const fd = Number(process.env[MARK]);
  delete process.env[MARK];
  if (fd !== 3) return;
  const line = readLine(fd);
  let secrets = {};
  try {
    secrets = JSON.parse(line);
  } catch {
    // a broken hand-over: start without them
  }
  for (const [name, value] of Object.entries(secrets)) if (typeof value === 'string') process.env[name] = value;
  let watch;
  try {
    const { Socket } = require('node:net');
    watch = new Socket({ fd, readable: true, writable: false });
  } catch {
    closeSync(fd);
    return;
  }
  watch.on('error', () => undefined);
  watch.on('data', () => undefined);
  watch.on('end', () => process.kill(process.pid, 'SIGKILL'));
  watch.unref();
}

/** Reads `fd` up to the first newline, blocking (the launcher writes the line at once). */
function readLine(fd) {
  const chunks = [];
  const buf = Buffer.alloc(64 * 1024);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let n;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (err) {
      if (err.code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      throw err;
    }
    if (n === 0) break;
    const nl = buf.subarray(0, n).indexOf(10);
    chunks.push(Buffer.from(buf.subarray(0, nl < 0 ? n : nl)));
    if (nl >= 0) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

module.exports = { MARK, WELL_KNOWN, isSecretName, secretNames, relaunchWithoutSecrets, receiveSecrets };
