/**
 * What runs inside bubblewrap (issue 26): a small `/bin/sh` script as the sandbox's first program, which starts
 * the network bridge (socat from 127.0.0.1:3128 inside to the proxy's unix socket bound in), waits until it listens
 * without starting another process (it reads /proc/net/tcp with shell builtins), then becomes the command:
 *
 *   bwrap … -- /bin/sh -c '<bridgeScript>' akira-sbx '<command>'      # $1 is the command, run by `bash -c`
 *
 * and the environment the command gets: minimal, the caller's (already without secrets: terminal/commandEnv.ts),
 * then what the sandbox fixes (TMPDIR, the proxy variables).
 */

/** Inside the sandbox the proxy is at 127.0.0.1 on this port, for HTTP (CONNECT) and SOCKS5 alike. */
export const PROXY_PORT = 3128;
/** `$0` of the inner script (shown by `ps` inside). */
export const INNER_NAME = 'akira-sbx';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `/proc/net/tcp`'s `local_address` of 127.0.0.1:PROXY_PORT (little-endian address, hex port). */
const LISTEN_ADDRESS = `0100007F:${PROXY_PORT.toString(16).toUpperCase().padStart(4, '0')}`;

/** The inner script; `socket` null: no bridge (no network at all). `shell` runs the command (`$1`). */
export function bridgeScript(options: { socket: string | null; socat: string; shell: string }): string {
  const run = `exec ${quote(options.shell)} -c "$1"`;
  if (!options.socket) return run;
  return [
    `${quote(options.socat)} TCP-LISTEN:${PROXY_PORT},bind=127.0.0.1,fork,reuseaddr ${quote(`UNIX-CONNECT:${options.socket}`)} </dev/null >/dev/null 2>&1 &`,
    // until the listener is up (state 0A) while socat lives, at most ~3000 reads (a few seconds): if socat fails, the
    // command runs at once, without network (each read of /proc/net/tcp costs about a millisecond of system time)
    `b=$!; n=0; while [ $n -lt 3000 ] && kill -0 $b 2>/dev/null; do while read -r _ l _ st _; do [ "$l" = ${LISTEN_ADDRESS} ] && [ "$st" = 0A ] && break 2; done </proc/net/tcp; n=$((n+1)); done`,
    run,
  ].join('\n');
}

/** Variables that name a host socket the sandbox hides anyway, or Akira's own terminal: dropped. */
const DROPPED = ['SSH_AUTH_SOCK', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'DOCKER_HOST', 'WAYLAND_DISPLAY'];

export function sandboxEnv(options: { home: string; sessionTmp: string; path?: string; lang?: string; extra?: Record<string, string> }): Record<string, string> {
  const http = `http://127.0.0.1:${PROXY_PORT}`;
  const socks = `socks5h://127.0.0.1:${PROXY_PORT}`;
  const env: Record<string, string> = {
    PATH: options.path ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: options.home,
    LANG: options.lang ?? 'C.UTF-8',
    TERM: 'xterm-256color',
    ...options.extra,
    TMPDIR: options.sessionTmp,
    HTTP_PROXY: http,
    HTTPS_PROXY: http,
    http_proxy: http,
    https_proxy: http,
    ALL_PROXY: socks,
    all_proxy: socks,
    NO_PROXY: '',
    no_proxy: '',
    // Node ≥ 22.21 / 24 honours the proxy variables with this; Node 20's fetch ignores them (README.md)
    NODE_USE_ENV_PROXY: '1',
  };
  for (const name of DROPPED) delete env[name];
  return env;
}
