import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import type { AkiraClient } from '../../client/client';
import { createAckPacer } from './ackPacer';
import { clipboardKeyHandler } from './clipboardKeys';
import type { Attachment, TerminalRouter } from './terminalRouter';
import { useTerminalStore, type TerminalTab } from './terminalStore';
import { terminalFont, terminalTheme, useTerminalThemeFollow } from './terminalTheme';
import { terminalStrings } from './terminalStrings';
import { textOf, useText } from '../../i18n';
import { attachRenderer } from './xtermRenderer';

const RESIZE_DEBOUNCE_MS = 80;

interface Props {
  tab: TerminalTab;
  active: boolean;
  client: AkiraClient;
  router: TerminalRouter;
}

interface Live {
  term: Terminal;
  fit(): void;
  /** (Re-)attaches to the output: starts over from the terminal's replay, then live. */
  attach(): void;
  /** Writes "[process exited with code N]" once the tab says so (after a pending replay). */
  announceExit(): void;
}

/** What the terminal.onFlow states mean to a person (the tab and the view say it). */
export function flowNotice(flow: 'paused' | 'unattended'): string {
  const t = textOf(terminalStrings);
  return flow === 'unattended' ? t.flowUnattended : t.flowPaused;
}

function exitLine(code: number | null): string {
  return `\r\n\x1b[2m${textOf(terminalStrings).processExited(code)}\x1b[0m\x1b[?25l\r\n`;
}

/** The one component that owns an xterm.js instance: creates it on mount, disposes it on unmount. */
export function XtermView({ tab, active, client, router }: Props) {
  const { terminalId, exited, exitCode, flow } = tab;
  const t = useText(terminalStrings);
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const epoch = useTerminalStore((s) => s.epoch);
  const focusId = useTerminalStore((s) => s.focusId);
  const mountEpoch = useRef(epoch);
  useTerminalThemeFollow(() => live.current?.term);

  useEffect(() => {
    const el = container.current!;
    const term = new Terminal({
      scrollback: 10_000,
      fontFamily: terminalFont(),
      fontSize: 13,
      lineHeight: 1.15,
      cursorBlink: true,
      theme: terminalTheme(),
      allowProposedApi: false,
      macOptionIsMeta: true,
    });
    const fitAddon = new FitAddon();
    term.loadAddon(fitAddon);
    term.loadAddon(new WebLinksAddon((_event, uri) => window.open(uri, '_blank', 'noopener,noreferrer')));
    term.attachCustomKeyEventHandler(clipboardKeyHandler(term));
    term.open(el);
    const detachRenderer = attachRenderer(term, (kind) => (el.dataset.renderer = kind));

    let disposed = false;
    let attachment: Attachment | null = null;
    let generation = 0;
    let replaying = false;
    let announced = false;
    /** >0 while replayed output is parsed: xterm's answers to it are not sent. */
    let muted = 0;

    const announceExit = () => {
      if (announced || replaying || disposed) return;
      const tab = useTerminalStore.getState().tabs.find((t) => t.terminalId === terminalId);
      if (!tab?.exited) return;
      announced = true;
      term.write(exitLine(tab.exitCode));
    };

    // Flow control: ack what xterm has parsed, so the core's pty pauses while we are behind (ackPacer.ts: by
    // watermark, not per chunk, keeping xterm's queue short for Ctrl+C). Cumulative: a lost or repeated ack is harmless.
    const acks = createAckPacer({
      sendUpTo: (upTo) => void client.invoke('terminal.ack', { terminalId, upTo }).catch(() => undefined),
      sendChars: (bytes) => void client.invoke('terminal.ack', { terminalId, bytes }).catch(() => undefined),
    });
    const write = (data: string, end?: number) => {
      acks.received(end);
      term.write(data, () => acks.parsed(data.length, end));
    };

    const attach = () => {
      attachment?.detach();
      const mine = ++generation;
      attachment = router.attach(terminalId, { write });
      const current = attachment;
      replaying = true;
      announced = false;
      client
        .invoke('terminal.replay', { terminalId })
        .then(({ data }) => {
          if (disposed || mine !== generation) return;
          term.reset();
          // Old output may hold queries (cursor position, device attributes) that xterm answers as
          // input: those answers must not reach today's shell as typed text.
          muted++;
          term.write(data, () => muted--);
        })
        .catch(() => undefined)
        .finally(() => {
          current.replayDone();
          if (mine !== generation) return;
          replaying = false;
          announceExit();
        });
    };

    // Size: fit to the container (when visible), tell the pty after the size settles.
    let sentSize = '';
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const sendSize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        const size = `${term.cols}x${term.rows}`;
        if (disposed || size === sentSize) return;
        sentSize = size;
        useTerminalStore.getState().setLastSize({ cols: term.cols, rows: term.rows });
        client.invoke('terminal.resize', { terminalId, cols: term.cols, rows: term.rows }).catch(() => undefined);
      }, RESIZE_DEBOUNCE_MS);
    };
    let frame = 0;
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (disposed || el.clientWidth === 0 || el.clientHeight === 0) return;
        fitAddon.fit();
        sendSize();
      });
    };
    const observer = new ResizeObserver(fit);
    observer.observe(el);

    const send = (data: string) => {
      if (muted > 0) return;
      client.invoke('terminal.write', { terminalId, data }).catch(() => undefined);
    };
    const subscriptions = [
      term.onData(send),
      term.onBinary(send),
      term.onTitleChange((title) => {
        if (title.trim()) useTerminalStore.getState().setTitle(terminalId, title.trim());
      }),
    ];

    live.current = { term, fit, attach, announceExit };
    attach();
    fit();

    return () => {
      disposed = true;
      live.current = null;
      acks.dispose();
      detachRenderer();
      attachment?.detach();
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(resizeTimer);
      subscriptions.forEach((s) => s.dispose());
      term.dispose();
    };
  }, [client, router, terminalId]);

  // After a reconnect output was missed: start over from the replay.
  useEffect(() => {
    if (epoch === mountEpoch.current) return;
    mountEpoch.current = epoch;
    live.current?.attach();
  }, [epoch]);

  useEffect(() => {
    if (exited) live.current?.announceExit();
  }, [exited, exitCode]);

  useEffect(() => {
    if (active) live.current?.fit();
  }, [active]);

  useEffect(() => {
    if (!active || focusId !== terminalId || !live.current) return;
    live.current.term.focus();
    useTerminalStore.getState().focused();
  }, [active, focusId, terminalId]);

  return (
    <>
      <div
        ref={container}
        className={`terminal-view ${active ? 'active' : ''}`}
        data-testid={active ? 'terminal' : 'terminal-hidden'}
        data-terminal-id={terminalId}
        data-exited={exited ? 'true' : undefined}
        aria-hidden={!active}
      />
      {active && flow && !exited && (
        <div className="terminal-flow-notice" role="status" data-testid="terminal-flow">
          {flowNotice(flow)}
          <button className="link" onClick={() => live.current?.attach()}>
            {t.resume}
          </button>
        </div>
      )}
    </>
  );
}
