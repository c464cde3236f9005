/**
 * What a spec task names, for the decision engine's quick checks (issue 9): the files, code symbols and
 * test/build commands its title and detail lines mention. Pure; `taskChecks.ts` checks them on disk.
 *
 * Rules (each list deduplicated, in order of appearance, capped by `REFERENCE_LIMITS`):
 *
 * - **Text** is read line by line (title, then details) and split into backticked spans and plain text.
 *   A backticked span is, in this order of preference, a command, a file, a symbol; a command or a span
 *   of several words is also read like plain text (so `npx vitest run src/a.test.ts` names the file).
 *   Plain text splits on spaces, commas and `](` (markdown links).
 * - **Files**: workspace-relative paths. A backticked token counts when it contains a `/` or its name ends
 *   in a known extension (`FILE_EXTENSIONS`) or is a known extension-less name (`Makefile`, `.gitignore`…).
 *   A plain-text token counts only with a known extension or a trailing `/` (`src/users/`): prose is full
 *   of `and/or` and `client/server`. Wrappers are stripped (`( " ' [ <` before; `. , ; : ) ! ? " ' ] >`
 *   after), then a `:12` / `:12:3` line suffix and a `#L12` anchor, a leading `./` and a trailing `/`.
 *   Refused: URLs (`://`, `www.`), absolute paths (`/…`, `~…`, `C:…`), `.`/`..` segments, empty segments,
 *   globs and placeholders (`* ? { } [ ] < > $ %`), backslashes, other `:`s, npm scopes (`@scope/pkg`)
 *   and product names that look like files (`Node.js`, `docs.rs`…).
 * - **Symbols**: backticked only, shaped `Name`, `Owner.member`, `Owner::member`, `Owner#member`, with an
 *   optional trailing argument list (`create()`, `create(user)`), which is dropped. A single name is kept
 *   unless it is a keyword or built-in type (`true`, `null`, `string`, `async`…), a language built-in
 *   (`JSON`, `Promise`, `console`…), shorter than 3 characters, or a lowercase word of fewer than 4
 *   letters (`foo`). For a dotted name the owner (first segment) is kept by the same rule, and the member
 *   (last segment) only when it is *distinctive*: at least 4 characters and camelCase, PascalCase,
 *   snake_case or with a digit (`createUser`, `MAX_SIZE`); a plain lowercase member (`create`, `parse`)
 *   is in too many files to say anything. So `UserService.create()` gives `UserService`,
 *   `api.createUser` gives `createUser`, `userService.createUser` gives both.
 * - **Commands**: backticked only, matching one of `COMMAND_PATTERNS` (test, type-check and build
 *   runners: `npm test`, `npm run test:unit`, `npx vitest run`, `pytest`, `go test`, `cargo test`, `make
 *   test`, `node --test`…), without shell syntax (`; & | < > $ \` ( ) { }` or a newline) and without
 *   `--watch`. Nothing else is ever proposed: the text comes from the project. Whether a command runs is
 *   the caller's policy's decision.
 */

export interface TaskReferences {
  files: string[];
  symbols: string[];
  commands: string[];
}

export const REFERENCE_LIMITS = { files: 20, symbols: 20, commands: 5 } as const;

export const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs json jsonc md mdx txt py pyi go rs java kt kts swift c h cc cpp hpp cs rb php ' +
    'scala css scss sass less html htm vue svelte yml yaml toml ini cfg sh bash zsh ps1 sql graphql gql proto xml ' +
    'lock gradle env'
  ).split(' '),
);

/** File names without a known extension that still name files. */
const EXTENSIONLESS_FILES: ReadonlySet<string> = new Set(
  'Makefile Dockerfile Gemfile Rakefile Procfile Justfile .gitignore .gitattributes .npmrc .nvmrc .editorconfig .env'.split(' '),
);

/** Products and sites spelled like files. */
const NOT_FILES: ReadonlySet<string> = new Set(
  'node.js vue.js next.js nuxt.js react.js express.js d3.js three.js chart.js angular.js ember.js backbone.js deno.js bun.js docs.rs crates.rs'.split(' '),
);

/** Test, type-check and build runners (the whole command must match; arguments follow a space). */
export const COMMAND_PATTERNS: readonly RegExp[] = [
  /^npm (?:test|t)(?: .*)?$/,
  /^(?:npm|pnpm|yarn|bun) run (?:test|build|lint|typecheck|type-check|check|compile|verify)(?:[:.-][\w:.-]*)?(?: .*)?$/,
  /^(?:pnpm|yarn|bun) test(?: .*)?$/,
  /^npx (?:vitest (?:run\b|.*--run\b)|jest\b|mocha\b|ava\b|playwright test\b|tsc .*--noEmit\b).*$/,
  /^(?:pytest|python3? -m pytest|python3? -m unittest)(?: .*)?$/,
  /^go (?:test|vet)(?: .*)?$/,
  /^cargo (?:test|check|build|clippy)(?: .*)?$/,
  /^make (?:test|check|build)(?: .*)?$/,
  /^node --test(?: .*)?$/,
  /^(?:deno test|dotnet test|mvn test|gradle test|\.\/gradlew test)(?: .*)?$/,
];

const SHELL_SYNTAX = /[;&|<>$`(){}\n\r]/;

const KEYWORDS: ReadonlySet<string> = new Set(
  (
    'true false null undefined none nil nan infinity this self super return const let var function class async await ' +
    'import export default new void string number boolean object any unknown never int float bool str dict list char ' +
    'byte long double static public private protected interface type enum struct impl trait fn def func package ' +
    'module require yield if else for while switch case break continue try catch finally throw throws extends ' +
    'implements in of is not and or todo fixme'
  ).split(' '),
);

/** Built-ins whose presence in the code proves nothing about a task. */
const BUILTINS: ReadonlySet<string> = new Set(
  (
    'Object Array String Number Boolean Symbol Function Promise Map Set WeakMap WeakSet Error Date RegExp JSON Math ' +
    'Reflect Proxy BigInt Buffer URL console window document globalThis process exports cls std os fs path sys'
  ).split(' '),
);

const IDENT = '[A-Za-z_$][\\w$]*';
const SYMBOL_SHAPE = new RegExp(`^(${IDENT}(?:(?:\\.|::|#)${IDENT})*)(?:\\([^()]*\\))?$`);

function isCommand(span: string): boolean {
  const text = span.trim().replace(/\s+/g, ' ');
  return !SHELL_SYNTAX.test(span) && !/(?:^| )--watch/.test(text) && COMMAND_PATTERNS.some((re) => re.test(text));
}

function stripWrappers(token: string): string {
  let t = token.replace(/^[("'[<]+/, '');
  for (;;) {
    const next = t.replace(/[.,;:)!?"'\]>]+$/, '').replace(/:\d+(?::\d+)?$/, '').replace(/#L?\d+(?:-L?\d+)?$/, '');
    if (next === t) return t;
    t = next;
  }
}

/** The workspace-relative path a token names, or null (see the module doc). */
export function fileOf(token: string, backticked: boolean): string | null {
  let t = stripWrappers(token.trim());
  if (!t || /:\/\//.test(t) || /^www\./i.test(t) || /^mailto:/i.test(t)) return null;
  if (/^[/~]/.test(t) || /^[A-Za-z]:/.test(t) || t.startsWith('@')) return null;
  if (/[*?{}[\]<>$%\\:\s`]/.test(t)) return null;
  const folder = t.endsWith('/');
  while (t.startsWith('./')) t = t.slice(2);
  t = t.replace(/\/+$/, '');
  const segments = t.split('/');
  if (!t || segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  const name = segments[segments.length - 1];
  if (!/[A-Za-z0-9]/.test(name)) return null;
  const dot = name.lastIndexOf('.');
  const known = (dot > 0 && FILE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase())) || EXTENSIONLESS_FILES.has(name);
  if (segments.length === 1 && NOT_FILES.has(name.toLowerCase())) return null;
  if (known) return t;
  return backticked ? (segments.length > 1 ? t : null) : folder ? t : null;
}

function isPlainName(name: string): boolean {
  if (KEYWORDS.has(name.toLowerCase()) || BUILTINS.has(name) || name.length < 3) return false;
  return !(/^[a-z]+$/.test(name) && name.length < 4);
}

function isDistinctive(name: string): boolean {
  return name.length >= 4 && (/[a-z][A-Z]/.test(name) || /^[A-Z]/.test(name) || name.includes('_') || /\d/.test(name)) && !BUILTINS.has(name);
}

/** The names worth searching for in a backticked span (see the module doc); [] when it is no symbol. */
export function symbolsOf(span: string): string[] {
  const m = SYMBOL_SHAPE.exec(span.trim());
  if (!m) return [];
  const segments = m[1].split(/\.|::|#/);
  if (segments.length === 1) return isPlainName(segments[0]) ? [segments[0]] : [];
  const owner = segments[0];
  const member = segments[segments.length - 1];
  return [
    ...(isPlainName(owner) ? [owner] : []),
    ...(isDistinctive(member) && !KEYWORDS.has(member.toLowerCase()) ? [member] : []),
  ];
}

/** Files, symbols and commands a task names (see the module doc). */
export function extractTaskReferences(task: { title: string; details: readonly string[] }): TaskReferences {
  const found = { files: new Set<string>(), symbols: new Set<string>(), commands: new Set<string>() };
  const add = (kind: keyof TaskReferences, value: string) => {
    if (found[kind].size < REFERENCE_LIMITS[kind]) found[kind].add(value);
  };
  const plain = (text: string) => {
    for (const token of text.split(/[\s,]+|\]\(/)) {
      const file = token ? fileOf(token, false) : null;
      if (file) add('files', file);
    }
  };
  for (const line of [task.title, ...task.details]) {
    const parts = line.split('`');
    // An odd count of backticks leaves the last part unclosed: read it as plain text.
    const closed = parts.length % 2 === 1 ? parts.length : parts.length - 1;
    parts.forEach((part, i) => {
      const backticked = i % 2 === 1 && i < closed;
      if (!backticked) return plain(part);
      const span = part.trim();
      if (!span) return;
      if (isCommand(span)) {
        add('commands', span.replace(/\s+/g, ' '));
        return plain(span);
      }
      if (!/\s/.test(span)) {
        const file = fileOf(span, true);
        if (file) return add('files', file);
        for (const symbol of symbolsOf(span)) add('symbols', symbol);
        return;
      }
      plain(span);
    });
  }
  return { files: [...found.files], symbols: [...found.symbols], commands: [...found.commands] };
}
