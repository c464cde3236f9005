import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../policy';
import { gatePolicyOf } from './policyGate';
import { wordsText } from '../../../../shared/errors';

// Issue 14: what the gate tells a person (a protected file, MCP tools, a destructive command) has words in Chinese.
describe('the gate policy in words', () => {
  const gate = gatePolicyOf(resolvePolicy({ autoApprove: { write: true, mcp: false } }), '/home/dev/project');

  it('a change to a protected file says what it steers, in English and in Chinese', () => {
    const d = gate.fileChange({ path: '.akira/settings.json', kind: 'modify', before: '{}', after: '{"a":1}' });
    expect(d).toMatchObject({ decision: 'ask', protected: "Akira's settings for this project (which model server is used, the approval policy)" });
    expect(d.reason).toBe(`It changes ${d.protected}: such changes always need your approval.`);
    expect(wordsText(d.reasonWords!, 'en')).toBe(d.reason);
    expect(wordsText(d.reasonWords!, 'zh-CN')).toBe('它会更改此项目的 Akira 设置（使用哪个模型服务器、批准策略）：这类更改始终需要你的批准。');
    expect(wordsText(d.protectedWords!, 'zh-CN')).toBe('此项目的 Akira 设置（使用哪个模型服务器、批准策略）');
    const rules = gate.fileChange({ path: 'docs/AGENTS.md', kind: 'create', before: null, after: 'x' });
    expect(wordsText(rules.reasonWords!, 'zh-CN')).toBe('它会更改智能体在此项目每个会话中读取的规则：这类更改始终需要你的批准。');
  });

  it('MCP tools and commands say their reasons in words; destructive is structural', () => {
    for (const tool of [{ toolName: 't', server: 'files', alwaysAllowed: true }, { toolName: 't', server: 'files', alwaysAllowed: false }]) {
      const d = gate.mcp(tool);
      expect(wordsText(d.reasonWords!, 'en')).toBe(d.reason);
    }
    expect(wordsText(gate.mcp({ toolName: 't', server: 'files', alwaysAllowed: true }).reasonWords!, 'zh-CN')).toBe('MCP 服务器 files 将它列在 alwaysAllow 中');
    const c = gate.command('git reset --hard', undefined);
    expect(c).toMatchObject({ decision: 'ask', destructive: true, reason: 'destructive: git reset --hard discards uncommitted work' });
    expect(wordsText(c.reasonWords!, 'zh-CN')).toBe('破坏性操作：git reset --hard 会丢弃未提交的工作');
    expect(gate.command('destructive-tool', undefined).destructive).toBe(false);
  });
});
