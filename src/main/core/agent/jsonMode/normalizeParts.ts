import { canonicalKey } from './extractJson';
import { parseLenientJson } from './lenientJson';
import type { Notes } from './normalizeToolCall';

/**
 * The reply's `todos` and `verification`, with aliases, coercions and placeholders. A TODO without an
 * expected result is an issue in the planning phase (the plan is checked against it) and gets an empty
 * placeholder elsewhere.
 */

const TODO_FIELDS: Record<string, readonly string[]> = {
  id: ['id', 'todoid', 'key', 'number'],
  description: ['description', 'desc', 'title', 'task', 'name', 'text', 'content', 'todo', 'summary'],
  expectedResult: ['expectedresult', 'expected', 'expectedoutcome', 'expectedoutput', 'successcriteria', 'acceptancecriteria', 'acceptance', 'goal'],
  status: ['status', 'state'],
  toolCalls: ['toolcalls'],
};

const STATUSES: Record<string, string> = {
  pending: 'pending',
  todo: 'pending',
  open: 'pending',
  notstarted: 'pending',
  new: 'pending',
  planned: 'pending',
  queued: 'pending',
  inprogress: 'in_progress',
  started: 'in_progress',
  active: 'in_progress',
  doing: 'in_progress',
  running: 'in_progress',
  working: 'in_progress',
  done: 'done',
  completed: 'done',
  complete: 'done',
  finished: 'done',
  success: 'done',
  succeeded: 'done',
  verified: 'done',
  failed: 'failed',
  fail: 'failed',
  failure: 'failed',
  error: 'failed',
  errored: 'failed',
};

function pickAll(obj: Record<string, unknown>, fields: Record<string, readonly string[]>, renamed: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, aliases] of Object.entries(fields)) {
    found: for (const alias of aliases) {
      for (const [key, value] of Object.entries(obj)) {
        if (canonicalKey(key) !== alias) continue;
        if (key !== name) renamed.add(`${key} → ${name}`);
        out[name] = value;
        break found;
      }
    }
  }
  return out;
}

function asItems(value: unknown, notes: Notes): unknown[] | unknown {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const at = value.indexOf('[');
    const r = at >= 0 ? parseLenientJson(value, at) : null;
    if (r?.ok && Array.isArray(r.value)) {
      notes.repaired.push('parsed todos from a JSON string');
      return r.value;
    }
    return value;
  }
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (Object.keys(obj).some((k) => TODO_FIELDS.description.includes(canonicalKey(k)))) {
      notes.repaired.push('wrapped a single TODO object in a list');
      return [obj];
    }
    notes.repaired.push('read todos from an object keyed by id');
    return Object.entries(obj).map(([id, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? { id, ...(v as object) } : { id, description: v }));
  }
  return value;
}

export function normalizeTodos(source: { value: unknown } | null, planning: boolean, notes: Notes): unknown {
  if (!source || source.value === undefined || source.value === null) {
    notes.placeholders.push('todos');
    return [];
  }
  const items = asItems(source.value, notes);
  if (!Array.isArray(items)) return items; // the schema reports it
  const renamed = new Set<string>();
  const ids = new Set<string>();
  let fromStrings = false;
  const todos = items.map((item, i) => {
    if (typeof item === 'string') {
      fromStrings = true;
      item = { description: item };
    }
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const t = pickAll(item as Record<string, unknown>, TODO_FIELDS, renamed);
    if (typeof t.id === 'number') t.id = String(t.id);
    if (typeof t.description === 'number') t.description = String(t.description);
    if (t.id === undefined || t.id === null || t.id === '') {
      let id = String(i + 1);
      while (ids.has(id)) id = `${id}b`;
      t.id = id;
      notes.placeholders.push(`todos[${i}].id`);
    }
    if (typeof t.id === 'string') {
      if (ids.has(t.id)) notes.issues.push(`todos[${i}].id: "${t.id}" is used twice; every TODO needs its own id`);
      ids.add(t.id);
    }
    if (t.expectedResult === undefined || t.expectedResult === null) {
      if (planning) notes.issues.push(`todos[${i}].expectedResult is missing: say how to check that "${String(t.description ?? '')}" is done`);
      else {
        t.expectedResult = '';
        notes.placeholders.push(`todos[${i}].expectedResult`);
      }
    }
    t.status = normalizeStatus(t.status, i, notes);
    if (t.toolCalls === undefined || t.toolCalls === null) t.toolCalls = [];
    return t;
  });
  if (fromStrings) notes.repaired.push('turned TODO strings into TODO objects');
  if (renamed.size) notes.repaired.push(`renamed TODO fields: ${[...renamed].join(', ')}`);
  return todos;
}

function normalizeStatus(status: unknown, i: number, notes: Notes): unknown {
  if (status === undefined || status === null || status === '') {
    notes.placeholders.push(`todos[${i}].status`);
    return 'pending';
  }
  if (typeof status === 'boolean') {
    notes.repaired.push(`read todos[${i}].status ${status} as ${status ? 'done' : 'pending'}`);
    return status ? 'done' : 'pending';
  }
  if (typeof status !== 'string') return status;
  const mapped = STATUSES[canonicalKey(status)];
  if (!mapped) return status; // the schema names the allowed values
  if (mapped !== status) notes.repaired.push(`normalised todos[${i}].status "${status}" to ${mapped}`);
  return mapped;
}

const VERIFICATION_FIELDS: Record<string, readonly string[]> = {
  todoId: ['todoid', 'id', 'todo', 'taskid', 'task'],
  approved: ['approved', 'approve', 'accepted', 'passed', 'pass', 'ok', 'success', 'verdict', 'status', 'result'],
  feedback: ['feedback', 'reason', 'reasoning', 'comment', 'comments', 'notes', 'explanation', 'message'],
  confidence: ['confidence', 'score', 'certainty', 'probability'],
};

const YES = /^(true|yes|y|approved?|accepted?|pass(ed)?|ok|done|success|correct|1)$/i;
const NO = /^(false|no|n|rejected?|fail(ed)?|denied|deny|incorrect|not[ _]approved|0)$/i;

export function normalizeVerification(raw: unknown, todoId: string | undefined, notes: Notes): unknown {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'boolean') raw = { approved: raw };
  if (typeof raw !== 'object' || Array.isArray(raw)) return raw; // the schema reports it
  const renamed = new Set<string>();
  const v = pickAll(raw as Record<string, unknown>, VERIFICATION_FIELDS, renamed);
  if (renamed.size) notes.repaired.push(`renamed verification fields: ${[...renamed].join(', ')}`);

  if (typeof v.todoId === 'number') v.todoId = String(v.todoId);
  if ((v.todoId === undefined || v.todoId === null || v.todoId === '') && todoId) {
    v.todoId = todoId;
    notes.placeholders.push('verification.todoId');
  }

  if (typeof v.approved === 'string' || typeof v.approved === 'number') {
    const s = String(v.approved).trim();
    if (YES.test(s) || NO.test(s)) {
      notes.repaired.push(`read verification.approved ${JSON.stringify(v.approved)} as ${YES.test(s)}`);
      v.approved = YES.test(s);
    }
  }

  if (v.feedback === undefined || v.feedback === null) {
    v.feedback = '';
    notes.placeholders.push('verification.feedback');
  } else if (typeof v.feedback !== 'string') {
    v.feedback = JSON.stringify(v.feedback);
  }

  let c = v.confidence;
  if (typeof c === 'string' && /^\s*\d+(\.\d+)?\s*%?\s*$/.test(c)) {
    const percent = c.includes('%');
    c = parseFloat(c) / (percent ? 100 : 1);
    notes.repaired.push(`read verification.confidence ${JSON.stringify(v.confidence)} as ${c}`);
  }
  if (typeof c === 'number' && c > 1 && c <= 100) {
    notes.repaired.push(`scaled verification.confidence ${c} to ${c / 100}`);
    c = c / 100;
  }
  if (c === undefined || c === null) {
    c = 0.5;
    notes.placeholders.push('verification.confidence');
  }
  v.confidence = c;
  return v;
}
