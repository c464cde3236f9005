import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commands } from '../../shared/contract';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, up to the limit and one past it', () => {
    expect(nestsDeeperThan(nested(64))).toBe(false);
    expect(nestsDeeperThan(nested(65))).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":[1,{"d":2}]}}}', 5)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":{"c":[1,{"d":2}]}}}', 4)).toBe(true);
    // Depth goes back down: many shallow siblings are not deep.
    expect(nestsDeeperThan(`[${Array.from({ length: 10_000 }, () => '[[1]]').join(',')}]`, 3)).toBe(false);
    expect(nestsDeeperThan('', 0)).toBe(false);
    expect(nestsDeeperThan('42', 0)).toBe(false);
    expect(nestsDeeperThan('[]', 0)).toBe(true);
  });

  it('does not count brackets inside strings', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[[[{{{{{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['[', '{', ']]]]', '}}}}']), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ k: nested(200) }), 1)).toBe(false);
  });

  it('honours escapes: an escaped quote does not end a string, an escaped backslash does not escape the quote', () => {
    // "a\"[[[[" is one string.
    expect(nestsDeeperThan(JSON.stringify(['a"[[[[', 1]), 1)).toBe(false);
    // "\\" ends after the escaped backslash: the brackets after it count.
    expect(nestsDeeperThan(`["\\\\", [[[1]]]]`, 3)).toBe(true);
    expect(nestsDeeperThan(`["\\\\", [[[1]]]]`, 4)).toBe(false);
    // \u escapes and other escapes inside strings.
    expect(nestsDeeperThan(JSON.stringify(['\u005b\n\t\\"[', { a: '"}' }]), 2)).toBe(false);
    // A string key with brackets and escaped quotes.
    expect(nestsDeeperThan('{"[\\"{": [[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"[\\"{": [[1]]}', 2)).toBe(true);
  });

  it('agrees with the depth JSON.parse builds, on texts it produced', () => {
    const depthOf = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0);
    const samples: unknown[] = [{ a: [1, 2, { b: 'x]"\\' }] }, [[['"', '\\'], {}]], 'plain', { deep: JSON.parse(nested(30, '[', ']')) }];
    samples.push(['\\\\\\"[[[['], ['\\\\', [[1]]], { '\\"{': ['\\'] });
    // And strings made of the characters that matter, at random (a fixed seed).
    let seed = 26;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => '"\\[]{}a'[Math.floor(random() * 7)]).join('');
    const grow = (level: number): unknown => (level === 0 || random() < 0.2 ? pick() : random() < 0.5 ? [pick(), grow(level - 1)] : { [pick()]: grow(level - 1) });
    for (let n = 0; n < 200; n++) samples.push(grow(8));
    for (const v of samples) {
      const text = JSON.stringify(v);
      const depth = depthOf(v);
      expect(nestsDeeperThan(text, depth)).toBe(false);
      if (depth > 0) expect(nestsDeeperThan(text, depth - 1)).toBe(true);
    }
  });
});

/** How deeply a JSON Schema's values nest (objects and arrays), following local $refs once. */
function schemaDepth(node: unknown, root: Record<string, any>, seen = new Set<string>()): number {
  if (!node || typeof node !== 'object') return 0;
  const s = node as Record<string, any>;
  if (typeof s.$ref === 'string') {
    if (seen.has(s.$ref)) return Infinity;
    const target = s.$ref.replace(/^#\//, '').split('/').reduce((at: any, key: string) => at?.[key], root);
    return schemaDepth(target, root, new Set([...seen, s.$ref]));
  }
  let depth = 0;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const option of s[key] ?? []) depth = Math.max(depth, schemaDepth(option, root, seen));
  const children = [
    ...Object.values(s.properties ?? {}),
    ...(typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []),
    ...(s.items ? [s.items] : []),
    ...(s.prefixItems ?? []),
  ];
  if (s.type === 'object' || s.type === 'array' || children.length) depth = Math.max(depth, 1 + Math.max(0, ...children.map((c) => schemaDepth(c, root, seen))));
  return depth;
}

describe('MAX_JSON_DEPTH', () => {
  it('leaves room for the deepest input of the contract inside a WebSocket frame', () => {
    let deepest = 0;
    for (const def of Object.values(commands)) {
      const schema = z.toJSONSchema(def.input as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
      deepest = Math.max(deepest, schemaDepth(schema, schema));
    }
    expect(deepest).toBeGreaterThan(2);
    expect(deepest + 1).toBeLessThan(16);
    expect(MAX_JSON_DEPTH).toBeGreaterThanOrEqual(4 * (deepest + 1));
  });
});
