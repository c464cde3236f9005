import type { CorpusCase } from './corpusTypes';

/** Replies the parser cannot use: the error names what to fix, and the model is asked again. */
export const unusableCases: CorpusCase[] = [
  {
    name: 'plain prose, no JSON',
    raw: 'I think we should start by reading the README and then add the route.',
    expect: { ok: false, error: ['no JSON object', 'Reply again with exactly one JSON object'] },
  },
  {
    name: 'empty reply',
    raw: '   \n',
    expect: { ok: false, error: ['The reply is empty'] },
  },
  {
    name: 'unknown tool',
    raw: '{"phase": "execution", "toolCall": {"tool": "browse_web", "params": {"url": "https://example.com"}}, "message": "x"}',
    expect: { ok: false, error: ['"browse_web" is not a tool', 'read_file', 'run_command'] },
  },
  {
    name: 'tool not offered in this mode',
    raw: '{"phase": "execution", "toolCall": {"tool": "write_file", "params": {"path": "a", "content": "b"}}, "message": "x"}',
    options: { tools: ['list_files', 'read_file', 'search_files', 'todo_write', 'update_todo', 'complete'] },
    expect: { ok: false, error: ['write_file is not available here'] },
  },
  {
    name: 'tool call without a tool name',
    raw: '{"phase": "execution", "toolCall": {"params": {"path": "a.ts"}}, "message": "x"}',
    expect: { ok: false, error: ['toolCall.tool is missing'] },
  },
  {
    name: 'truncated inside write_file content: never half-run',
    raw: '{"phase": "execution", "message": "writing the server", "toolCall": {"tool": "write_file", "params": {"path": "server.js", "content": "const http = require(\'http\');\\nconst server = http.createServer((req, res) => {\\n  res.end(',
    expect: { ok: false, error: ['cut off inside the tool call', 'params.content', 'write_file with the first part'] },
  },
  {
    name: 'truncated right after a params key',
    raw: '{"phase": "execution", "toolCall": {"tool": "run_command", "params": {"command":',
    expect: { ok: false, error: ['cut off inside the tool call'] },
  },
  {
    name: 'unknown phase',
    raw: '{"phase": "dreaming", "toolCall": {"tool": "list_files", "params": {}}, "message": "x"}',
    expect: { ok: false, error: ['phase must be one of planning, execution, verification, complete (got "dreaming")'] },
  },
  {
    name: 'unknown TODO status',
    raw: '{"phase": "execution", "todos": [{"id": "1", "description": "x", "expectedResult": "y", "status": "blocked"}], "message": "m"}',
    expect: { ok: false, error: ['todos[0].status must be one of pending, in_progress, done, failed (got "blocked")'] },
  },
  {
    name: 'TODO without a description',
    raw: '{"phase": "planning", "todos": [{"id": "1", "expectedResult": "tests pass"}]}',
    expect: { ok: false, error: ['todos[0].description is missing'] },
  },
  {
    name: 'duplicate TODO ids',
    raw: '{"phase": "planning", "todos": [{"id": "1", "description": "a", "expectedResult": "b"}, {"id": "1", "description": "c", "expectedResult": "d"}]}',
    expect: { ok: false, error: ['todos[1].id: "1" is used twice'] },
  },
  {
    name: 'planning with no plan',
    raw: '{"phase": "planning", "message": "I will plan now"}',
    expect: { ok: false, error: ['todos is empty'] },
  },
  {
    name: 'review without a verdict',
    raw: '{"phase": "verification", "message": "Looks good to me"}',
    options: { phase: 'verification', todoId: '1' },
    expect: { ok: false, error: ['verification is missing'] },
  },
  {
    name: 'verdict that is neither yes nor no',
    raw: '{"verification": {"todoId": "1", "approved": "maybe", "feedback": "unsure"}}',
    options: { phase: 'verification' },
    expect: { ok: false, error: ['verification.approved must be true or false'] },
  },
  {
    name: 'confidence out of range',
    raw: '{"verification": {"todoId": "1", "approved": true, "feedback": "ok", "confidence": 250}}',
    options: { phase: 'verification' },
    expect: { ok: false, error: ['verification.confidence must be from 0 to 1'] },
  },
  {
    name: 'params that are not an object',
    raw: '{"phase": "execution", "toolCall": {"tool": "read_file", "params": ["a.ts"]}, "message": "x"}',
    expect: { ok: false, error: ['toolCall.params must be a JSON object'] },
  },
  {
    name: 'an empty object',
    raw: '{}',
    options: { phase: 'execution' },
    expect: { ok: false, error: ['the object is empty'] },
  },
  {
    name: 'broken beyond repair',
    raw: '{"phase": "execution", "toolCall": {"tool": "read_file", "params": {"path" "a.ts"}}}',
    expect: { ok: false, error: ['malformed', "Expected ':' after the key \"path\""] },
  },
];
