import { describe, expect, it } from 'vitest';
import { allowPrefixOf } from './allowPrefix';
import { decideCommand, type CommandDecision } from './commandPolicy';
import { resolvePolicy } from './policySchema';
import { wordsText } from '../../../../shared/errors';

// Issue 26, "the default allow list is a way out": an allow-list entry allows a command only as it is written
// (asWritten.ts, gitOptions.ts), and a command that writes into .git asks whatever the policy says.

const ROOT = '/home/dev/project';
/** The default policy: ls, pwd, git status/diff/log/show allowed, commands not auto-approved. */
const standard = resolvePolicy();
/** Commands auto-approved: only what asks whatever the policy says still asks. */
const auto = resolvePolicy({ autoApprove: { command: true } });
const policies = { standard, auto };

type Row = [command: string, policy: keyof typeof policies, expected: CommandDecision, reason?: string];

const table: Row[] = [
  // the held-out check: none of these passes under the default policy without a question
  ['ls > /tmp/outside', 'standard', 'ask', 'writes to a file (> /tmp/outside)'],
  ['pwd >> ~/.bashrc', 'standard', 'ask', 'writes to a file (>> ~/.bashrc)'],
  ['git diff --output=/tmp/outside', 'standard', 'ask', '--output writes a file'],
  ['git diff --no-index /dev/null /home/dev/.ssh/id_rsa', 'standard', 'ask', '--no-index reads files outside the repository'],
  ['git diff --no-index --word-diff-regex=. /dev/null ../secret', 'standard', 'ask', '--no-index'],
  // redirections to a file, any stream, anywhere; input from outside
  ['ls > notes.txt', 'standard', 'ask', 'writes to a file'],
  ['ls >| /tmp/x', 'standard', 'ask'],
  ['ls &> /tmp/x', 'standard', 'ask'],
  ['ls &>> /tmp/x', 'standard', 'ask'],
  ['ls 2> /tmp/errors', 'standard', 'ask', '(> /tmp/errors)'],
  ['ls >& /tmp/x', 'standard', 'ask'],
  ['ls <> /tmp/x', 'standard', 'ask'],
  ['ls > "$OUT"', 'standard', 'ask'],
  ['git status > /tmp/x', 'standard', 'ask'],
  ['git log --oneline | head -3 > /tmp/x', 'standard', 'ask'],
  ['ls < /etc/passwd', 'standard', 'ask', 'reads input from outside the workspace (< /etc/passwd)'],
  ['> ~/.bashrc', 'standard', 'ask', 'writes to a file'],
  [': > ~/.bashrc', 'standard', 'ask', 'writes to a file'],
  ['cd src > /tmp/x', 'standard', 'ask'],
  ['PATH=/tmp/evil', 'standard', 'ask', 'sets PATH'],
  // still allowed: streams, fd copies, input from inside, here-documents
  ['ls 2>/dev/null', 'standard', 'allow'],
  ['ls > /dev/null 2>&1', 'standard', 'allow'],
  ['ls >&2', 'standard', 'allow'],
  ['git status 2>&1', 'standard', 'allow'],
  ['ls < src/list.txt', 'standard', 'allow'],
  ['git log --oneline -5', 'standard', 'allow'],
  ['git diff HEAD~1..HEAD -- src', 'standard', 'allow'],
  ['git show HEAD:src/a.ts', 'standard', 'allow'],
  ['git -C packages/app status', 'standard', 'allow'],
  ['git --git-dir=.git status', 'standard', 'allow'],
  ['git log --output-indicator-new=+ -p', 'standard', 'allow'],
  ['git diff -c', 'standard', 'allow'],
  ['ls -la --color=always src', 'standard', 'allow'],
  ['ls .git', 'standard', 'allow'],
  ['cd src && ls ..', 'standard', 'allow'],
  ['FOO=1 ls', 'standard', 'allow'],
  ['GIT_PAGER=cat git log -3', 'standard', 'allow'],
  ['PAGER= GIT_TERMINAL_PROMPT=0 git diff', 'standard', 'allow'],
  ['git --no-pager log -3', 'standard', 'allow'],
  // git's own options that write, read any file, run programs or set configuration
  ['git diff --output /tmp/x', 'standard', 'ask', '--output'],
  ['git log -p --output=/tmp/x', 'standard', 'ask', '--output'],
  ['git show -s --format=%H --output=notes.txt HEAD', 'standard', 'ask', '--output writes a file'],
  ['git diff /dev/null /etc/passwd', 'standard', 'ask', '"/etc/passwd" is outside the workspace'],
  ['git -c core.pager=evil log', 'standard', 'ask', "-c changes git's configuration"],
  ['git -C sub -c core.fsmonitor=evil status', 'standard', 'ask', '-c'],
  ['git --config-env=core.pager=EVIL log', 'standard', 'ask', '--config-env'],
  ['git --exec-path=/tmp/evil status', 'standard', 'ask', '--exec-path can run other programs'],
  ['git diff --ext-diff', 'standard', 'ask', '--ext-diff can run other programs'],
  ['git show --textconv HEAD:a.bin', 'standard', 'ask', '--textconv'],
  ['git -C /tmp/other status', 'standard', 'ask', '"/tmp/other" is outside the workspace'],
  ['git -C .. status', 'standard', 'ask'],
  ['git --git-dir=/tmp/evil/.git status', 'standard', 'ask'],
  ['git --work-tree ~ status', 'standard', 'ask'],
  // variables that change what the command loads or runs; wrappers that write
  ['GIT_PAGER="sh -c evil" git log', 'standard', 'ask', 'sets GIT_PAGER'],
  ['GIT_EXTERNAL_DIFF=/tmp/evil git diff', 'standard', 'ask', 'GIT_EXTERNAL_DIFF'],
  ['LD_PRELOAD=/tmp/evil.so ls', 'standard', 'ask', 'LD_PRELOAD'],
  ['PATH=/tmp/evil:$PATH ls', 'standard', 'ask', 'PATH'],
  ['env HOME=. git status', 'standard', 'ask', 'HOME'],
  ['time -o /tmp/x ls', 'standard', 'ask', 'time -o writes a file'],
  ['nohup ls', 'standard', 'ask', 'nohup'],
  // where it runs and what it names
  ['cd /tmp && ls', 'standard', 'ask', 'it runs in /tmp, outside the workspace'],
  ['cd "$DIR" && git status', 'standard', 'ask', 'directory is not known'],
  ['env -C /tmp ls', 'standard', 'ask'],
  ['ls /etc', 'standard', 'ask', '"/etc" is outside the workspace'],
  ['ls ~/.ssh', 'standard', 'ask'],
  ['ls ../other', 'standard', 'ask'],
  ['ls $HOME', 'standard', 'ask', 'the argument $HOME is computed at run time'],
  // a write into .git asks whatever the policy says, and is destructive
  ['git show -s --format=x --output=.git/config HEAD', 'standard', 'ask', 'destructive: writes .git/config'],
  ['git show -s --format=x --output=.git/config HEAD', 'auto', 'ask', 'destructive'],
  ['git diff --output .git/hooks/pre-commit', 'auto', 'ask', 'destructive'],
  ['echo "[core] fsmonitor = evil" >> .git/config', 'auto', 'ask', 'destructive: writes .git/config'],
  ['ls > sub/.git/config', 'auto', 'ask', 'destructive'],
  ['ls > .GIT/config', 'auto', 'ask', 'destructive'],
  ['cd .git && echo x > config', 'auto', 'ask', 'destructive'],
  ['cp /tmp/hook .git/hooks/pre-commit', 'auto', 'ask', 'it names .git/hooks/pre-commit'],
  ['tee .git/config < /tmp/x', 'auto', 'ask'],
  ['sed -i s/a/b/ sub/.git/config', 'auto', 'ask', 'sub/.git/config'],
  ['cd .git && touch x', 'auto', 'ask', 'it names .git'],
  // readers, git's own folder option and what an option leaves out are fine when auto-approved
  ['cat .git/HEAD', 'auto', 'allow'],
  ['grep -rn TODO . --exclude-dir=.git', 'auto', 'allow'],
  ['rsync -a --exclude .git src/ /tmp/copy/', 'auto', 'allow'],
  ['git add .gitignore .github/workflows/ci.yml', 'auto', 'allow'],
  ['git commit -m "x"', 'auto', 'allow'],
  // commands auto-approved: what the allow list does not cover is allowed as before
  ['ls > /tmp/outside', 'auto', 'allow'],
  ['git diff --output=/tmp/x', 'auto', 'allow'],
  ['> notes.txt', 'auto', 'allow'],
];

describe('an allow-list entry allows a command only as it is written', () => {
  it.each(table)('%j (%s) → %s', (command, policy, expected, reason) => {
    const v = decideCommand(command, policies[policy], { workspaceRoot: ROOT });
    expect(v.decision, v.reason).toBe(expected);
    if (reason) expect(v.reason).toContain(reason);
  });

  const HAN = /[\u4e00-\u9fff]/;
  it.each(table)('%j (%s): the reason has words in English and in Chinese', (command, policy) => {
    const v = decideCommand(command, policies[policy], { workspaceRoot: ROOT });
    expect(wordsText(v.reasonWords!, 'en')).toBe(v.reason);
    expect(wordsText(v.reasonWords!, 'zh-CN')).toMatch(HAN);
  });

  it('says why in the words of the policy catalog', () => {
    const v = decideCommand('git diff --output=/tmp/x', standard, { workspaceRoot: ROOT });
    expect(v.reasonWords).toEqual({ key: 'policy.optionNotCovered', values: ['--output', 'writes'] });
    expect(wordsText(v.reasonWords!, 'zh-CN')).toBe('--output 会写入文件：允许列表不涵盖它');
    const git = decideCommand('echo x > .git/config', auto, { workspaceRoot: ROOT });
    expect(git.parts.some((p) => p.destructive && p.words?.key === 'policy.writesGitInternals')).toBe(true);
  });

  it('resolves paths against the cwd it is given', () => {
    expect(decideCommand('ls ..', standard, { workspaceRoot: ROOT, cwd: 'src' }).decision).toBe('allow');
    expect(decideCommand('ls ../..', standard, { workspaceRoot: ROOT, cwd: 'src' }).decision).toBe('ask');
    expect(decideCommand('echo x > config', auto, { workspaceRoot: ROOT, cwd: '.git' }).decision).toBe('ask');
  });
});

describe('"Always allow" is never offered for what the entry would not cover', () => {
  it.each([
    'ls > /tmp/outside',
    'pwd >> ~/.bashrc',
    'git diff --output=/tmp/x',
    'git diff --no-index /dev/null /etc/passwd',
    'git -c core.pager=evil log',
    'git show --output=.git/config HEAD',
    'wc -l /etc/passwd',
    'make > build.log',
    'PATH=/tmp/evil make',
    'cp a .git/hooks/pre-commit',
    'wc -l < /etc/passwd',
  ])('%j', (command) => {
    expect(allowPrefixOf(command, { workspaceRoot: ROOT })).toBeNull();
  });

  it('is still offered for a command written plainly', () => {
    expect(allowPrefixOf('wc -l src/a.ts', { workspaceRoot: ROOT })).toBe('wc');
    expect(allowPrefixOf('make build 2>&1', { workspaceRoot: ROOT })).toBe('make build');
  });
});
