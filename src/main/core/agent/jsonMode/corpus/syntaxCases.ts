import type { CorpusCase } from './corpusTypes';

/** Replies whose JSON syntax is broken in ways the parser repairs. */
export const syntaxCases: CorpusCase[] = [
  {
    name: 'code fence with json tag',
    raw: '```json\n{"type": "legacy_response", "phase": "execution", "todos": [], "toolCall": {"tool": "read_file", "params": {"path": "src/a.ts"}}, "verification": null, "message": "Reading a.ts", "complete": false}\n```',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'src/a.ts' } }, repaired: ['code fence'], placeholders: [] },
  },
  {
    name: 'bare code fence and prose around it',
    raw: 'Sure! Here is my next step:\n```\n{"phase": "execution", "toolCall": {"tool": "list_files", "params": {}}, "message": "Looking around"}\n```\nLet me know if that works.',
    expect: { ok: true, call: { name: 'list_files', arguments: {} }, repaired: ['code fence', 'text before', 'text after'] },
  },
  {
    name: 'prose before the object, no fence',
    raw: 'I will now read the file. {"phase":"execution","toolCall":{"tool":"read_file","params":{"path":"README.md"}},"message":"read"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'README.md' } }, repaired: ['text before'] },
  },
  {
    name: 'prose with braces before the object',
    raw: 'The function looks like f() { return 1 } so I will check it.\n{"phase":"execution","toolCall":{"tool":"search_files","params":{"pattern":"return 1"}},"message":"search"}',
    expect: { ok: true, call: { name: 'search_files', arguments: { pattern: 'return 1' } } },
  },
  {
    name: 'two objects: the first complete one is used',
    raw: '{"phase":"execution","toolCall":{"tool":"read_file","params":{"path":"a.ts"}},"message":"first"}\n{"phase":"execution","toolCall":{"tool":"read_file","params":{"path":"b.ts"}},"message":"second"}',
    expect: { ok: true, value: { message: 'first' }, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['first of 2 JSON objects'] },
  },
  {
    name: 'an example object in prose, then the reply',
    raw: 'Parameters look like {"path": "x"}. My reply:\n{"type":"legacy_response","phase":"execution","toolCall":{"tool":"read_file","params":{"path":"x"}},"message":"reading x"}',
    expect: { ok: true, value: { message: 'reading x' }, repaired: ['reply-shaped of 2'] },
  },
  {
    name: 'a <think> block with a draft before the reply',
    raw: '<think>Maybe {"toolCall": {"tool": "delete_file", "params": {"path": "a.ts"}}}? No, read it first.</think>\n{"phase": "execution", "toolCall": {"tool": "read_file", "params": {"path": "a.ts"}}, "message": "read"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['<think>'] },
  },
  {
    name: 'markdown fences inside file content',
    raw: '```json\n{"phase": "execution", "toolCall": {"tool": "write_file", "params": {"path": "README.md", "content": "# Demo\\n\\n```sh\\nnpm test\\n```\\n"}}, "message": "docs"}\n```',
    expect: { ok: true, call: { name: 'write_file', arguments: { path: 'README.md', content: '# Demo\n\n```sh\nnpm test\n```\n' } }, repaired: ['code fence'] },
  },
  {
    name: 'trailing commas in objects and arrays',
    raw: '{"phase": "planning", "todos": [{"id": "1", "description": "Add a route", "expectedResult": "GET /health answers 200", "status": "pending",},], "message": "plan",}',
    expect: {
      ok: true,
      call: { name: 'todo_write', arguments: { todos: [{ id: '1', description: 'Add a route', expectedResult: 'GET /health answers 200', status: 'pending' }] } },
      repaired: ['trailing commas'],
    },
  },
  {
    name: 'single-quoted strings (Python dict style)',
    raw: "{'type': 'legacy_response', 'phase': 'execution', 'toolCall': {'tool': 'run_command', 'params': {'command': 'npm test'}}, 'message': 'Running tests', 'complete': False, 'verification': None}",
    expect: { ok: true, call: { name: 'run_command', arguments: { command: 'npm test' } }, repaired: ['single-quoted', 'Python literals'] },
  },
  {
    name: 'unquoted keys (JavaScript object literal)',
    raw: '{type: "legacy_response", phase: "execution", toolCall: {tool: "read_file", params: {path: "package.json", startLine: 1, endLine: 20}}, message: "deps"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'package.json', startLine: 1, endLine: 20 } }, repaired: ['unquoted keys'] },
  },
  {
    name: 'line and block comments',
    raw: '{\n  // what I am doing\n  "phase": "execution", /* one call */\n  "toolCall": {"tool": "list_files", "params": {"path": "src"}}, # python comment\n  "message": "listing"\n}',
    expect: { ok: true, call: { name: 'list_files', arguments: { path: 'src' } }, repaired: ['comments'] },
  },
  {
    name: 'smart quotes everywhere',
    raw: '{\u201cphase\u201d: \u201cexecution\u201d, \u201ctoolCall\u201d: {\u201ctool\u201d: \u201cread_file\u201d, \u201cparams\u201d: {\u201cpath\u201d: \u201cdocs/intro.md\u201d}}, \u201cmessage\u201d: \u201creading\u201d}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'docs/intro.md' } }, repaired: ['smart quotes'] },
  },
  {
    name: 'smart quotes inside a normal string stay text',
    raw: '{"phase": "execution", "message": "The \u201cfast\u201d path is broken", "toolCall": {"tool": "read_file", "params": {"path": "a.ts"}}}',
    expect: { ok: true, value: { message: 'The \u201cfast\u201d path is broken' } },
  },
  {
    name: 'truncated in the message string',
    raw: '{"phase": "execution", "toolCall": {"tool": "read_file", "params": {"path": "src/index.ts"}}, "message": "Now I will look at the entry point to see how the server',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'src/index.ts' } }, value: { message: 'Now I will look at the entry point to see how the server' }, repaired: ['truncated'] },
  },
  {
    name: 'truncated after the tool call: only closers missing',
    raw: '{"phase": "execution", "message": "reading", "toolCall": {"tool": "read_file", "params": {"path": "src/index.ts"',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'src/index.ts' } }, repaired: ['truncated'] },
  },
  {
    name: 'truncated in the middle of the plan: last TODO cut in its expected result',
    raw: '{"phase": "planning", "todos": [{"id": "1", "description": "Write the parser", "expectedResult": "parser tests pass"}, {"id": "2", "description": "Wire it", "expectedResult": "akira run uses the',
    expect: { ok: true, value: { todos: [{ id: '1' }, { id: '2', expectedResult: 'akira run uses the' }] }, repaired: ['truncated'] },
  },
  {
    name: 'truncated after a key: the dangling member is dropped',
    raw: '{"phase": "execution", "toolCall": {"tool": "list_files", "params": {}}, "message": "look", "complete":',
    expect: { ok: true, value: { complete: false }, placeholders: ['complete'], repaired: ['truncated'] },
  },
  {
    name: 'truncated inside a literal',
    raw: '{"phase": "complete", "message": "All done", "complete": tr',
    expect: { ok: true, value: { complete: true }, call: { name: 'complete', arguments: { summary: 'All done' } } },
  },
  {
    name: 'NaN and undefined values',
    raw: '{"phase": "execution", "toolCall": {"tool": "list_files", "params": {"path": "src", "limit": NaN}}, "verification": undefined, "message": "ls"}',
    expect: { ok: true, call: { name: 'list_files', arguments: { path: 'src', limit: null } }, value: { verification: null }, repaired: ['NaN/undefined'] },
  },
  {
    name: 'Python True/False/None',
    raw: '{"phase": "execution", "toolCall": {"tool": "list_files", "params": {"recursive": True}}, "verification": None, "complete": False, "message": "tree"}',
    expect: { ok: true, call: { name: 'list_files', arguments: { recursive: true } }, repaired: ['Python literals'] },
  },
  {
    name: 'raw line breaks inside a string (file content)',
    raw: '{"phase": "execution", "toolCall": {"tool": "write_file", "params": {"path": "hello.py", "content": "def hello():\n    return \'hi\'\n"}}, "message": "writing"}',
    expect: { ok: true, call: { name: 'write_file', arguments: { path: 'hello.py', content: "def hello():\n    return 'hi'\n" } }, repaired: ['raw line breaks'] },
  },
  {
    name: 'escaped newlines stay newlines',
    raw: '{"phase": "execution", "toolCall": {"tool": "write_file", "params": {"path": "a.txt", "content": "line 1\\nline 2\\n\\ttabbed"}}, "message": "w"}',
    expect: { ok: true, call: { name: 'write_file', arguments: { path: 'a.txt', content: 'line 1\nline 2\n\ttabbed' } }, placeholders: ['type', 'todos'] },
  },
  {
    name: 'regex with invalid JSON escapes',
    raw: '{"phase": "execution", "toolCall": {"tool": "search_files", "params": {"pattern": "\\d+\\.\\d+", "glob": "src/**/*.ts"}}, "message": "versions"}',
    expect: { ok: true, call: { name: 'search_files', arguments: { pattern: '\\d+\\.\\d+', glob: 'src/**/*.ts' } }, repaired: ['invalid escapes'] },
  },
  {
    name: 'unescaped double quotes inside a string',
    raw: '{"phase": "execution", "message": "The test says "expected 2" but got 3", "toolCall": {"tool": "read_file", "params": {"path": "test/a.test.ts"}}}',
    expect: { ok: true, value: { message: 'The test says "expected 2" but got 3' }, repaired: ['unescaped quotes'] },
  },
  {
    name: 'missing commas between members on separate lines',
    raw: '{\n  "phase": "execution"\n  "toolCall": {"tool": "read_file", "params": {"path": "a.ts"}}\n  "message": "read"\n}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['missing commas'] },
  },
  {
    name: 'whole reply sent as a JSON string',
    raw: '"{\\"phase\\": \\"execution\\", \\"toolCall\\": {\\"tool\\": \\"read_file\\", \\"params\\": {\\"path\\": \\"a.ts\\"}}, \\"message\\": \\"x\\"}"',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['sent as a JSON string'] },
  },
  {
    name: 'number formats: +1, .5 and hex',
    raw: '{"phase": "verification", "verification": {"todoId": "1", "approved": true, "feedback": "ok", "confidence": .5}, "toolCall": null, "message": ""}',
    expect: { ok: true, value: { verification: { confidence: 0.5 } }, repaired: ['number formats'] },
  },
  {
    name: 'bare-word values',
    raw: '{phase: execution, toolCall: {tool: list_files, params: {}}, message: looking at the tree}',
    expect: { ok: true, value: { phase: 'execution', message: 'looking at the tree' }, call: { name: 'list_files', arguments: {} }, repaired: ['bare-word values'] },
  },
];
