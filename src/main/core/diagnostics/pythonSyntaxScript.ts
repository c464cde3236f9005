/**
 * The built-in Python check, for projects without ruff: a small script run with `python3 -c SCRIPT LIMIT`
 * in the workspace root. It walks the tree (symbolic links not followed; `SKIPPED_PYTHON_DIRS` left
 * out), compiles each `.py` file with `compile()` (nothing is imported or run, no .pyc is written) and
 * prints one JSON list of `{file, line, column, message, code}` for the files that do not compile
 * (SyntaxError, IndentationError, TabError; a file with NUL bytes or unreadable: line 0). At most LIMIT
 * files are compiled; when there are more it says so on stderr. Written for Python 2.7 and 3, with no
 * single quote in it, so the command line quotes it whole. The workspace (the current folder, first on `python -c`'s
 * module path) is taken off the path before anything else is imported: a project's `json.py` is never run.
 */

export const SKIPPED_PYTHON_DIRS = ['.git', '.hg', '.svn', '.venv', 'venv', 'node_modules', '__pycache__', '.akira', '.tox', '.mypy_cache', '.ruff_cache'];
export const MAX_PYTHON_FILES = 5000;

export const PYTHON_SYNTAX_SCRIPT = `import sys
sys.path = [p for p in sys.path if p not in ("", ".")]
import json, os, warnings
warnings.simplefilter("ignore")
skip = set(${JSON.stringify(SKIPPED_PYTHON_DIRS).replace(/,/g, ', ')})
limit = int(sys.argv[1])
seen = 0
out = []
for top, dirs, files in os.walk("."):
    dirs[:] = sorted(d for d in dirs if d not in skip)
    for name in sorted(files):
        if not name.endswith(".py"):
            continue
        seen += 1
        if seen > limit:
            break
        path = os.path.join(top, name)
        try:
            with open(path, "rb") as f:
                compile(f.read(), path, "exec", 0, True)
        except SyntaxError as e:
            out.append({"file": path, "line": e.lineno or 0, "column": e.offset or 0, "message": str(e.msg), "code": type(e).__name__})
        except Exception as e:
            out.append({"file": path, "line": 0, "column": 0, "message": str(e), "code": type(e).__name__})
    if seen > limit:
        sys.stderr.write("akira: more than %d .py files; checked the first %d\\n" % (limit, limit))
        break
sys.stdout.write(json.dumps(out))
`;
