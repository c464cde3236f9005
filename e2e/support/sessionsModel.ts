import type { Locator, Page, TestInfo } from '@playwright/test';
import { reply, type RecordedRequest } from '../../src/testing/openaiTestServer';
import type { ServedWithModel } from './agentServe';
import { plan, verdict } from './agentScripts';

/**
 * A scripted model for e2e specs that run several sessions at once: every call is answered by what it asks, for
 * whichever session asks it (known by its task text): plan one TODO `a`, write the session's files if it has any
 * (one reply), mark it done, approve it, approve the whole task. The session named `held` (default ALPHA) waits on
 * its first call until `release()`, so it keeps running meanwhile.
 *
 *   const model = scriptedSessions(app, TASK, ['ALPHA', 'WORK'], {writes: {WORK: [{path, content}]}});
 *   … model.release();  model.calls (which session made each call)  model.started() (first-call order)
 */
export function scriptedSessions<N extends string>(
  served: ServedWithModel,
  tasks: Record<N, string>,
  sessions: readonly N[],
  options: { writes?: Partial<Record<N, { path: string; content: string }[]>>; held?: N } = {},
) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let holding = options.held ?? ('ALPHA' as N);
  const names = Object.keys(tasks) as N[];
  const calls: N[] = [];
  const wrote = new Set<N>();
  const owner = (req: RecordedRequest): N => {
    const text = JSON.stringify(req.body.messages);
    const found = names.filter((n) => text.includes(tasks[n]));
    if (found.length !== 1) throw new Error(`a call that names ${found.length} tasks: ${text.slice(0, 300)}`);
    return found[0];
  };
  const answer = async (req: RecordedRequest) => {
    const who = owner(req);
    calls.push(who);
    if (who === holding) {
      holding = '' as N;
      await gate; // it keeps running (planning) until released
    }
    const forced = req.body.tool_choice?.function?.name as string | undefined;
    const text = JSON.stringify(req.body.messages);
    if (forced === 'todo_write') return plan([{ id: 'a', description: `${who}: do it`, expectedResult: 'done' }]);
    if (forced === 'verify_todo') return verdict(text.includes('final check of the WHOLE task') ? 'task' : 'a', true, 'ok');
    const writes = options.writes?.[who];
    if (writes && !wrote.has(who)) {
      wrote.add(who);
      return reply.message({ toolCalls: writes.map((w) => ({ name: 'write_file', arguments: w })) });
    }
    return reply.toolCall('update_todo', { id: 'a', status: 'done', result: `${who} done` });
  };
  const count = sessions.reduce((n, name) => n + 4 + (options.writes?.[name] ? 1 : 0), 0);
  served.model.enqueue(...Array.from({ length: count }, () => answer));
  return { release, calls, started: () => [...new Set(calls)] };
}

/** A screenshot at the window's size and at 1100×700 (`<name>.png`, `<name>-1100x700.png`). */
export async function shootBoth(page: Page, testInfo: TestInfo, name: string, what?: Locator) {
  const size = page.viewportSize();
  await (what ?? page).screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await (what ?? page).screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  if (size) await page.setViewportSize(size);
}
