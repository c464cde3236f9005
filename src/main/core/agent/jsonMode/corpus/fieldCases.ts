import type { CorpusCase } from './corpusTypes';

/** Replies with valid (or repaired) syntax whose fields are missing, renamed or loosely typed. */
export const fieldCases: CorpusCase[] = [
  {
    name: 'the complete seed-000 object needs nothing',
    raw: JSON.stringify({
      type: 'legacy_response',
      phase: 'execution',
      todos: [{ id: '1', description: 'd', expectedResult: 'e', status: 'in_progress', toolCalls: [] }],
      toolCall: { tool: 'edit_file', params: { path: 'a.ts', edits: [{ search: 'a', replace: 'b' }] } },
      verification: null,
      message: 'editing',
      complete: false,
    }),
    expect: { ok: true, call: { name: 'edit_file', arguments: { path: 'a.ts', edits: [{ search: 'a', replace: 'b' }] } }, repaired: [], placeholders: [] },
  },
  {
    name: 'only a tool call: everything else is a placeholder',
    raw: '{"toolCall": {"tool": "read_file", "params": {"path": "a.ts"}}}',
    options: { phase: 'execution' },
    expect: {
      ok: true,
      value: { type: 'legacy_response', phase: 'execution', todos: [], verification: null, message: '', complete: false },
      placeholders: ['type', 'phase', 'todos', 'message', 'complete'],
    },
  },
  {
    name: 'phase inferred from a plan when the context gives none',
    raw: '{"todos": [{"description": "Create server.ts", "expectedResult": "node server.ts listens on 3000"}]}',
    expect: {
      ok: true,
      value: { phase: 'planning', todos: [{ id: '1', status: 'pending', toolCalls: [] }] },
      call: { name: 'todo_write', arguments: { todos: [{ id: '1', description: 'Create server.ts', expectedResult: 'node server.ts listens on 3000', status: 'pending' }] } },
      placeholders: ['phase', 'todos[0].id', 'todos[0].status'],
    },
  },
  {
    name: 'snake_case field names',
    raw: '{"phase": "planning", "todos": [{"todo_id": 1, "description": "Add tests", "expected_result": "npm test passes", "status": "pending"}], "tool_call": null, "message": "plan"}',
    expect: { ok: true, value: { todos: [{ id: '1', expectedResult: 'npm test passes' }] }, repaired: ['tool_call → toolCall', 'expected_result → expectedResult'] },
  },
  {
    name: 'TODOs as plain strings are an error in planning (no expected result)',
    raw: '{"phase": "planning", "todos": ["Add a route", "Write a test"]}',
    expect: { ok: false, error: ['todos[0].expectedResult is missing', 'todos[1].expectedResult is missing', 'Reply again with exactly one JSON object'] },
  },
  {
    name: 'TODO status synonyms',
    raw: '{"phase": "execution", "todos": [{"id": "a", "description": "x", "expectedResult": "y", "status": "completed"}, {"id": "b", "description": "x", "expectedResult": "y", "status": "In Progress"}, {"id": "c", "description": "x", "expectedResult": "y", "status": "todo"}], "message": "board"}',
    expect: { ok: true, value: { todos: [{ status: 'done' }, { status: 'in_progress' }, { status: 'pending' }] }, repaired: ['"completed" to done', '"In Progress" to in_progress'] },
  },
  {
    name: 'camelCase tool name from seed 000',
    raw: '{"phase": "execution", "toolCall": {"tool": "readFile", "params": {"path": "a.ts"}}, "message": "r"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['mapped tool "readFile" to read_file'] },
  },
  {
    name: 'executeCommand alias',
    raw: '{"phase": "execution", "toolCall": {"tool": "executeCommand", "params": {"command": "npm test"}}, "message": "test"}',
    expect: { ok: true, call: { name: 'run_command', arguments: { command: 'npm test' } }, repaired: ['to run_command'] },
  },
  {
    name: 'OpenAI-style function object with string arguments',
    raw: '{"phase": "execution", "tool_call": {"type": "function", "function": {"name": "functions.read_file", "arguments": "{\\"path\\": \\"src/app.ts\\"}"}}, "message": "r"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'src/app.ts' } }, repaired: ['OpenAI-style', 'from a JSON string'] },
  },
  {
    name: 'bare tool call at the top level',
    raw: '{"tool": "run_command", "params": {"command": "ls -la"}}',
    options: { phase: 'execution' },
    expect: { ok: true, call: { name: 'run_command', arguments: { command: 'ls -la' } }, repaired: ['bare tool call'] },
  },
  {
    name: 'name/arguments at the top level',
    raw: '{"name": "update_todo", "arguments": {"id": "2", "status": "done", "result": "tests pass"}}',
    options: { phase: 'execution' },
    expect: { ok: true, call: { name: 'update_todo', arguments: { id: '2', status: 'done', result: 'tests pass' } } },
  },
  {
    name: 'parameters beside the tool name',
    raw: '{"phase": "execution", "toolCall": {"tool": "read_file", "path": "a.ts", "startLine": 3}}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts', startLine: 3 } }, repaired: ['beside the tool name'] },
  },
  {
    name: 'params missing: empty params placeholder',
    raw: '{"phase": "execution", "toolCall": {"tool": "list_files"}, "message": "ls"}',
    expect: { ok: true, call: { name: 'list_files', arguments: {} }, placeholders: ['toolCall.params'] },
  },
  {
    name: 'several tool calls: only the first is used',
    raw: '{"phase": "execution", "toolCalls": [{"tool": "read_file", "params": {"path": "a.ts"}}, {"tool": "read_file", "params": {"path": "b.ts"}}], "message": "two"}',
    expect: { ok: true, call: { name: 'read_file', arguments: { path: 'a.ts' } }, repaired: ['first of 2 tool calls'] },
  },
  {
    name: 'complete: true with the summary in message',
    raw: '{"phase": "complete", "complete": "true", "message": "Added /health with a test; npm test passes."}',
    expect: { ok: true, call: { name: 'complete', arguments: { summary: 'Added /health with a test; npm test passes.' } }, repaired: ['complete to a boolean'] },
  },
  {
    name: 'phase synonyms',
    raw: '{"phase": "Executing", "toolCall": {"tool": "list_files", "params": {}}, "message": "x"}',
    expect: { ok: true, value: { phase: 'execution' }, repaired: ['normalised phase'] },
  },
  {
    name: 'verification with loose types',
    raw: '{"phase": "verification", "verification": {"todo_id": 3, "approved": "yes", "feedback": "The route answers 200.", "confidence": "90%"}, "message": ""}',
    options: { phase: 'verification' },
    expect: {
      ok: true,
      call: { name: 'verify_todo', arguments: { todoId: '3', approved: true, feedback: 'The route answers 200.', confidence: 0.9 } },
      repaired: ['verification.approved "yes" as true', 'confidence'],
    },
  },
  {
    name: 'verification confidence as a percentage number',
    raw: '{"verification": {"todoId": "task", "approved": false, "feedback": "README not updated", "confidence": 85}}',
    options: { phase: 'verification' },
    expect: { ok: true, value: { phase: 'verification' }, call: { name: 'verify_todo', arguments: { todoId: 'task', approved: false, feedback: 'README not updated', confidence: 0.85 } }, repaired: ['scaled'] },
  },
  {
    name: 'verification without todoId, feedback or confidence takes placeholders',
    raw: '{"verification": {"approved": true}}',
    options: { phase: 'verification', todoId: '4' },
    expect: {
      ok: true,
      call: { name: 'verify_todo', arguments: { todoId: '4', approved: true, feedback: '', confidence: 0.5 } },
      placeholders: ['verification.todoId', 'verification.feedback', 'verification.confidence'],
    },
  },
  {
    name: 'verify_todo sent as a tool call',
    raw: '{"toolCall": {"tool": "verify_todo", "params": {"todoId": "2", "approved": false, "feedback": "no test", "confidence": 0.8}}}',
    options: { phase: 'verification' },
    expect: { ok: true, value: { toolCall: null }, call: { name: 'verify_todo', arguments: { todoId: '2', approved: false, feedback: 'no test', confidence: 0.8 } }, repaired: ['into verification'] },
  },
  {
    name: 'message from "thought", unknown fields ignored',
    raw: '{"thought": "I should run the tests", "phase": "execution", "toolCall": {"tool": "run_command", "params": {"command": "npm test"}}, "mood": "happy"}',
    expect: { ok: true, value: { message: 'I should run the tests' }, repaired: ['thought → message', 'ignored unknown fields: mood'] },
  },
  {
    name: 'todos keyed by id',
    raw: '{"phase": "planning", "todos": {"setup": {"description": "Init project", "expectedResult": "package.json exists"}, "test": {"description": "Add test", "expectedResult": "npm test passes"}}}',
    expect: { ok: true, value: { todos: [{ id: 'setup' }, { id: 'test' }] }, repaired: ['keyed by id'] },
  },
  {
    name: 'wrong type string replaced',
    raw: '{"type": "response", "phase": "execution", "toolCall": {"tool": "list_files", "params": {}}, "message": "x"}',
    expect: { ok: true, value: { type: 'legacy_response' }, repaired: ['replaced type "response"'] },
  },
];
