import { sessionEventSchema, type SessionEvent, type SessionEventInput, type TodoInput } from '../shared/agent/sessionEvents';

/** Test support: builds valid stored events with consecutive seqs and fixed times. */
export const SESSION_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

export function eventFactory(start = new Date('2025-03-01T10:00:00.000Z').getTime()) {
  let seq = 0;
  return function ev(input: SessionEventInput, over: { seq?: number; ts?: string } = {}): SessionEvent {
    seq = over.seq ?? seq + 1;
    const ts = over.ts ?? new Date(start + seq * 1000).toISOString();
    return sessionEventSchema.parse({ seq, ts, ...input }) as SessionEvent;
  };
}

export function todo(id: string, status: TodoInput['status'] = 'pending', extra: Partial<TodoInput> = {}): TodoInput {
  return { id, description: `Do ${id}`, expectedResult: `${id} works`, status, ...extra };
}

export const started: SessionEventInput = {
  type: 'session_started',
  sessionId: SESSION_ID,
  task: 'Add a /health endpoint and a test',
  mode: 'code-dev',
  model: 'test-model',
  options: { planApproval: true },
};
