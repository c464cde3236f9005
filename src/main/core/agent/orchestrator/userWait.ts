import { AkiraError } from '../../errors';
import { GateCancelled } from './approvalGate';
import type { Words } from '../../../../shared/errors';

/**
 * One thing a session waits for from a person (the plan's approval, the answer to a question):
 *
 *   const slot = createWaitSlot<Answer, Question>('question');
 *   const answer = await slot.wait(question, signal);   // GateCancelled when the signal aborts
 *   slot.current()                                     // the question while it waits, else null
 *   slot.resolve(answer, check?)                       // from the command; conflict when nothing waits
 *   slot.resolveNext(answer)                           // an answer for the wait about to open (see approvePlan)
 *   slot.dropNext()                                    // forget it (the loop ended before the wait opened)
 */
export interface WaitSlot<T, I> {
  wait(info: I, signal: AbortSignal): Promise<T>;
  current(): I | null;
  resolve(value: T, check?: (info: I) => void): void;
  resolveNext(value: T): void;
  dropNext(): void;
}

/** `notWaiting`: what a resolve says when nothing waits (`sessionErrors.notWaitingForPlan`). */
export function createWaitSlot<T, I>(notWaiting: Words): WaitSlot<T, I> {
  let waiting: { info: I; resolve(v: T): void } | null = null;
  let next: { value: T } | null = null;
  return {
    wait(info, signal) {
      if (signal.aborted) return Promise.reject(new GateCancelled());
      if (next) {
        const { value } = next;
        next = null;
        return Promise.resolve(value);
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          waiting = null;
          reject(new GateCancelled());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting = {
          info,
          resolve: (v) => {
            signal.removeEventListener('abort', onAbort);
            waiting = null;
            resolve(v);
          },
        };
      });
    },
    current: () => waiting?.info ?? null,
    resolve(value, check) {
      if (!waiting) throw new AkiraError('conflict', notWaiting);
      check?.(waiting.info);
      waiting.resolve(value);
    },
    resolveNext(value) {
      if (waiting) return waiting.resolve(value);
      next = { value };
    },
    dropNext() {
      next = null;
    },
  };
}
