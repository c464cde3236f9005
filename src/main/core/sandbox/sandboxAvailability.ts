import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { sandboxErrors, type Words } from '../../../shared/errors';

/**
 * Whether the agent's commands can run in an OS sandbox here (issue 26), and if not, why and how to get one:
 *
 * - Linux: `bwrap` on PATH, and a probe that creates the namespaces the sandbox uses succeeds (user namespaces can
 *   be switched off, e.g. by `kernel.unprivileged_userns_clone=0` or AppArmor); and `socat` for the network bridge.
 * - macOS: `/usr/bin/sandbox-exec` is detected, but not used yet (`seatbelt`: unavailable, said as such).
 * - Elsewhere (Windows): none.
 *
 *   const a = await sandboxAvailability();
 *   a.available ? a.bwrap : a.reason.en   // "Commands run without a sandbox: bubblewrap (bwrap) is not installed. To have one, install …"
 *
 * `sandboxAvailability()` probes once per process (the answer cannot change without installing something, and the
 * probe costs a process); `detectSandbox(probe)` is the uncached check, with the system replaceable for tests.
 */

export type UnavailableKind = 'noBwrap' | 'bwrapFails' | 'noSocat' | 'platform' | 'seatbelt';

export type SandboxAvailability =
  | { available: true; kind: 'bwrap'; bwrap: string; socat: string }
  | {
      available: false;
      kind: UnavailableKind;
      /** What the system said (bubblewrap's error, the platform), for the words. */
      detail: string;
      /** "Commands run without a sandbox: … To have one, install …" (sandbox.unavailable). */
      reason: Words;
      /** How to get one ("install bubblewrap and socat: apt install bubblewrap socat"); null: nothing to install. */
      hint: Words | null;
    };

/** What the check asks of the system (a test replaces it to simulate "not available"). */
export interface SystemProbe {
  platform: NodeJS.Platform;
  /** The program's absolute path on PATH, or null. */
  which(name: string): string | null;
  exists(path: string): boolean;
  /** Runs the program; ok when it exits 0 (within a few seconds). */
  run(file: string, args: string[]): Promise<{ ok: boolean; stderr: string }>;
}

/** The namespaces and mounts every sandboxed command needs, tried once with `true`. */
export const BWRAP_PROBE_ARGS = ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--die-with-parent', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', 'true'];

export function systemProbe(env: NodeJS.ProcessEnv = process.env): SystemProbe {
  return {
    platform: process.platform,
    which(name) {
      for (const dir of (env.PATH ?? '').split(delimiter)) {
        if (!dir) continue;
        const file = join(dir, name);
        try {
          accessSync(file, constants.X_OK);
          return file;
        } catch {
          // not here
        }
      }
      return null;
    },
    exists: existsSync,
    run: (file, args) =>
      new Promise((done) => {
        execFile(file, args, { timeout: 10_000, encoding: 'utf8' }, (err, _stdout, stderr) => done({ ok: !err, stderr: String(stderr ?? '') }));
      }),
  };
}

function unavailable(kind: UnavailableKind, detail: string): SandboxAvailability {
  const hint = sandboxErrors.installHint(kind);
  return { available: false, kind, detail, reason: sandboxErrors.unavailable(kind, detail), hint: hint.en ? hint : null };
}

/** The check itself, uncached. */
export async function detectSandbox(probe: SystemProbe = systemProbe()): Promise<SandboxAvailability> {
  if (probe.platform === 'darwin') return unavailable(probe.exists('/usr/bin/sandbox-exec') ? 'seatbelt' : 'platform', 'darwin');
  if (probe.platform !== 'linux') return unavailable('platform', probe.platform);
  const bwrap = probe.which('bwrap');
  if (!bwrap) return unavailable('noBwrap', '');
  const tried = await probe.run(bwrap, BWRAP_PROBE_ARGS);
  if (!tried.ok) {
    const said = tried.stderr.trim().split('\n')[0]?.replace(/^bwrap:\s*/, '').slice(0, 200) ?? '';
    return unavailable('bwrapFails', said);
  }
  const socat = probe.which('socat');
  if (!socat) return unavailable('noSocat', '');
  return { available: true, kind: 'bwrap', bwrap, socat };
}

// One probe per process: a memo of a fact about the machine, not a service (nothing to dispose).
let cached: Promise<SandboxAvailability> | null = null;

/** `detectSandbox()` of this machine, probed once per process. */
export function sandboxAvailability(): Promise<SandboxAvailability> {
  cached ??= detectSandbox();
  return cached;
}
