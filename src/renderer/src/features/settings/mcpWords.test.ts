import { describe, expect, it } from 'vitest';
import type { McpServerInfo } from '../../../../shared/contract';
import { usePrefsStore } from '../../i18n';
import { countOf, extrasOf, serverActions, serverMessage, showsStderr, sourceLabel, stateBadge, toolDescription } from './mcpWords';

const tool = (name: string) => ({ toolName: `mcp__s__${name}`, name, description: name, alwaysAllowed: false });
const server = (over: Partial<McpServerInfo> = {}): McpServerInfo => ({
  name: 's',
  key: 's',
  source: 'global',
  transport: 'stdio',
  target: 'node server.mjs',
  state: 'ready',
  tools: [],
  resources: 0,
  prompts: 0,
  error: null,
  stderrTail: '',
  restarts: 0,
  timeoutSeconds: 60,
  fingerprint: 'f0',
  details: { cwd: null, env: {}, headerNames: [] },
  ...over,
});

describe('stateBadge', () => {
  it('says each state in words, not only by colour', () => {
    expect(stateBadge(server({ state: 'starting' }))).toMatchObject({ text: 'starting…', tone: 'warn' });
    expect(stateBadge(server({ state: 'ready', tools: [tool('a'), tool('b')] }))).toMatchObject({ text: 'ready with 2 tools', tone: 'ok' });
    expect(stateBadge(server({ state: 'ready', tools: [tool('a')] })).text).toBe('ready with 1 tool');
    expect(stateBadge(server({ state: 'ready' })).text).toBe('ready with no tools');
    expect(stateBadge(server({ state: 'restarting', restarts: 3 }))).toMatchObject({ text: 'restarting (attempt 3)', tone: 'warn' });
    expect(stateBadge(server({ state: 'failed' }))).toMatchObject({ text: 'failed', tone: 'danger' });
    expect(stateBadge(server({ state: 'disabled' }))).toMatchObject({ text: 'disabled', tone: 'dim' });
    expect(stateBadge(server({ state: 'awaiting_approval', source: 'workspace' }))).toMatchObject({ text: 'waits for your approval', tone: 'accent' });
  });

  it('never shows attempt 0, and says where a server was switched off', () => {
    expect(stateBadge(server({ state: 'restarting', restarts: 0 })).text).toBe('restarting (attempt 1)');
    expect(stateBadge(server({ state: 'disabled', source: 'global' })).title).toContain('global settings');
    expect(stateBadge(server({ state: 'disabled', source: 'workspace' })).title).toContain('.akira/mcp.json');
  });
});

describe('words', () => {
  it('counts', () => {
    expect(countOf(0, 'tool')).toBe('no tools');
    expect(countOf(1, 'prompt')).toBe('1 prompt');
    expect(countOf(4, 'resource')).toBe('4 resources');
    expect(extrasOf({ resources: 1, prompts: 2 })).toBe('1 resource, 2 prompts');
    expect(extrasOf({ resources: 0, prompts: 1 })).toBe('1 prompt');
    expect(extrasOf({ resources: 0, prompts: 0 })).toBe('');
  });

  it('names the source', () => {
    expect(sourceLabel('global')).toBe('Global');
    expect(sourceLabel('workspace')).toBe('This workspace');
  });

  it("drops the hub's server suffix from a tool's description, and only that", () => {
    expect(toolDescription('Echo the text back (MCP server fixture)', 'fixture')).toBe('Echo the text back');
    expect(toolDescription('Echo the text back (MCP server other)', 'fixture')).toBe('Echo the text back (MCP server other)');
    expect(toolDescription('echo', 'fixture')).toBe('echo');
  });
});

describe('serverMessage', () => {
  it('tells a note from a retry from a failure', () => {
    expect(serverMessage(server({ error: null }))).toBeNull();
    expect(serverMessage(server({ state: 'awaiting_approval', error: 'Proposed by this workspace' }))).toEqual({ text: 'Proposed by this workspace', kind: 'note' });
    expect(serverMessage(server({ state: 'restarting', error: 'It could not start: spawn x ENOENT' }))?.kind).toBe('warn');
    expect(serverMessage(server({ state: 'failed', error: 'gave up' }))?.kind).toBe('error');
  });

  it("says the core's words in the UI's language, its English without words (issue 14)", () => {
    const stopped = { error: 'The server stopped: EOF', errorWords: { key: 'mcp.serverStopped', values: ['EOF', 0] } };
    expect(serverMessage(server({ state: 'restarting', ...stopped }))).toEqual({ text: 'The server stopped: EOF', kind: 'warn' });
    usePrefsStore.setState({ language: 'zh-CN' });
    try {
      expect(serverMessage(server({ state: 'restarting', ...stopped }))).toEqual({ text: '服务器已停止：EOF', kind: 'warn' });
      expect(serverMessage(server({ state: 'failed', error: 'It could not start: spawn x ENOENT', errorWords: { key: 'mcp.couldNotStart', values: ['spawn x ENOENT', 6] } }))?.text).toBe(
        '无法启动：spawn x ENOENT（重启 6 次后已放弃；请在“设置 → MCP 服务器”中重启它）',
      );
      expect(serverMessage(server({ state: 'failed', error: 'From an older core.' }))?.text).toBe('From an older core.');
    } finally {
      usePrefsStore.setState({ language: 'en' });
    }
  });
});

describe('showsStderr', () => {
  it('only for a stdio server that fails or restarts and said something', () => {
    expect(showsStderr(server({ state: 'failed', stderrTail: 'boom\n' }))).toBe(true);
    expect(showsStderr(server({ state: 'restarting', stderrTail: 'boom' }))).toBe(true);
    expect(showsStderr(server({ state: 'failed', stderrTail: '  \n' }))).toBe(false);
    expect(showsStderr(server({ state: 'ready', stderrTail: 'started' }))).toBe(false);
    expect(showsStderr(server({ state: 'failed', transport: 'http', stderrTail: 'x' }))).toBe(false);
  });
});

describe('serverActions', () => {
  it('a global server: the switch is its "disabled"; restart once enabled', () => {
    const on = serverActions(server({ source: 'global', state: 'failed' }));
    expect(on.toggle).toMatchObject({ checked: true, enabled: true });
    expect(on.restart.enabled).toBe(true);
    expect(on.approve).toBe(false);
    const off = serverActions(server({ source: 'global', state: 'disabled' }));
    expect(off.toggle).toMatchObject({ checked: false, enabled: true });
    expect(off.restart).toEqual({ enabled: false, title: 'Enable it first.' });
    expect(off.switchOnApproves).toBe(false);
  });

  it('a workspace server: the switch is its approval, and switching it on asks for the approval', () => {
    const waiting = serverActions(server({ source: 'workspace', state: 'awaiting_approval' }));
    expect(waiting.toggle).toMatchObject({ checked: false, enabled: true });
    expect(waiting.switchOnApproves).toBe(true);
    expect(waiting.approve).toBe(true);
    expect(waiting.restart.enabled).toBe(false);
    const approved = serverActions(server({ source: 'workspace', state: 'ready' }));
    expect(approved.toggle).toMatchObject({ checked: true, enabled: true });
    expect(approved.approve).toBe(false);
    expect(approved.restart.enabled).toBe(true);
  });

  it('a workspace server the project switched off cannot be switched on here', () => {
    const off = serverActions(server({ source: 'workspace', state: 'disabled' }));
    expect(off.toggle).toMatchObject({ checked: false, enabled: false });
    expect(off.restart.enabled).toBe(false);
    expect(off.approve).toBe(false);
  });
});
