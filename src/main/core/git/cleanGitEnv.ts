/**
 * The environment git runs with, minus what would point it elsewhere or make it interactive: every
 * GIT_* variable (an inherited GIT_DIR or GIT_INDEX_FILE, e.g. when Akira starts from a git hook, would
 * aim git at another repository; simple-git 4 also refuses unlisted GIT_* variables such as
 * GIT_SSL_CAINFO) and the pager/editor/askpass ones simple-git 4 refuses unless allowed. Callers add
 * the GIT_* settings they need (gitRunner: read-only status; checkpoints: the store's own config).
 */
const DROPPED = new Set(['PAGER', 'EDITOR', 'VISUAL', 'SSH_ASKPASS', 'PREFIX']);

export function cleanGitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const upper = key.toUpperCase();
    if (upper.startsWith('GIT_') || DROPPED.has(upper)) continue;
    env[key] = value;
  }
  return env;
}
