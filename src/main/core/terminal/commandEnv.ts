/**
 * The environment of the agent's commands: Akira's own, without its secrets.
 *
 *   commandEnv(process.env, {passEnv: ['NPM_TOKEN'], secrets: [savedKey]}) → {PATH, HOME, LANG, …}
 *
 * A command's output goes to the session's log, its history and the model's context; redaction finds a
 * key only as it is, not `printenv OPENAI_API_KEY | rev` or `env | base64`. So a variable never reaches
 * the agent's commands when
 *   - its name is Akira's (`AKIRA_*`) or a well-known secret (OPENAI_API_KEY, GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY…);
 *   - its name looks like a secret: a word API_KEY, APIKEY, TOKEN, AUTHTOKEN, SECRET, PASSWORD, PASSWD,
 *     PASSPHRASE, CREDENTIAL(S), PRIVATE_KEY, ACCESS_KEY, SESSION_KEY (between underscores or at an end,
 *     any case); SSH_AUTH_SOCK stays, so git over ssh still works;
 *   - its value holds a key Akira knows (`secrets`: the saved key, the configured ones), whatever its name;
 *   - its value is a URL with a password in it (`postgres://user:password@host/db`).
 * `passEnv` names variables that go through anyway (the global setting agent.policy.commands.passEnv;
 * never a workspace's). The person's own terminals keep the whole environment (ptyHost `create`).
 */

export interface CommandEnvOptions {
  /** Variables passed through whatever their name or value (exact names; any case on Windows). */
  passEnv?: readonly string[];
  /** Keys Akira knows: a variable whose value contains one is left out (values under 8 characters are ignored). */
  secrets?: readonly (string | null | undefined)[];
  platform?: NodeJS.Platform;
}

/** Names of well-known secrets that the pattern below would not catch on its own. */
export const WELL_KNOWN_SECRETS: ReadonlySet<string> = new Set([
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'AZURE_OPENAI_API_KEY',
  'GOOGLE_API_KEY',
  'GEMINI_API_KEY',
  'MISTRAL_API_KEY',
  'GROQ_API_KEY',
  'HF_TOKEN',
  'HUGGING_FACE_HUB_TOKEN',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GH_ENTERPRISE_TOKEN',
  'GITLAB_TOKEN',
  'NPM_TOKEN',
  'NODE_AUTH_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AZURE_CLIENT_SECRET',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'DOCKER_PASSWORD',
  'SLACK_BOT_TOKEN',
  'STRIPE_SECRET_KEY',
  'SENTRY_AUTH_TOKEN',
  'CODECOV_TOKEN',
  'NPM_CONFIG__AUTH',
]);

const SECRET_NAME = /(^|_)(API_?KEY|TOKEN|AUTH_?TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|PRIVATE_KEY|ACCESS_KEY|SESSION_KEY)(_|$)/i;
/** scheme://user:password@host */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i;
const MIN_SECRET = 8;

/** Whether a variable of this name is left out of commands' environment (unless passed through). */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  return upper.startsWith('AKIRA_') || WELL_KNOWN_SECRETS.has(upper) || SECRET_NAME.test(name);
}

export function commandEnv(env: NodeJS.ProcessEnv, options: CommandEnvOptions = {}): Record<string, string> {
  const fold = (options.platform ?? process.platform) === 'win32' ? (s: string) => s.toUpperCase() : (s: string) => s;
  const pass = new Set((options.passEnv ?? []).map(fold));
  const secrets = (options.secrets ?? []).map((s) => s?.trim() ?? '').filter((s) => s.length >= MIN_SECRET);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!pass.has(fold(name))) {
      if (isSecretName(name)) continue;
      if (URL_WITH_PASSWORD.test(value)) continue;
      if (secrets.some((s) => value.includes(s))) continue;
    }
    out[name] = value;
  }
  return out;
}
