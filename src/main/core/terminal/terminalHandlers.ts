import type { DomainHandlers } from '../router';
import type { PtyHost } from './ptyHost';

/** The contract's terminal.* commands on the open workspace's pty host (`host` throws when none is open). */
export function terminalHandlers(host: () => PtyHost): DomainHandlers<'terminal'> {
  return {
    'terminal.create': (p) => host().create(p),
    'terminal.write': (p) => host().write(p),
    'terminal.resize': (p) => host().resize(p),
    'terminal.ack': (p) => host().ack(p),
    'terminal.kill': (p) => host().kill(p),
    'terminal.list': () => host().list(),
    'terminal.replay': (p) => host().replay(p),
  };
}
