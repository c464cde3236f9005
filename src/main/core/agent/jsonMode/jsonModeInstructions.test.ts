import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildJsonModeInstructions } from './jsonModeInstructions';
import { parseJsonReply } from './jsonReplyParser';
import { toToolCall } from './toToolCall';

const tools = [
  {
    name: 'read_file',
    description: 'Read a text file.',
    params: z.object({ path: z.string().describe('Workspace-relative path.'), startLine: z.number().int().optional(), endLine: z.number().int().optional() }),
  },
  {
    name: 'edit_file',
    description: 'Replace exact text.',
    schema: z.object({ path: z.string(), edits: z.array(z.object({ search: z.string(), replace: z.string() })) }),
  },
  {
    name: 'update_todo',
    description: 'Change a TODO status.',
    parameters: {
      type: 'object',
      properties: { id: { type: 'string' }, status: { type: 'string', enum: ['in_progress', 'done', 'failed'] }, result: { type: 'string' } },
      required: ['id', 'status'],
    },
  },
];

describe('buildJsonModeInstructions', () => {
  it('explains the schema, the rules and each tool with its parameters', () => {
    const text = buildJsonModeInstructions(tools);
    expect(text).toContain('"type": "legacy_response"');
    expect(text).toContain('exactly ONE JSON object');
    expect(text).toContain('- read_file {path: string, startLine?: integer, endLine?: integer}');
    expect(text).toContain('· path: Workspace-relative path.');
    expect(text).toContain('- edit_file {path: string, edits: {search: string, replace: string}[]}');
    expect(text).toContain('- update_todo {id: string, status: "in_progress" | "done" | "failed", result?: string}');
    expect(text).toContain('update_todo {"id", "status": "done", "result"}');
  });

  it('asks for a verdict when verify_todo is the only tool', () => {
    const text = buildJsonModeInstructions([
      { name: 'verify_todo', description: 'Verdict.', params: z.object({ todoId: z.string(), approved: z.boolean(), feedback: z.string(), confidence: z.number().min(0).max(1) }) },
    ]);
    expect(text).toContain('"verification": {"todoId"');
    expect(text).not.toContain('## Tools');
  });
});

describe('toToolCall', () => {
  const parse = (raw: string, phase?: 'planning' | 'execution' | 'verification') => {
    const r = parseJsonReply(raw, { phase });
    if (!r.ok) throw new Error(r.error);
    return toToolCall(r.value, 'call_7');
  };

  it('gives the native shape, arguments as object and as JSON text', () => {
    const call = parse('{"toolCall": {"tool": "read_file", "params": {"path": "a.ts"}}}', 'execution');
    expect(call).toEqual({ id: 'call_7', name: 'read_file', arguments: { path: 'a.ts' }, rawArguments: '{"path":"a.ts"}', parseError: null });
  });

  it('prefers the tool call over complete, and a message alone is no call', () => {
    expect(parse('{"toolCall": {"tool": "update_todo", "params": {"id": "1", "status": "done"}}, "complete": true, "message": "m"}')?.name).toBe('update_todo');
    expect(parse('{"phase": "execution", "message": "thinking"}')).toBeNull();
  });

  it('does not turn an echoed TODO board into todo_write outside planning', () => {
    const call = parse('{"phase": "execution", "todos": [{"id": "1", "description": "d", "expectedResult": "e", "status": "done"}], "message": "progress"}');
    expect(call).toBeNull();
  });
});
