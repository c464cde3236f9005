import type { AgentPhase } from '../../../../shared/contract/agent';

/**
 * Batches the model's streamed text into `assistant_delta` notices: one per session at most every
 * `intervalMs` (so a 5,000-token answer is a few dozen events, not thousands), flushed at once
 * before anything that must come after the text (the call's model_call record, a retry).
 *
 *   const batcher = createDeltaBatcher((d) => emit({...d, type: 'assistant_delta'}), 40);
 *   batcher.push({phase, todoId, text});  batcher.flush();  batcher.dispose();
 */

export interface Delta {
  phase: AgentPhase;
  todoId: string | null;
  text: string;
}

export function createDeltaBatcher(send: (delta: Delta) => void, intervalMs = 40) {
  let pending: Delta | null = null;
  let timer: NodeJS.Timeout | null = null;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const d = pending;
    pending = null;
    if (d && d.text) send(d);
  }

  return {
    push(delta: Delta): void {
      if (pending && (pending.phase !== delta.phase || pending.todoId !== delta.todoId)) flush();
      pending = pending ? { ...pending, text: pending.text + delta.text } : { ...delta };
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
    dispose(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
