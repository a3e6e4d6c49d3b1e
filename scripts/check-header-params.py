#!/usr/bin/env python3
"""Checks that every function of a C header documents every argument with \\param.

Usage: python3 scripts/check-header-params.py include/geokernel.h
Exit status: 0 when every argument is documented, 1 when something is missing or wrong
(one line per function on stdout), 2 when the header cannot be read or parsed.

Rules:
 1. Declarations: every `TYPE gk_name(ARGS);` at file level, outside comments and
    preprocessor lines. Every `gk_name(` in code must be such a declaration; anything
    else (a form this script does not understand) is a parse error, never skipped.
 2. Doc comment: the `/** ... */` comment just before the declaration. Between the two
    only blank space, plain `/* ... */` comments and conditional directives (#if,
    #ifdef, #ifndef, #elif, #else, #endif) may stand; a declaration with no doc comment
    is an error. A function declared twice (the #ifdef branches of gk_route_step) may
    take its doc comment from either declaration; each declaration's arguments are
    checked against it.
 3. Arguments: each comma-separated argument must be named (an unnamed one is an error);
    the name is the last identifier (before any [] suffix), or NAME in `(*NAME)(...)`.
    `(void)` and `()` have no arguments.
 4. \\param (or @param), optionally with a direction [in], [out] or [in,out], followed by
    one name or a comma-separated list of names (`\\param[out] out_lat, out_lon degrees`).
    The list ends at the first name not followed by a comma. Leading ` * ` of comment
    lines is ignored, so a list may wrap after a comma.
 5. Every argument needs a \\param naming it, and every name a \\param gives must be an
    argument (a stale or misspelt \\param is an error, as in clang's -Wdocumentation).
"""
import re
import sys

IDENT = r'[A-Za-z_]\w*'
PARAM_RE = re.compile(
    r'[\\@]param(?:\s*\[\s*(?:in|out|in\s*,\s*out)\s*\])?'
    r'(?:\s+(' + IDENT + r'(?:\s*,\s*' + IDENT + r')*))?')
COND_DIRECTIVE = re.compile(r'#\s*(if|ifdef|ifndef|elif|else|endif)\b')


def fail(message):
    print(f"check-header-params: {message}", file=sys.stderr)
    sys.exit(2)


def scan(src):
    """Splits src into comments (start, end, text) and a copy of src where comments,
    string literals and preprocessor lines are blanked (same offsets)."""
    comments = []
    code = list(src)
    i, n = 0, len(src)
    line_start = True
    while i < n:
        c = src[i]
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            if j < 0:
                fail(f"unterminated comment at offset {i}")
            j += 2
            comments.append((i, j, src[i:j]))
            for k in range(i, j):
                if code[k] != '\n':
                    code[k] = ' '
            i = j
            continue
        if src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            comments.append((i, j, src[i:j]))
            for k in range(i, j):
                code[k] = ' '
            i = j
            continue
        if c == '"' or c == "'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            for k in range(i, min(j + 1, n)):
                if code[k] != '\n':
                    code[k] = ' '
            i = j + 1
            continue
        if line_start and c == '#':
            # A preprocessor line, with its backslash continuations (comments inside it
            # are still found, as their own entries, by the branches above on later passes).
            j = i
            while j < n and src[j] != '\n':
                if src.startswith('/*', j):
                    e = src.find('*/', j + 2)
                    if e < 0:
                        fail(f"unterminated comment at offset {j}")
                    comments.append((j, e + 2, src[j:e + 2]))
                    j = e + 2
                    continue
                if src[j] == '\\' and j + 1 < n and src[j + 1] == '\n':
                    j += 2
                    continue
                j += 1
            for k in range(i, j):
                if code[k] != '\n':
                    code[k] = ' '
            i = j
            continue
        if c == '\n':
            line_start = True
        elif not c.isspace():
            line_start = False
        i += 1
    return comments, ''.join(code)


def split_args(text):
    """Splits an argument list at its top-level commas."""
    args, depth, cur = [], 0, ''
    for c in text:
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        if c == ',' and depth == 0:
            args.append(cur)
            cur = ''
        else:
            cur += c
    args.append(cur)
    return [a.strip() for a in args]


def arg_name(arg):
    m = re.search(r'\(\s*\*\s*(' + IDENT + r')\s*\)\s*\(', arg)  # function pointer
    if m:
        return m.group(1)
    arg = re.sub(r'(\[[^\]]*\]\s*)+$', '', arg).strip()
    tokens = re.findall(IDENT + r'|\*', arg)
    if len(tokens) >= 2 and re.fullmatch(IDENT, tokens[-1]) and tokens[-1] not in (
            'const', 'volatile', 'restrict', 'int', 'char', 'double', 'float', 'long', 'short',
            'signed', 'unsigned', 'void', 'bool', '_Bool'):
        return tokens[-1]
    return None


def declarations(src, code):
    """Yields (name, start offset of the declaration, argument text)."""
    for m in re.finditer(r'\b(gk_\w+)\s*\(', code):
        name = m.group(1)
        # What precedes the name back to the previous statement must be a return type.
        k = m.start() - 1
        while k >= 0 and code[k] not in ';{}':
            k -= 1
        prefix = code[k + 1:m.start()]
        if not prefix.strip() or not re.fullmatch(r'[\w\s\*]*', prefix):
            line = src.count('\n', 0, m.start()) + 1
            fail(f"line {line}: cannot parse the use of {name}( (not a declaration)")
        depth, j = 0, m.end() - 1
        while j < len(code):
            if code[j] == '(':
                depth += 1
            elif code[j] == ')':
                depth -= 1
                if depth == 0:
                    break
            j += 1
        rest = code[j + 1:].lstrip()
        if depth != 0 or not rest.startswith(';'):
            line = src.count('\n', 0, m.start()) + 1
            fail(f"line {line}: the declaration of {name} does not end with ');'")
        start = k + 1 + (len(prefix) - len(prefix.lstrip()))
        yield name, start, code[m.end():j]


def doc_before(src, comments, start):
    """The doc comment just before offset start (see rule 2), or None."""
    by_end = {end: (b, text) for b, end, text in comments}
    i = start
    while True:
        j = i
        while j > 0 and src[j - 1].isspace():
            j -= 1
        if j in by_end:
            b, text = by_end[j]
            if text.startswith('/**') and not text.startswith('/**<') and text != '/**/':
                return text
            i = b  # a plain comment: look further back
            continue
        line_begin = src.rfind('\n', 0, j) + 1
        if COND_DIRECTIVE.match(src[line_begin:j].lstrip()):
            i = line_begin
            continue
        return None


def documented_names(doc):
    body = doc[3:-2]
    body = '\n'.join(re.sub(r'^\s*\*?', '', line) for line in body.split('\n'))
    names, errors = set(), []
    for m in PARAM_RE.finditer(body):
        if not m.group(1):
            errors.append(f"\\param without a name near \"{body[m.start():m.start() + 30].strip()}\"")
            continue
        for n in re.split(r'\s*,\s*', m.group(1)):
            names.add(n)
    return names, errors


def main():
    if len(sys.argv) != 2:
        fail("usage: check-header-params.py HEADER")
    try:
        src = open(sys.argv[1], encoding='utf-8').read()
    except OSError as e:
        fail(str(e))
    comments, code = scan(src)
    decls = list(declarations(src, code))
    if not decls:
        fail("no gk_ function declarations found")
    docs = {}
    for name, start, _ in decls:
        d = doc_before(src, comments, start)
        if d is not None:
            docs.setdefault(name, d)
    problems, seen = {}, []
    for name, start, args_text in decls:
        if name not in seen:
            seen.append(name)
        out = problems.setdefault(name, [])
        doc = docs.get(name)
        if doc is None:
            if "no doc comment" not in out:
                out.append("no doc comment")
            continue
        args = [] if args_text.strip() in ('', 'void') else split_args(args_text)
        names = []
        for a in args:
            n = arg_name(a)
            if n is None:
                out.append(f"unnamed argument '{a}'")
            else:
                names.append(n)
        documented, errors = documented_names(doc)
        out.extend(e for e in errors if e not in out)
        lack = [n for n in names if n not in documented]
        if lack:
            out.append(f"no \\param for {', '.join(lack)}")
        stale = sorted(documented - set(names))
        if stale:
            msg = f"\\param for {', '.join(stale)}, which is not an argument"
            if msg not in out:
                out.append(msg)
    bad = [n for n in seen if problems[n]]
    for n in bad:
        print(f"{n}: {'; '.join(problems[n])}")
    with_args = sum(1 for name, _, a in decls if a.strip() not in ('', 'void'))
    print(f"{len(seen)} functions ({with_args} declarations with arguments), "
          f"{len(bad)} with undocumented or unknown parameters", file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
