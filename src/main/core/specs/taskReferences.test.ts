import { describe, expect, it } from 'vitest';
import { parseTasks } from './tasksParser';
import { extractTaskReferences, REFERENCE_LIMITS, type TaskReferences } from './taskReferences';

const none: TaskReferences = { files: [], symbols: [], commands: [] };
const refs = (over: Partial<TaskReferences>): TaskReferences => ({ ...none, ...over });
const of = (title: string, ...details: string[]) => extractTaskReferences({ title, details });

describe('extractTaskReferences', () => {
  it('reads the example task as parsed from tasks.md', () => {
    const { tasks } = parseTasks(
      [
        '- [ ] 2.1 Implement `UserService.create()` in `src/users/service.ts`',
        '  - Validate the email with `isEmail` from src/util/email.ts',
        '  - Write unit tests in src/users/service.test.ts; `npm test -- users` passes',
        '  - _Requirements: 1.2, 3.1_',
        '',
      ].join('\n'),
    );
    expect(extractTaskReferences(tasks[0])).toEqual({
      files: ['src/users/service.ts', 'src/util/email.ts', 'src/users/service.test.ts'],
      symbols: ['UserService', 'isEmail'],
      commands: ['npm test -- users'],
    });
  });

  const table: [string, string, TaskReferences][] = [
    ['nothing named', 'Improve the error messages', none],
    ['backticked folder and file', 'Create `src/users/` and `lib/a.go`', refs({ files: ['src/users', 'lib/a.go'] })],
    ['bare file with extension', 'Update README.md and package.json.', refs({ files: ['README.md', 'package.json'] })],
    ['bare slash without extension is prose', 'Support read/write and client/server modes', none],
    ['bare folder with trailing slash', 'Move helpers into src/util/ please', refs({ files: ['src/util'] })],
    ['leading ./ removed, trailing punctuation stripped', 'See ./src/a.ts, (src/b.tsx) and "src/c.js"; then src/d.py:', refs({ files: ['src/a.ts', 'src/b.tsx', 'src/c.js', 'src/d.py'] })],
    ['line and anchor suffixes', 'Fix src/a.ts:12 and src/b.ts:3:7 and `src/c.ts#L40`', refs({ files: ['src/a.ts', 'src/b.ts', 'src/c.ts'] })],
    ['URLs are not files', 'Follow https://example.com/docs/a.md and `http://x.io/b.ts` and www.example.com/c.html', none],
    ['globs and placeholders are not files', 'Touch `src/**/*.ts`, src/*.js, `src/<feature>/index.ts`, `src/{a,b}.ts`', none],
    ['absolute and home paths are refused', 'Read /etc/passwd.txt and `~/notes.md` and `C:/x/y.ts`', none],
    ['.. segments are refused', 'Compare ../other/a.ts with `src/../b.ts`', none],
    ['duplicates kept once, in order', 'Edit `src/a.ts`, then src/b.ts, then src/a.ts again', refs({ files: ['src/a.ts', 'src/b.ts'] })],
    ['product names and npm scopes are not files', 'Use Node.js with `@tanstack/react-query`, see docs.rs', none],
    ['markdown links', 'As in [the guide](docs/guide.md).', refs({ files: ['docs/guide.md'] })],
    ['extension-less file names', 'Add a `Makefile` and a `.gitignore`', refs({ files: ['Makefile', '.gitignore'] })],
    ['symbols: owner kept, generic member dropped', 'Call `UserService.create()`', refs({ symbols: ['UserService'] })],
    ['symbols: distinctive member kept', 'Call `api.createUser(user)` and `userService.deleteUser`', refs({ symbols: ['createUser', 'userService', 'deleteUser'] })],
    ['symbols: snake_case, Rust paths, constants', 'Add `create_user`, `Config::load_file` and `MAX_RETRIES`', refs({ symbols: ['create_user', 'Config', 'load_file', 'MAX_RETRIES'] })],
    ['not symbols: keywords, short words, built-ins, phrases', 'Return `true`, `null`, `foo`, `id`, `JSON.parse`, `this.value`, `a + b`, `async`', none],
    ['single lowercase word of 4+ letters is a symbol', 'Export `render` and `parse()`', refs({ symbols: ['render', 'parse'] })],
    ['commands: allow-listed runners only', 'Run `npm run test:unit`, `npx vitest run src/a.test.ts`, `pytest -k users`, `go test ./...`', refs({ files: ['src/a.test.ts'], commands: ['npm run test:unit', 'npx vitest run src/a.test.ts', 'pytest -k users', 'go test ./...'] })],
    ['commands: other scripts and tools are never proposed', 'Run `npm run deploy`, `rm -rf dist`, `npx vitest`, `curl https://x.sh`, `npm install`', none],
    ['commands: shell syntax and watch mode refused', 'Run `npm test && rm -rf /`, `npm test; ls`, `go test $(pkgs)`, `npx jest --watchAll`', none],
    ['commands: more runners', 'Then `cargo test`, `make check`, `node --test`, `npx tsc --noEmit`, `python -m pytest`', refs({ commands: ['cargo test', 'make check', 'node --test', 'npx tsc --noEmit', 'python -m pytest'] })],
    ['npx tsc without --noEmit writes files: not proposed', 'Build with `npx tsc -p .`', none],
    ['unclosed backtick is plain text', 'Fix `src/a.ts and src/b.ts', refs({ files: ['src/a.ts', 'src/b.ts'] })],
  ];

  it.each(table)('%s', (_name, title, expected) => {
    expect(of(title)).toEqual(expected);
  });

  it('reads details after the title, in order', () => {
    expect(of('Add `Parser`', 'in `src/parse.ts`', 'test with `npm test`', 'uses `Parser` again')).toEqual({
      files: ['src/parse.ts'],
      symbols: ['Parser'],
      commands: ['npm test'],
    });
  });

  it('caps each list', () => {
    const many = Array.from({ length: 30 }, (_, i) => `\`src/f${i}.ts\` \`Symbol${i}\` \`npm test -- ${i}\``);
    const found = of('Many', ...many);
    expect(found.files).toHaveLength(REFERENCE_LIMITS.files);
    expect(found.symbols).toHaveLength(REFERENCE_LIMITS.symbols);
    expect(found.commands).toHaveLength(REFERENCE_LIMITS.commands);
    expect(found.files[0]).toBe('src/f0.ts');
    expect(found.commands.at(-1)).toBe('npm test -- 4');
  });
});
