import { describe, expect, it } from 'vitest';
import { parseShell, ShellSyntaxError, type ShellList, type SimpleCommand } from './shellParse';

/** Every simple command of a list, substitutions included, as word texts. */
function commands(list: ShellList): string[][] {
  const out: string[][] = [];
  const visit = (l: ShellList) => {
    for (const { pipeline } of l.items) {
      for (const node of pipeline.commands) {
        if (node.kind === 'group') visit(node.body);
        else {
          node.substitutions.forEach(visit);
          out.push([...node.assignments.map((w) => w.text), ...node.words.map((w) => w.text)]);
        }
      }
    }
  };
  visit(list);
  return out;
}

const first = (text: string) => parseShell(text).items[0].pipeline.commands[0] as SimpleCommand;

describe('parseShell', () => {
  it('splits lists, pipelines and groups', () => {
    const list = parseShell('a 1 && b || c; d & e | f |& g\nh');
    expect(list.items.map((i) => i.op)).toEqual(['&&', '||', ';', '&', '\n', null]);
    expect(commands(list)).toEqual([['a', '1'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g'], ['h']]);
    expect(commands(parseShell('(cd x && y) ; { z; }'))).toEqual([['cd', 'x'], ['y'], ['z']]);
  });

  it('removes quotes and keeps what single quotes protect', () => {
    expect(first(`echo 'a b' "c \\"d\\"" e\\ f $'g\\n'`).words.map((w) => w.text)).toEqual(['echo', 'a b', 'c "d"', 'e f', 'g\n']);
    const literal = first(`echo '$(rm -rf /)'`);
    expect(literal.substitutions).toEqual([]);
    expect(literal.words[1]).toMatchObject({ text: '$(rm -rf /)', dynamic: false });
  });

  it('parses command substitutions everywhere they run', () => {
    expect(commands(parseShell('echo "$(rm -rf a)" `rm b` $(echo $(rm c))'))).toEqual([['rm', '-rf', 'a'], ['rm', 'b'], ['rm', 'c'], ['echo', '$(…)'], ['echo', '$(…)', '`…`', '$(…)']]);
    expect(commands(parseShell('diff <(sort a) >(tee b)'))).toEqual([['sort', 'a'], ['tee', 'b'], ['diff', '/dev/fd/63', '/dev/fd/63']]);
  });

  it('marks words the shell changes at run time', () => {
    const cmd = first('rm -rf $HOME ~/x *.log "${A}" plain');
    expect(cmd.words.map((w) => [w.text, w.dynamic, w.glob, w.tilde])).toEqual([
      ['rm', false, false, false],
      ['-rf', false, false, false],
      ['$HOME', true, false, false],
      ['~/x', false, false, true],
      ['*.log', false, true, false],
      ['${A}', true, false, false],
      ['plain', false, false, false],
    ]);
  });

  it('separates assignments, redirects and words', () => {
    const cmd = first('A=1 B="x y" cmd arg >out.txt 2>&1 <in');
    expect(cmd.assignments.map((w) => w.text)).toEqual(['A=1', 'B=x y']);
    expect(cmd.words.map((w) => w.text)).toEqual(['cmd', 'arg']);
    expect(cmd.redirects.map((r) => [r.op, r.target?.text])).toEqual([['>', 'out.txt'], ['>&', '1'], ['<', 'in']]);
  });

  it('skips here-document bodies and notes substitutions in unquoted ones', () => {
    const quoted = parseShell("cat <<'EOF' > a\n$(rm -rf /)\nEOF\nls");
    expect(commands(quoted)).toEqual([['cat'], ['ls']]);
    expect((quoted.items[0].pipeline.commands[0] as SimpleCommand).heredocRuns).toBe(false);
    const unquoted = parseShell('cat <<-EOF\n\t$(rm -rf /)\n\tEOF\nls');
    expect((unquoted.items[0].pipeline.commands[0] as SimpleCommand).heredocRuns).toBe(true);
    expect(commands(unquoted)).toEqual([['cat'], ['ls']]);
  });

  it('joins line continuations and drops comments', () => {
    expect(commands(parseShell('npm \\\n  test # run the tests\nls'))).toEqual([['npm', 'test'], ['ls']]);
  });

  it.each([
    ['echo "open', 'double quote'],
    ["echo 'open", 'single quote'],
    ['echo $(ls', '"$(" is never closed'],
    ['(ls', '"(" is never closed'],
    ['ls )', 'unexpected ")"'],
    ['a && && b', 'unexpected'],
    ['a &&', 'not followed by a command'],
    ['f() { :; }', 'functions'],
  ])('refuses %j', (text, message) => {
    expect(() => parseShell(text)).toThrow(ShellSyntaxError);
    expect(() => parseShell(text)).toThrow(message);
  });
});
