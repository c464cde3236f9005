/**
 * A workspace holding every kind of rules file Akira reads (issue 24), in the layouts their tools define (written
 * for these tests; no public file copied): an inventory service with an API under `src/api/` and a web client
 * under `web/`. Each rule carries a marker (`RULE-…`) so a test can tell what was sent.
 *
 * With `@src/api/orders.ts` in play, the mode `autonomous` and `#release-checklist` in the task:
 * - SENT: every marker in CORPUS_SENT (AGENTS.md once: CLAUDE.md holds the same text; the conditional rules whose
 *   globs match src/api/orders.ts; the manual Kiro rule the task names; Roo's rules for the autonomous mode; the
 *   Kiro file whose front matter is broken, whole, with a problem note);
 * - NOT SENT: every marker in CORPUS_NOT_SENT (conditional rules for web/ and tests, Roo's learn mode, the bodies of
 *   description-only rules, which are listed by their descriptions: CORPUS_LISTED).
 */

const AGENTS = `# Tally inventory service

RULE-AGENTS-ROOT: run \`npm test\` before calling a change done.
- Keep modules small; one concern per file.
`;

export const RULES_CORPUS: Record<string, string> = {
  'AGENTS.md': AGENTS,
  // Many projects keep CLAUDE.md as a copy of AGENTS.md: it is sent once.
  'CLAUDE.md': AGENTS,
  'GEMINI.md': '# Notes for Gemini\n\nRULE-GEMINI: prefer async/await over promise chains.\n',
  '.clinerules/01-style.md': 'RULE-CLINE-STYLE: two-space indentation in every file.\n',
  '.cursorrules': 'RULE-CURSOR-LEGACY: no default exports.\n',
  '.windsurfrules': 'RULE-WINDSURF-LEGACY: name booleans is/has/should.\n',
  '.akira/rules/security.md': 'RULE-AKIRA-SECURITY: never log a customer email address.\n',

  '.cursor/rules/core.mdc': '---\ndescription: Core conventions\nglobs:\nalwaysApply: true\n---\n# Core\n\nRULE-CURSOR-CORE: errors are values; return Result<T, E> from services.\n',
  // Cursor writes globs as a bare comma-separated list (not YAML: `*` would start an alias).
  '.cursor/rules/api.mdc': '---\ndescription: HTTP handlers\nglobs: src/api/**/*.ts, src/server.ts\nalwaysApply: false\n---\nRULE-CURSOR-API: validate every request body with zod before use.\n',
  '.cursor/rules/styles.mdc': '---\ndescription:\nglobs: web/**/*.css\nalwaysApply: false\n---\nRULE-CURSOR-STYLES: use CSS variables for colours.\n',
  '.cursor/rules/migrations.mdc':
    '---\ndescription: How to write a database migration (naming, reversibility, backfills)\nglobs:\nalwaysApply: false\n---\nRULE-CURSOR-MIGRATIONS: every migration has a down step.\n',
  // A glob that is not valid (an unclosed bracket): shown with a problem note, listed for the model to read.
  '.cursor/rules/sql.mdc': '---\ndescription: SQL query style\nglobs: db/[queries/*.sql\nalwaysApply: false\n---\nRULE-CURSOR-SQL: upper-case SQL keywords.\n',

  '.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nRULE-WINDSURF-ALWAYS: write commit messages in the imperative.\n',
  '.windsurf/rules/tests.md': '---\ntrigger: glob\nglobs: "**/*.test.ts"\n---\nRULE-WINDSURF-TESTS: one behaviour per test.\n',
  '.windsurf/rules/release.md': '---\ntrigger: model_decision\ndescription: Cutting a release and writing the changelog\n---\nRULE-WINDSURF-RELEASE: bump the version last.\n',

  '.roo/rules/01-general.md': 'RULE-ROO-GENERAL: explain a plan before editing more than three files.\n',
  '.roo/rules-autonomous/01-autonomy.md': 'RULE-ROO-MODE-AUTONOMOUS: when unsure, choose the reversible option.\n',
  '.roo/rules-learn/01-teach.md': 'RULE-ROO-MODE-LEARN: quiz the user after each step.\n',

  '.github/copilot-instructions.md': '# Copilot instructions\n\nRULE-COPILOT-REPO: this repository uses pnpm workspaces.\n',
  '.github/instructions/api.instructions.md': '---\napplyTo: "src/api/**/*.ts"\n---\nRULE-COPILOT-API: every handler returns a typed response object.\n',
  '.github/instructions/web.instructions.md': '---\napplyTo: "web/**/*.tsx,web/**/*.css"\n---\nRULE-COPILOT-WEB: components are function components.\n',

  '.kiro/steering/product.md': '# Product\n\nRULE-KIRO-PRODUCT: Tally tracks stock for small warehouses.\n',
  '.kiro/steering/tech.md': '---\ninclusion: always\n---\n# Tech\n\nRULE-KIRO-TECH: Node 22, TypeScript strict, Fastify.\n',
  '.kiro/steering/api-standards.md': "---\ninclusion: fileMatch\nfileMatchPattern: 'src/api/**/*.ts'\n---\nRULE-KIRO-API: paginate every list endpoint.\n",
  '.kiro/steering/components.md': '---\ninclusion: fileMatch\nfileMatchPattern: ["web/**/*.tsx", "web/**/*.jsx"]\n---\nRULE-KIRO-COMPONENTS: one component per file.\n',
  '.kiro/steering/release-checklist.md': '---\ninclusion: manual\n---\nRULE-KIRO-RELEASE: tag the release after the changelog is merged.\n',
  '.kiro/steering/deploy.md': '---\ninclusion: manual\n---\nRULE-KIRO-DEPLOY: deploy on Tuesdays only.\n',
  // Malformed front matter (a line that is no `key: value`): the whole file is sent, with a problem note.
  '.kiro/steering/broken.md': '---\ninclusion fileMatch\nfileMatchPattern: "src/**"\n---\nRULE-KIRO-BROKEN: keep the changelog in CHANGELOG.md.\n',

  'src/api/orders.ts': 'export function listOrders() {\n  return [];\n}\n',
  'src/db/queries/stock.sql': 'select * from stock;\n',
  'web/App.tsx': 'export function App() {\n  return null;\n}\n',
  'web/app.css': ':root { --accent: teal; }\n',
};

export const CORPUS_SENT = [
  'RULE-AGENTS-ROOT',
  'RULE-GEMINI',
  'RULE-CLINE-STYLE',
  'RULE-CURSOR-LEGACY',
  'RULE-WINDSURF-LEGACY',
  'RULE-AKIRA-SECURITY',
  'RULE-CURSOR-CORE',
  'RULE-CURSOR-API',
  'RULE-WINDSURF-ALWAYS',
  'RULE-ROO-GENERAL',
  'RULE-ROO-MODE-AUTONOMOUS',
  'RULE-COPILOT-REPO',
  'RULE-COPILOT-API',
  'RULE-KIRO-PRODUCT',
  'RULE-KIRO-TECH',
  'RULE-KIRO-API',
  'RULE-KIRO-RELEASE',
  'RULE-KIRO-BROKEN',
];

export const CORPUS_NOT_SENT = [
  'RULE-CURSOR-STYLES',
  'RULE-CURSOR-MIGRATIONS',
  'RULE-CURSOR-SQL',
  'RULE-WINDSURF-TESTS',
  'RULE-WINDSURF-RELEASE',
  'RULE-ROO-MODE-LEARN',
  'RULE-COPILOT-WEB',
  'RULE-KIRO-COMPONENTS',
  'RULE-KIRO-DEPLOY',
];

/** Description-only rules: the model reads these lines (and may read the files). */
export const CORPUS_LISTED = [
  '- .cursor/rules/migrations.mdc: How to write a database migration (naming, reversibility, backfills)',
  '- .cursor/rules/sql.mdc: SQL query style',
  '- .windsurf/rules/release.md: Cutting a release and writing the changelog',
];

/** The task that puts src/api/orders.ts in play and names the manual Kiro rule. */
export const CORPUS_TASK = 'Add paging to @src/api/orders.ts and follow #release-checklist';
