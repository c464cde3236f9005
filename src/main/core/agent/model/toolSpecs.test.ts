import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelConfigError } from './modelErrors';
import { toOpenAiToolChoice, toOpenAiTools } from './toolSpecs';

const editFile = {
  name: 'edit_file',
  description: 'Edit a file by exact search and replace.',
  schema: z.object({
    path: z.string().describe('Path relative to the workspace'),
    edits: z.array(z.object({ search: z.string(), replace: z.string() })).min(1),
  }),
};

describe('tool specs', () => {
  it('turns zod schemas into OpenAI function tools with object parameters and no $schema', () => {
    const listFiles = {
      name: 'list_files',
      description: 'List files.',
      schema: z.object({ path: z.string().optional(), recursive: z.boolean().default(false), limit: z.number().int().min(1).max(1000).optional() }),
    };
    const updateTodo = {
      name: 'update_todo',
      description: 'Set a TODO status.',
      schema: z.object({ id: z.string(), status: z.enum(['in_progress', 'done', 'failed']), result: z.string().optional() }),
    };
    const [edit, list, update] = toOpenAiTools([editFile, listFiles, updateTodo]);
    expect(edit).toEqual({
      type: 'function',
      function: {
        name: 'edit_file',
        description: 'Edit a file by exact search and replace.',
        parameters: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'Path relative to the workspace' },
            edits: { type: 'array', minItems: 1, items: { type: 'object', properties: { search: { type: 'string' }, replace: { type: 'string' } }, required: ['search', 'replace'] } },
          },
          required: ['path', 'edits'],
        },
      },
    });
    // A field with a default is optional for the model.
    expect(list.function.parameters.required).toBeUndefined();
    expect((list.function.parameters.properties as Record<string, unknown>).recursive).toEqual({ type: 'boolean', default: false });
    expect((update.function.parameters.properties as Record<string, unknown>).status).toEqual({ type: 'string', enum: ['in_progress', 'done', 'failed'] });
    for (const tool of [edit, list, update]) {
      expect(tool.function.parameters.type).toBe('object');
      expect(JSON.stringify(tool)).not.toContain('$schema');
    }
  });

  it('gives a no-argument tool an empty properties object', () => {
    const [tool] = toOpenAiTools([{ name: 'ping', description: 'Ping.', schema: z.object({}) }]);
    expect(tool.function.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('refuses bad names, duplicates, non-object and unrepresentable schemas', () => {
    expect(() => toOpenAiTools([{ ...editFile, name: 'edit file' }])).toThrow(ModelConfigError);
    expect(() => toOpenAiTools([editFile, editFile])).toThrow(/listed twice/);
    expect(() => toOpenAiTools([{ name: 'x', description: '', schema: z.string() }])).toThrow(/must be an object schema/);
    expect(() => toOpenAiTools([{ name: 'x', description: '', schema: z.object({ when: z.date() }) }])).toThrow(/cannot be expressed as JSON Schema/);
  });

  it('maps tool choice and checks a forced tool is offered', () => {
    expect(toOpenAiToolChoice('required')).toBe('required');
    expect(toOpenAiToolChoice({ name: 'edit_file' }, [editFile])).toEqual({ type: 'function', function: { name: 'edit_file' } });
    expect(() => toOpenAiToolChoice({ name: 'verify_todo' }, [editFile])).toThrow(/not one of the offered tools/);
  });
});
