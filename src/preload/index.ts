import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { commandNames, eventNames, type EventEnvelope } from '../shared/contract';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/ipc';

// The desktop bridge: `window.akira` = { invoke, subscribe, eventNames } (PreloadBridge in
// src/renderer/src/client/transport.ts). Names outside the contract are refused here and the main
// process validates everything again. Runs sandboxed: bundled to CommonJS, imports only electron.

type Answer = { result: unknown } | { error: { code: string; message: string } };
type Listener = (envelope: EventEnvelope) => void;

const commandSet = new Set<string>(commandNames);
const eventSet = new Set<string>(eventNames);
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, envelope: EventEnvelope) => {
  if (!envelope || !eventSet.has(envelope.event)) return;
  listeners.get(envelope.event)?.forEach((listener) => {
    try {
      listener(envelope);
    } catch (err) {
      console.error(`akira: a listener of ${envelope.event} failed`, err);
    }
  });
});

const bridge = {
  invoke(name: string, input: unknown): Promise<Answer> {
    if (typeof name !== 'string' || !commandSet.has(name)) {
      return Promise.resolve({ error: { code: 'unknown_command', message: `Unknown command: ${String(name).slice(0, 100)}` } });
    }
    return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, name, input) as Promise<Answer>;
  },
  subscribe(name: string, listener: Listener): () => void {
    if (typeof name !== 'string' || !eventSet.has(name)) throw new Error(`Unknown event: ${String(name).slice(0, 100)}`);
    if (typeof listener !== 'function') throw new Error('subscribe needs a listener function');
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
  eventNames: Object.freeze([...eventNames]),
};

contextBridge.exposeInMainWorld('akira', bridge);
