#!/usr/bin/env python3
"""Writes the amalgamation of one family: OUT/goldilocks.c and OUT/goldilocks.h.

    tools/amalgamate.py --family portable64 --out DIR [--depfile FILE]

goldilocks.c is the library of the family's target (configure.py
AMALGAMATION_FAMILIES; its sources and include path from configure.py's
target_library_inputs, the ones its build compiles) as one translation unit,
for projects that vendor goldilocks: `cc -O2 -c goldilocks.c` beside
goldilocks.h (include/goldilocks.h, unchanged below its first comment) builds it.

- The project's headers (#include "...", resolved as the compiler does: the
  including file's directory, then the include path in order) are inlined at
  their first inclusion and dropped after: each must have an include guard or
  #pragma once. include/goldilocks.h stays `#include "goldilocks.h"`, the
  file beside it. System headers stay #include <...>.
- Internal linkage: the build hides the library's internal symbols with
  -fvisibility=hidden (and localizes them in the archive); here every
  top-level declaration and definition of a name the amalgamation defines,
  but for goldilocks_*, gets GOLDILOCKS_INTERNAL (`static`, marked unused:
  what the public calls never reach, the compiler drops without a warning),
  in place of `extern` where it has one. So `nm -g --defined-only` of its
  object lists goldilocks_* alone.
- A name defined at file scope by two source files (two file-static helpers
  of one name) is renamed, in the later file only, to NAME_<file> by a
  #define around that file's text; the macros a source file defines are
  #undef'd after it, as each file saw only its own.
- Deterministic: the files in configure's order, nothing from the clock; the
  first comment names the commit (`git describe`-free: the hash, and
  "+ local changes" when the tree differs from it) and the family's choices.
"""

import argparse
import os
import re
import sys

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, SOURCE_DIR)
import configure  # noqa: E402
import tool_main  # noqa: E402 (tools/, the script's own directory)
from source_tree import run, source_state  # noqa: E402

PUBLIC_HEADER = 'include/goldilocks.h'
PUBLIC_PREFIX = 'goldilocks_'
INTERNAL = 'GOLDILOCKS_INTERNAL'
MAYBE_UNUSED = 'GOLDILOCKS_MAYBE_UNUSED'
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
GUARD = re.compile(r'^\s*#\s*ifndef\s+(\w+)\s*\n\s*#\s*define\s+\1\b', re.M)
DEFINE = re.compile(r'^\s*#\s*define\s+(\w+)', re.M)
IDENT = re.compile(r'[A-Za-z_]\w*')
# Words of a declaration that are never its name.
KEYWORDS = set('''auto break case char const continue default do double else enum extern float for goto if
inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void
volatile while _Alignas _Atomic _Bool _Complex _Noreturn _Static_assert _Thread_local alignas static_assert
__attribute__ __restrict __restrict__ __inline __inline__ __int128 __extension__ __asm__ asm'''.split())


class AmalgamationError(Exception):
    pass


def read(path):
    with open(os.path.join(SOURCE_DIR, path), encoding='utf-8') as f:
        return f.read()


def first_comment_end(text):
    """The index just after the file's leading /* ... */ comment (0 when it has none)."""
    stripped = text.lstrip()
    if not stripped.startswith('/*'):
        return 0
    return text.index('*/') + 2


# ---- the inliner ----

class Inliner:
    def __init__(self, include_path):
        self.include_path = include_path
        self.done = set()       # headers inlined (or the public one, which stays an #include)
        self.read = []          # every file read, for the depfile

    def resolve(self, name, including):
        for d in [os.path.dirname(including)] + self.include_path:
            path = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(os.path.join(SOURCE_DIR, path)):
                return path
        return None

    def expand(self, path, out, depth=0, renames=None):
        """Appends path's lines to out, its project headers inlined at their first inclusion.
        Fails on an #include "..." inside a conditional (the inliner would take one branch's)
        and on a header without a guard (inlined once, it would lose its later inclusions)."""
        text = rename(read(path), renames or {})
        self.read.append(path)
        if depth and not (GUARD.search(text) or re.search(r'^\s*#\s*pragma\s+once', text, re.M)):
            raise AmalgamationError(f'{path} has no include guard (#ifndef X / #define X) or #pragma once: '
                                    'the amalgamation inlines a header once')
        level = 0
        for number, line in enumerate(text.splitlines(keepends=True), 1):
            directive = re.match(r'^\s*#\s*(\w+)', line)
            word = directive.group(1) if directive else ''
            if word in ('if', 'ifdef', 'ifndef'):
                level += 1
            elif word == 'endif':
                level -= 1
            m = INCLUDE.match(line)
            if not m or m.group(1) == '<':
                out.append(line)
                continue
            header = self.resolve(m.group(2), path)
            if header is None:
                raise AmalgamationError(f'{path}:{number}: #include "{m.group(2)}" is on no directory of the '
                                        'include path')
            # inside its own guard a header's level is 1; anything deeper is a conditional include
            if level > (1 if depth else 0):
                raise AmalgamationError(f'{path}:{number}: #include "{m.group(2)}" inside #if: the '
                                        'amalgamation inlines headers unconditionally; move it out')
            if header in self.done:
                continue
            self.done.add(header)
            out.append(f'/* ---- {header} ---- */\n')
            self.expand(header, out, depth + 1)
            out.append(f'/* ---- end of {header} ---- */\n')


# ---- the C scanner: top-level declarations of the amalgamated text ----

def code_only(text, keep_defines=False):
    """text with comments, string and character literals and preprocessor lines blanked
    (newlines kept), so that offsets stay those of text; with keep_defines, a #define's
    body stays (its name and the code it expands to are the file's code too)."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        directive = line_start and text[i:].lstrip(' \t').startswith('#')
        if directive and keep_defines and re.match(r'[ \t]*#[ \t]*define\b', text[i:]):
            i += text[i:].index('define') + len('define')    # the rest is code, to its last continuation line
            line_start = False
            continue
        if directive:
            # a directive, with its continuation lines
            j = i
            while j < n:
                k = text.find('\n', j)
                k = n if k < 0 else k
                if k > 0 and text[k - 1] == '\\':
                    j = k + 1
                    continue
                break
            for p in range(i, k):
                if text[p] != '\n':
                    out[p] = ' '
            i, line_start = k, False
            continue
        if text.startswith('/*', i):
            j = text.index('*/', i) + 2
            for p in range(i, j):
                if text[p] != '\n':
                    out[p] = ' '
            i = j
            continue
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            for p in range(i, j):
                out[p] = ' '
            i = j
            continue
        if c in '"\'':
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == '\\' else 1
            for p in range(i + 1, j):
                out[p] = ' '
            i = j + 1
            line_start = False
            continue
        if c == '\n':
            line_start = True
        elif c not in ' \t':
            line_start = False
        i += 1
    return ''.join(out)


def top_level_chunks(code):
    """[(start, end, head, body)] of each top-level declaration: head is the text before a
    function's body or an initializer, body True for a function definition, '=' for an
    initialized object. A macro invocation standing alone (`EACH_N(PER_N)`) is a chunk of
    its own."""
    chunks = []
    i, n = 0, len(code)
    while i < n:
        while i < n and code[i].isspace():
            i += 1
        if i >= n:
            break
        start, depth, head_end, kind = i, 0, None, None
        first = IDENT.match(code, i)
        macro_call = bool(first and first.group(0).isupper() and code[first.end():].lstrip(' \t').startswith('('))
        while i < n:
            c = code[i]
            if c in '([':
                depth += 1
            elif c in ')]':
                depth -= 1
                if depth == 0 and macro_call and head_end is None:
                    rest = code[i + 1:code.find('\n', i + 1) if '\n' in code[i + 1:] else n]
                    if not rest.strip():
                        i += 1
                        kind = 'macro'
                        break
            elif c == '{':
                if depth == 0 and head_end is None:
                    head_end = i
                    prev = code[start:i].rstrip()
                    if prev.endswith(')') and '=' not in prev:
                        kind = 'function'
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0 and kind == 'function':
                    i += 1
                    break
            elif c == '=' and depth == 0 and head_end is None:
                head_end, kind = i, 'object'
            elif c == ';' and depth == 0:
                i += 1
                break
            i += 1
        head = code[start:head_end] if kind in ('function', 'object') else without_braces(code[start:i])
        chunks.append((start, i, head, kind))
    return chunks


def without_braces(code):
    """code with every {...} group (a struct's or enum's members) left out."""
    out, depth = [], 0
    for c in code:
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
        elif depth == 0:
            out.append(c)
    return ''.join(out)


def rename(text, names):
    """text with each name of names (old: new) replaced where it is a whole word of code."""
    if not names:
        return text
    code = code_only(text, keep_defines=True)    # a macro of the file may call a renamed function
    pattern = re.compile(r'\b(' + '|'.join(map(re.escape, names)) + r')\b')
    pieces, last = [], 0
    for m in pattern.finditer(code):
        pieces += [text[last:m.start()], names[m.group(1)]]
        last = m.end()
    return ''.join(pieces) + text[last:]


def declared_names(head):
    """The names a declaration's head declares (at parenthesis depth 0: the identifier before
    `(` of a function, before `[`, `,`, `;` or the end for an object), and its leading
    storage words."""
    names, depth, last, skip_parens = [], 0, None, False
    tokens = re.findall(r'[A-Za-z_]\w*|\S', head)
    for k, tok in enumerate(tokens):
        if tok == '(':
            if depth == 0 and last and last not in KEYWORDS and not skip_parens:
                names.append(last)
                last = None
            depth += 1
        elif tok == ')':
            depth -= 1
        elif tok in '[,;' and depth == 0 and last and last not in KEYWORDS:
            names.append(last)
            last = None
        elif depth == 0 and IDENT.fullmatch(tok):
            last = tok
            skip_parens = tok in ('__attribute__', '_Alignas', 'alignas', '__typeof__', 'typeof')
            continue
        elif depth == 0 and tok not in '*':
            last = None
        if depth == 0:
            skip_parens = False
    if depth == 0 and last and last not in KEYWORDS and (not tokens or tokens[-1] == last):
        names.append(last)
    seen = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return seen


def internal_linkage(text, origin):
    """text with GOLDILOCKS_INTERNAL on every top-level declaration and definition of a
    non-public name the text defines; origin(offset) names the source file of an offset.
    Fails on a name defined twice."""
    code = code_only(text)
    chunks = top_level_chunks(code)
    facts = []
    defined, macro_defined, words_of = {}, set(), {}
    # a function a top-level macro invocation defines (ADD_DIGIT_VARTIME(name, ...)) is
    # recognised by its name among the invocation's arguments: its prototype (in a header)
    # then carries GOLDILOCKS_INTERNAL, and the definition without a storage class takes
    # that internal linkage (C11 6.2.2)
    macro_args = {w for start, end, head, kind in chunks if kind == 'macro'
                  for w in IDENT.findall(code[start:end])[1:]}
    for start, end, head, kind in chunks:
        if kind == 'macro':
            continue
        words = [w for w in IDENT.findall(head) if w != '__extension__']
        if not words or words[0] in ('typedef', '_Static_assert', 'static_assert'):
            continue
        names = declared_names(head)
        storage_static = 'static' in words[:words.index(names[0])] if names else False
        is_extern = words[0] == 'extern'
        facts.append((start, names, storage_static, is_extern, kind))
        words_of[start] = words
        if kind is None and '(' in head:
            macro_defined.update(set(names) & macro_args)
        if kind in ('function', 'object') or (names and not is_extern and kind is None and '(' not in head):
            for name in names:
                where = origin(start)
                if name in defined and defined[name] != where:
                    raise AmalgamationError(f'{name} is defined at file scope in both {defined[name]} and '
                                            f'{where} (rename one, or let the generator)')
                defined[name] = where
    edits = []
    for start, names, storage_static, is_extern, kind in facts:
        if storage_static and kind == 'function' and 'inline' in words_of[start]:
            # a header's inline function that this library does not call: clang warns of it in
            # the main file (never in a header)
            edits.append((start, start, MAYBE_UNUSED + ' '))
            continue
        if storage_static or not names or not any(n in defined or n in macro_defined for n in names):
            continue
        if any(n.startswith(PUBLIC_PREFIX) for n in names):
            continue
        if is_extern:
            edits.append((start, start + len('extern'), INTERNAL))
        else:
            edits.append((start, start, INTERNAL + ' '))
    for start, end, new in reversed(edits):
        text = text[:start] + new + text[end:]
    return text


def file_scope_names(code):
    """Every name a text declares at file scope (static or not), for the clash check."""
    out = set()
    for start, end, head, kind in top_level_chunks(code):
        words = [w for w in IDENT.findall(head) if w != '__extension__']
        if kind in ('function', 'object') or (words and words[0] in ('static', 'typedef')):
            out.update(declared_names(head))
    return out


# ---- the files ----

def commit_of_tree():
    """'<hash>' of the checkout, with ' + local changes' when the tree differs (the build
    directory, the current one, aside: source_tree.source_state); the git files read (for the
    depfile); 'unknown (not a git checkout)' outside git."""
    state = source_state(SOURCE_DIR, os.getcwd())
    if not state['commit']:
        return 'unknown (not a git checkout)', []
    watched = []
    ref = run(['git', '-C', SOURCE_DIR, 'symbolic-ref', '-q', 'HEAD'])
    for name in ['HEAD'] + ([ref] if ref else []):
        p = run(['git', '-C', SOURCE_DIR, 'rev-parse', '--git-path', name]) or ''
        p = p if os.path.isabs(p) else os.path.join(SOURCE_DIR, p)
        if os.path.exists(p):
            watched.append(p)
    return state['commit'] + (' + local changes' if state['dirty'] else ''), watched


def banner(family, target, commit, what):
    t = target
    layout = configure.LAYOUTS[t.layout]
    return (f'/*\n * goldilocks {what}, amalgamation of family {family}: written by tools/amalgamate.py, '
            'do not edit.\n'
            f' * Source commit: {commit}.\n'
            f' * Choices: the library of target {t.name} ({t.summary}):\n'
            f' *   layout {t.layout} ({layout.limbs} limbs of {layout.radix} bits, {layout.dword_type} products), '
            f'lanes {t.lanes}, backend {t.backend};\n'
            ' *   compiler-independent: no target flags, no intrinsics, gcc or clang (GNU C).\n'
            ' * Build: cc -O2 -c goldilocks.c (goldilocks.h beside it); docs/vendoring.md.\n */\n')


def amalgamate(family):
    """(goldilocks.c text, goldilocks.h text, files read)."""
    if family not in configure.AMALGAMATION_FAMILIES:
        raise AmalgamationError(f'unknown family {family!r}; the families are: '
                                + ', '.join(configure.AMALGAMATION_FAMILIES))
    target = configure.TARGET_BY_NAME[configure.AMALGAMATION_FAMILIES[family]]
    sources, include_path = configure.target_library_inputs(target.name)
    commit, git_files = commit_of_tree()
    inliner = Inliner(include_path)
    inliner.done.add(PUBLIC_HEADER)
    public = read(PUBLIC_HEADER)
    inliner.read.append(PUBLIC_HEADER)

    pieces = [f'#define {MAYBE_UNUSED} __attribute__((unused))\n#define {INTERNAL} static {MAYBE_UNUSED}\n',
              '#include "goldilocks.h"\n']
    starts = []     # (offset, source file)
    seen_names, source_macros = {}, {}
    for source in sources:
        own = read(source)
        if re.search(r'^\s*#\s*pragma\s+GCC\s+(optimize|target)', own, re.M):
            # in one translation unit it would hold for every file after this one
            raise AmalgamationError(f'{source} sets #pragma GCC optimize or target: a family builds no such '
                                    'file (the layouts of gen/layouts.py without gcc_optimize)')
        names = file_scope_names(code_only(own))
        stem = re.sub(r'\W', '_', os.path.splitext(os.path.basename(source))[0])
        renamed = {n: f'{n}_{stem}' for n in sorted(names) if n in seen_names}
        for n in names:
            seen_names.setdefault(n, source)
        lines = []
        inliner.expand(source, lines, renames=renamed)
        body = ''.join(lines)
        head = f'/* ======== {source} ======== */\n'
        head += ''.join(f'/* {n} renamed {new}: {seen_names[n]} has a file-scope {n} too */\n'
                        for n, new in renamed.items())
        macros = sorted(set(DEFINE.findall(without_comments(own))))
        source_macros[source] = macros
        tail = ''.join(f'#undef {m}\n' for m in macros)
        starts.append((sum(len(p) for p in pieces), source))
        pieces += [head, body if body.endswith('\n') else body + '\n', tail]
    text = ''.join(pieces)
    # the #undef after a source must not take away a header's macro
    header_macros = {m for h in inliner.read if h.endswith('.h') for m in DEFINE.findall(without_comments(read(h)))}
    for source, macros in source_macros.items():
        both = sorted(set(macros) & header_macros)
        if both:
            raise AmalgamationError(f'{source} defines {", ".join(both)}, which a header defines too: rename it')

    def origin(offset):
        return [s for o, s in starts if o <= offset][-1] if starts and offset >= starts[0][0] else 'the preamble'
    text = internal_linkage(text, origin)
    c_text = banner(family, target, commit, 'library') + text
    h_text = banner(family, target, commit, 'public header') + public[first_comment_end(public):].lstrip('\n')
    return c_text, h_text, inliner.read + [os.path.relpath(p, SOURCE_DIR) for p in git_files]


def without_comments(text):
    """text with its /* */ comments blanked (the #define lines of a source, for its #undef list)."""
    return re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)


def write(path, text):
    tmp = path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    p = argparse.ArgumentParser(description='Writes goldilocks.c and goldilocks.h of one amalgamation family.')
    p.add_argument('--family', required=True, help='one of: ' + ', '.join(configure.AMALGAMATION_FAMILIES))
    p.add_argument('--out', required=True, help='the directory to write goldilocks.c and goldilocks.h into')
    p.add_argument('--depfile', help='write the files read, for ninja')
    args = p.parse_args(argv)

    def work():
        c_text, h_text, read_files = amalgamate(args.family)
        os.makedirs(args.out, exist_ok=True)
        c_path, h_path = os.path.join(args.out, 'goldilocks.c'), os.path.join(args.out, 'goldilocks.h')
        write(h_path, h_text)
        write(c_path, c_text)
        if args.depfile:
            deps = ' '.join(os.path.join(SOURCE_DIR, f) if not os.path.isabs(f) else f
                            for f in read_files + ['configure.py', 'tools/amalgamate.py', 'tools/tool_main.py'])
            write(args.depfile, f'{c_path}: {deps}\n')
    return tool_main.run('amalgamate.py', work, (AmalgamationError, configure.ConfigureError))

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
