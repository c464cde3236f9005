import { describe, expect, it } from 'vitest';
import { CommandLineError, quoteCommandLine, splitCommandLine } from './commandLine';

describe('splitCommandLine', () => {
  it('splits on blanks and keeps quoted text as one word', () => {
    expect(splitCommandLine('mypy  --show-column-numbers\t.')).toEqual(['mypy', '--show-column-numbers', '.']);
    expect(splitCommandLine(`tool --config "my cfg.ini" 'it''s' a\\ b ""`)).toEqual(['tool', '--config', 'my cfg.ini', 'its', 'a b', '']);
    expect(splitCommandLine(`node -e "console.log(\\"hi\\", 'x' + 1 > 0)"`)).toEqual(['node', '-e', `console.log("hi", 'x' + 1 > 0)`]);
    expect(splitCommandLine(`say '$HOME | * ; > ~'`)).toEqual(['say', '$HOME | * ; > ~']);
    expect(splitCommandLine('a~b x=1')).toEqual(['a~b', 'x=1']);
  });

  it.each([
    ['mypy . | tee out', /pipes/],
    ['mypy . > out.txt', /redirections/],
    ['mypy . 2>&1', /redirections/],
    ['mypy .; rm -rf x', /; is not supported/],
    ['mypy . && echo ok', /& and && are not supported/],
    ['mypy $SRC', /\$ \(variables, substitutions\) is not expanded/],
    ['mypy "$SRC"', /is not expanded/],
    ['mypy `ls`', /backquotes/],
    ['mypy src/*.py', /globs \(\*\) are not expanded/],
    ['mypy ~/src', /~ is not expanded/],
    ['MYPYPATH=src mypy .', /VAR=value prefixes/],
    ["mypy 'src", /single quote is not closed/],
    ['mypy "src', /double quote is not closed/],
    ['mypy .\nrm x', /one line/],
    ['   ', /empty/],
  ])('refuses %j', (line, why) => {
    expect(() => splitCommandLine(line)).toThrow(CommandLineError);
    expect(() => splitCommandLine(line)).toThrow(why);
  });
});

describe('quoteCommandLine', () => {
  it('quotes only what needs it, and reads back the same words', () => {
    const words = ['python3', '-c', 'import sys\nprint("a b")', "it's", 'plain/path.py', ''];
    const line = quoteCommandLine(words);
    expect(line.startsWith('python3 -c \'import sys\nprint("a b")\' ')).toBe(true);
    expect(splitCommandLine(line)).toEqual(words);
  });
});
