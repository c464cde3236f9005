import type { TerminalInfo } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import type { TerminalRouter } from './terminalRouter';
import { useTerminalStore, type TerminalTab } from './terminalStore';

type Size = { cols: number; rows: number };

const store = () => useTerminalStore.getState();

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function tabOf(info: TerminalInfo, title = info.title): TerminalTab {
  return { terminalId: info.terminalId, title, exited: info.exited, exitCode: info.exitCode, ...(info.owner ? { owner: info.owner } : {}) };
}

/** A rough size for a shell started before its view could measure itself (the view fits it right after). */
export function estimateSize(el: HTMLElement | null): Size | undefined {
  const known = store().lastSize;
  if (known) return known;
  if (!el || el.clientWidth < 50 || el.clientHeight < 30) return undefined;
  const cols = Math.floor((el.clientWidth - 16) / 7.8);
  const rows = Math.floor((el.clientHeight - 8) / 17);
  return { cols: Math.max(20, Math.min(cols, 500)), rows: Math.max(5, Math.min(rows, 200)) };
}

export async function createTerminal(client: AkiraClient, size: Size | undefined, focus: boolean): Promise<void> {
  const created = await client.invoke('terminal.create', size ?? {});
  store().add({ terminalId: created.terminalId, title: created.title, exited: false, exitCode: null }, focus);
}

/** First show of the panel: re-attach to the workspace's terminals (after a reload), or start one. */
export async function loadTerminals(client: AkiraClient, size: Size | undefined): Promise<void> {
  if (store().phase !== 'idle') return; // StrictMode runs effects twice; only one load
  store().setPhase('loading');
  try {
    const { terminals } = await client.invoke('terminal.list');
    if (terminals.length) store().setTabs(terminals.map((t) => tabOf(t)));
    else await createTerminal(client, size, false);
    store().setPhase('ready');
  } catch (err) {
    store().setPhase('error', message(err));
  }
}

/** After a reconnect output was missed: every view starts over from its replay; gone terminals go. */
export async function resyncTerminals(client: AkiraClient, router: TerminalRouter): Promise<void> {
  try {
    const { terminals } = await client.invoke('terminal.list');
    const titles = new Map(store().tabs.map((t) => [t.terminalId, t.title]));
    for (const tab of store().tabs) {
      if (!terminals.some((t) => t.terminalId === tab.terminalId)) router.forget(tab.terminalId);
    }
    store().setTabs(terminals.map((t) => tabOf(t, titles.get(t.terminalId) ?? t.title)));
    store().bumpEpoch();
  } catch {
    // still offline; the next reconnect tries again
  }
}

/** Closes a tab: kills its process group (or forgets an exited terminal). */
export async function closeTerminal(client: AkiraClient, router: TerminalRouter, terminalId: string): Promise<void> {
  store().remove(terminalId);
  router.forget(terminalId);
  try {
    await client.invoke('terminal.kill', { terminalId });
  } catch {
    // already gone
  }
}
