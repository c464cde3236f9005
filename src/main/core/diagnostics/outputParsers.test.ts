import { describe, expect, it } from 'vitest';
import { outputParsers } from './outputParsers';

// Samples as the tools print them (tsc and cargo copied from real runs; ESLint and ruff in their documented JSON).

const out = (stdout: string, stderr = '') => ({ stdout, stderr });

describe('tsc', () => {
  it('reads located errors, their indented continuation lines, and errors without a location', () => {
    const stdout = [
      "src/a.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
      "src/c.ts(3,6): error TS2345: Argument of type '(x: { name: number; }) => void' is not assignable to parameter of type '(x: P) => void'.",
      "  Types of parameters 'x' and 'x' are incompatible.",
      "    Type 'P' is not assignable to type '{ name: number; }'.",
      "error TS5083: Cannot read file '/work/x/tsconfig.base.json'.",
      'lib/old.ts(10,1): warning TS6385: \'f\' is deprecated.',
      'Found 3 errors in 2 files.',
      '',
    ].join('\r\n');
    expect(outputParsers.tsc(out(stdout))).toEqual([
      { file: 'src/a.ts', line: 1, column: 14, severity: 'error', message: "Type 'string' is not assignable to type 'number'.", code: 'TS2322' },
      {
        file: 'src/c.ts',
        line: 3,
        column: 6,
        severity: 'error',
        message:
          "Argument of type '(x: { name: number; }) => void' is not assignable to parameter of type '(x: P) => void'.\n  Types of parameters 'x' and 'x' are incompatible.\n    Type 'P' is not assignable to type '{ name: number; }'.",
        code: 'TS2345',
      },
      { file: '', line: 0, column: 0, severity: 'error', message: "Cannot read file '/work/x/tsconfig.base.json'.", code: 'TS5083' },
      { file: 'lib/old.ts', line: 10, column: 1, severity: 'warning', message: "'f' is deprecated.", code: 'TS6385' },
    ]);
  });

  it('keeps parentheses in paths and answers nothing for output that is not tsc', () => {
    expect(outputParsers.tsc(out('src/(group)/p.ts(2,3): error TS1005: \';\' expected.\n'))?.[0]).toMatchObject({ file: 'src/(group)/p.ts', line: 2, column: 3 });
    expect(outputParsers.tsc(out('', "/usr/bin/env: 'node': No such file or directory\n"))).toEqual([]);
  });
});

describe('eslint-json', () => {
  const stdout = JSON.stringify([
    {
      filePath: '/home/ana/app/src/index.js',
      messages: [
        { ruleId: 'no-unused-vars', severity: 2, message: "'x' is assigned a value but never used.", line: 3, column: 7, nodeType: 'Identifier', messageId: 'unusedVar', endLine: 3, endColumn: 8 },
        { ruleId: 'eqeqeq', severity: 1, message: "Expected '===' and instead saw '=='.", line: 5, column: 9, nodeType: 'BinaryExpression', messageId: 'unexpected', endLine: 5, endColumn: 11 },
      ],
      suppressedMessages: [],
      errorCount: 1,
      fatalErrorCount: 0,
      warningCount: 1,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      source: 'const y = 1;\n',
      usedDeprecatedRules: [],
    },
    { filePath: '/home/ana/app/src/ok.js', messages: [], suppressedMessages: [], errorCount: 0, fatalErrorCount: 0, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0, usedDeprecatedRules: [] },
    {
      filePath: '/home/ana/app/src/broken.js',
      messages: [{ ruleId: null, fatal: true, severity: 2, message: 'Parsing error: Unexpected token )', line: 2, column: 12 }],
      errorCount: 1,
      fatalErrorCount: 1,
      warningCount: 0,
    },
  ]);

  it('reads absolute paths, severity 2 as an error and 1 as a warning, parse errors without a rule', () => {
    expect(outputParsers['eslint-json'](out(stdout))).toEqual([
      { file: '/home/ana/app/src/index.js', line: 3, column: 7, severity: 'error', message: "'x' is assigned a value but never used.", code: 'no-unused-vars' },
      { file: '/home/ana/app/src/index.js', line: 5, column: 9, severity: 'warning', message: "Expected '===' and instead saw '=='.", code: 'eqeqeq' },
      { file: '/home/ana/app/src/broken.js', line: 2, column: 12, severity: 'error', message: 'Parsing error: Unexpected token )', code: null },
    ]);
  });

  it('skips a warning printed before the JSON, and answers null when there is no JSON (a crash)', () => {
    expect(outputParsers['eslint-json'](out(`(node:12) ExperimentalWarning: something\n${stdout}`))).toHaveLength(3);
    expect(outputParsers['eslint-json'](out('', 'Oops! Something went wrong! :(\nESLint: 9.1.0\n'))).toBeNull();
    expect(outputParsers['eslint-json'](out('{"not": "a list"}'))).toBeNull();
  });
});

describe('ruff-json', () => {
  const stdout = JSON.stringify(
    [
      {
        cell: null,
        code: 'F401',
        end_location: { column: 10, row: 1 },
        filename: '/home/ana/proj/app/main.py',
        fix: { applicability: 'safe', edits: [{ content: '', end_location: { column: 1, row: 2 }, location: { column: 1, row: 1 } }], message: 'Remove unused import: `os`' },
        location: { column: 8, row: 1 },
        message: '`os` imported but unused',
        noqa_row: 1,
        url: 'https://docs.astral.sh/ruff/rules/unused-import',
      },
      {
        cell: null,
        code: 'F821',
        end_location: { column: 12, row: 4 },
        filename: '/home/ana/proj/app/main.py',
        fix: null,
        location: { column: 5, row: 4 },
        message: 'Undefined name `undefined_thing`',
        noqa_row: 4,
        url: 'https://docs.astral.sh/ruff/rules/undefined-name',
      },
      {
        cell: null,
        code: null,
        end_location: { column: 1, row: 3 },
        filename: '/home/ana/proj/app/bad.py',
        fix: null,
        location: { column: 5, row: 2 },
        message: "SyntaxError: Expected ':', found newline",
        noqa_row: null,
        url: null,
      },
    ],
    null,
    2,
  );

  it('reads rules as warnings, syntax errors and undefined names as errors', () => {
    expect(outputParsers['ruff-json'](out(stdout))).toEqual([
      { file: '/home/ana/proj/app/main.py', line: 1, column: 8, severity: 'warning', message: '`os` imported but unused', code: 'F401' },
      { file: '/home/ana/proj/app/main.py', line: 4, column: 5, severity: 'error', message: 'Undefined name `undefined_thing`', code: 'F821' },
      { file: '/home/ana/proj/app/bad.py', line: 2, column: 5, severity: 'error', message: "SyntaxError: Expected ':', found newline", code: null },
    ]);
    expect(outputParsers['ruff-json'](out('[]'))).toEqual([]);
    expect(outputParsers['ruff-json'](out('', 'ruff failed\n  Cause: Failed to parse pyproject.toml'))).toBeNull();
  });
});

describe('gcc', () => {
  it('reads go vet (from stderr, # lines ignored, "vet: " dropped), mypy, gcc with codes and without a column', () => {
    const stderr = [
      '# example.com/m',
      '# [example.com/m]',
      './main.go:7:2: fmt.Printf format %d has arg s of wrong type string',
      'vet: ./bad.go:4:2: declared and not used: x',
    ].join('\n');
    const stdout = [
      'src/app.py:12:5: error: Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]',
      'src/app.py:13:1: note: Revealed type is "builtins.int"',
      'Found 1 error in 1 file (checked 3 source files)',
      "a.c: In function 'main':",
      "a.c:3: warning: implicit declaration of function 'f' [-Wimplicit-function-declaration]",
      '    3 |   f();',
      '      |   ^',
      'In file included from b.c:1:',
      'C:\\proj\\x.c:9:1: fatal error: y.h: No such file or directory',
    ].join('\n');
    expect(outputParsers.gcc(out(stdout, stderr))).toEqual([
      { file: 'src/app.py', line: 12, column: 5, severity: 'error', message: 'Incompatible types in assignment (expression has type "str", variable has type "int")', code: 'assignment' },
      { file: 'src/app.py', line: 13, column: 1, severity: 'info', message: 'Revealed type is "builtins.int"', code: null },
      { file: 'a.c', line: 3, column: 0, severity: 'warning', message: "implicit declaration of function 'f'", code: '-Wimplicit-function-declaration' },
      { file: 'C:\\proj\\x.c', line: 9, column: 1, severity: 'error', message: 'y.h: No such file or directory', code: null },
      { file: './main.go', line: 7, column: 2, severity: 'error', message: 'fmt.Printf format %d has arg s of wrong type string', code: null },
      { file: './bad.go', line: 4, column: 2, severity: 'error', message: 'declared and not used: x', code: null },
    ]);
  });
});

describe('python-json', () => {
  it('reads the built-in check\'s list; anything else is not understood', () => {
    const stdout = '[{"file": "./sub/bad.py", "line": 2, "column": 5, "message": "expected \':\'", "code": "SyntaxError"}, {"file": "./nul.py", "line": 0, "column": 0, "message": "source code string cannot contain null bytes", "code": "ValueError"}]';
    expect(outputParsers['python-json'](out(stdout))).toEqual([
      { file: './sub/bad.py', line: 2, column: 5, severity: 'error', message: "expected ':'", code: 'SyntaxError' },
      { file: './nul.py', line: 0, column: 0, severity: 'error', message: 'source code string cannot contain null bytes', code: 'ValueError' },
    ]);
    expect(outputParsers['python-json'](out('Traceback (most recent call last):\n  …'))).toBeNull();
  });
});

describe('cargo-json', () => {
  const error = {
    reason: 'compiler-message',
    package_id: 'path+file:///tmp/rsfx#0.1.0',
    manifest_path: '/tmp/rsfx/Cargo.toml',
    target: { kind: ['bin'], crate_types: ['bin'], name: 'rsfx', src_path: '/tmp/rsfx/src/main.rs', edition: '2024', doc: true, doctest: false, test: true },
    message: {
      rendered: 'error[E0308]: mismatched types\n --> src/main.rs:2:18\n',
      $message_type: 'diagnostic',
      children: [],
      level: 'error',
      message: 'mismatched types',
      spans: [
        { byte_end: 26, byte_start: 23, column_end: 15, column_start: 12, expansion: null, file_name: 'src/main.rs', is_primary: false, label: 'expected due to this', line_end: 2, line_start: 2, suggested_replacement: null, suggestion_applicability: null, text: [] },
        { byte_end: 32, byte_start: 29, column_end: 21, column_start: 18, expansion: null, file_name: 'src/main.rs', is_primary: true, label: 'expected `i32`, found `&str`', line_end: 2, line_start: 2, suggested_replacement: null, suggestion_applicability: null, text: [] },
      ],
      code: { code: 'E0308', explanation: 'Expected type did not match the received type.\n' },
    },
  };
  const warning = {
    reason: 'compiler-message',
    package_id: 'path+file:///tmp/rsws/m#0.1.0',
    manifest_path: '/tmp/rsws/m/Cargo.toml',
    target: { kind: ['lib'], crate_types: ['lib'], name: 'm', src_path: '/tmp/rsws/m/src/lib.rs', edition: '2024', doc: true, doctest: true, test: true },
    message: {
      rendered: 'warning: unused variable: `unused`\n',
      $message_type: 'diagnostic',
      children: [{ children: [], code: null, level: 'note', message: '`#[warn(unused_variables)]` on by default', rendered: null, spans: [] }],
      level: 'warning',
      message: 'unused variable: `unused`',
      spans: [{ byte_end: 26, byte_start: 20, column_end: 15, column_start: 9, expansion: null, file_name: 'm/src/lib.rs', is_primary: true, label: null, line_end: 1, line_start: 1, suggested_replacement: null, suggestion_applicability: null, text: [] }],
      code: { code: 'unused_variables', explanation: null },
    },
  };
  const inMacro = {
    reason: 'compiler-message',
    manifest_path: '/tmp/rsfx/Cargo.toml',
    message: {
      level: 'error',
      message: 'cannot find value `y` in this scope',
      code: { code: 'E0425' },
      spans: [
        {
          file_name: '/rustc/abc/library/std/src/macros.rs',
          line_start: 140,
          column_start: 9,
          is_primary: true,
          expansion: { span: { file_name: 'src/main.rs', line_start: 5, column_start: 5, is_primary: false, expansion: null } },
        },
      ],
    },
  };
  const failureNote = { reason: 'compiler-message', manifest_path: '/tmp/rsfx/Cargo.toml', message: { level: 'failure-note', message: 'For more information about this error, try `rustc --explain E0308`.', spans: [], code: null } };
  const aborting = { reason: 'compiler-message', manifest_path: '/tmp/rsfx/Cargo.toml', message: { level: 'error', message: 'aborting due to 1 previous error', spans: [], code: null } };
  const artifact = { reason: 'compiler-artifact', package_id: 'path+file:///tmp/rsfx#0.1.0', filenames: ['/tmp/rsfx/target/debug/deps/librsfx.rmeta'], fresh: false };
  const stdout = [
    JSON.stringify({ reason: 'build-script-executed', package_id: 'registry+https://github.com/rust-lang/crates.io-index#libc@0.2.155', linked_libs: [], out_dir: '/tmp/t/out' }),
    'cargo:rerun-if-changed=build.rs',
    JSON.stringify(error),
    JSON.stringify(warning),
    JSON.stringify(inMacro),
    JSON.stringify(failureNote),
    JSON.stringify(aborting),
    JSON.stringify(artifact),
    '{"reason":"build-finished","success":false}',
    '',
  ].join('\n');

  it('reads compiler messages at their primary span (a macro at its call site), skipping every other line', () => {
    const found = outputParsers['cargo-json'](out(stdout, '    Checking rsfx v0.1.0 (/tmp/rsfx)\nerror: could not compile `rsfx` (bin "rsfx") due to 1 previous error\n'))!;
    expect(found.map(({ bases, ...d }) => d)).toEqual([
      { file: 'src/main.rs', line: 2, column: 18, severity: 'error', message: 'mismatched types', code: 'E0308' },
      { file: 'm/src/lib.rs', line: 1, column: 9, severity: 'warning', message: 'unused variable: `unused`', code: 'unused_variables' },
      { file: 'src/main.rs', line: 5, column: 5, severity: 'error', message: 'cannot find value `y` in this scope', code: 'E0425' },
    ]);
    // relative to cargo's workspace root: the manifest's folder or one above it
    expect(found[1].bases?.slice(0, 2)).toEqual(['/tmp/rsws/m', '/tmp/rsws']);
  });
});
