import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { errorText, reasonIn } from '../../../shared/errors';
import { commands } from '../../../shared/contract';
import { createMcpApprovals } from './mcpApprovals';
import { mcpHandlers } from './mcpHandlers';
import { createMcpHub } from './mcpHub';

// Issue 14: mcp.list's `problems` (the MCP configuration's) stay English; `problemWords` say each in the UI's language.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hubOf(globalSettings: string, workspaceMcp: string) {
  const ws = await tempDir('akira-mcp-problems-ws-');
  const data = await tempDir('akira-mcp-problems-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeFile(join(data.dir, 'settings.json'), globalSettings);
  await mkdir(join(ws.dir, '.akira'), { recursive: true });
  await writeFile(join(ws.dir, '.akira/mcp.json'), workspaceMcp);
  const hub = createMcpHub({ root: ws.dir, dataDir: data.dir, approvals: createMcpApprovals(data.dir), backoffMs: [50] });
  cleanups.push(async () => hub.dispose());
  await hub.start();
  return { hub, globalFile: join(data.dir, 'settings.json') };
}

describe('mcp.list problems in words', () => {
  it('gives each problem words whose English is the problem, and says them in Chinese', async () => {
    const servers = { empty: { command: ' ' }, web: { url: 'ftp://x' }, bad: { args: ['x'] }, slow: { command: 'x', timeoutSeconds: 0 }, same: { command: 'x', disabled: true } };
    const { hub } = await hubOf(JSON.stringify({ mcpServers: { same: { command: 'y', disabled: true } } }), JSON.stringify({ mcpServers: servers }));
    const answer = await mcpHandlers(() => hub, '')['mcp.list']({} as never, {} as never);
    expect(commands['mcp.list'].output.safeParse(answer).success).toBe(true);
    const { problems, problemWords } = answer;
    expect(problemWords).toHaveLength(problems.length);
    problems.forEach((p, i) => expect(errorText({ message: p, words: problemWords![i] }, 'en')).toBe(p));
    const zh = problems.map((p, i) => errorText({ message: p, words: problemWords![i] }, 'zh-CN'));
    expect(zh).toEqual([
      '.akira/mcp.json：mcpServers.empty.command：command 为空',
      '.akira/mcp.json：mcpServers.web.url：url 必须是 http:// 或 https:// 的 URL',
      '.akira/mcp.json：mcpServers.bad：MCP 服务器需要 "command"（通过 stdio 启动的程序）或 "url"（可流式传输的 HTTP 服务器）',
      '.akira/mcp.json：mcpServers.slow.timeoutSeconds 不能小于 1',
      '.akira/mcp.json：mcpServers.same：全局设置中已有同名服务器；已忽略项目中的这个',
    ]);
  });

  it('says a file that is not JSON, naming the file, with the parser’s own text as a value', async () => {
    const { hub, globalFile } = await hubOf('{"mcpServers": ', '{"mcpServers": 3}');
    expect(hub.problems()).toEqual([expect.stringMatching(new RegExp(`^${globalFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `)), '.akira/mcp.json: mcpServers must be an object of server names']);
    const zh = hub.problems().map((p, i) => errorText({ message: p, words: hub.problemWords()[i] }, 'zh-CN'));
    expect(zh[0]).toMatch(new RegExp(`^${globalFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 不是有效的 JSON（.+）$`));
    expect(zh[1]).toBe('.akira/mcp.json：mcpServers 必须是以服务器名称为键的对象');
  });

  it('a problem without words (an older core) still shows its English', () => {
    expect(reasonIn('.akira/mcp.json: mcpServers must be an object of server names', undefined, 'zh-CN')).toBe('.akira/mcp.json: mcpServers must be an object of server names');
  });
});
