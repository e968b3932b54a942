"""Derived layouts: a layout with a base holds only the files that differ from its base's.

A scalar layout (gen/layouts.py Layout.base) or a lane layout (gen/simd.py
Isa.base) may name a base layout of the same kind. Its directory,
generated/p448_<name>/ or generated/lanes_<name>/, then holds its header
(gf_layout.h, gf_lanes.h: always its own, it names the layout and its base)
and each other file whose text differs from the base's; every other file is
the base's (and a base may have a base: a chain). The build
(configure.py layout_stack) puts the directories on the include path in
that order, the layout's own first, and compiles each .c file name from the
first directory that has it. So no generated text names the layout it was
printed for except the header: the same routine printed for two layouts is
then the same text, and one file.

Why this is sound: a derived layout has its base's limbs, radix, word types
and bounds (layouts.py checks it), a .c file includes only src/ headers
(field.h, point.h: a quoted include of a generated header would find the
base's, beside the file), and a file is left to the base only when the
derived layout's generator prints exactly the base's text, which `ninja
regen` checks. A routine is therefore proven once, in the directory that
holds it (test/proof_check.py prints which layouts compile each).

Used by gen/gen_field.py, gen/gen_lanes.py and gen/gen_tables.py (which
files to write, and the stale ones to remove), test/proof_check.py,
test/proof_faults.py and bench/tune.py (where a layout's file is).
"""

import os


def check_bases(table, same, kind):
    """Refuses an entry of table (name -> entry with .name and .base) whose base is missing or
    differs from it in one of the fields `same`: what a derived layout shares with its base."""
    for entry in table.values():
        if entry.base:
            base = table.get(entry.base)
            if base is None:
                raise ValueError(f"{kind} {entry.name}: base {entry.base!r} is no {kind}")
            differ = [f for f in same if getattr(entry, f) != getattr(base, f)]
            if differ:
                raise ValueError(f"{kind} {entry.name}: differs from its base {base.name} in {', '.join(differ)}")


def chain(table, name):
    """[name, its base, the base's base, ...]: table maps names to entries with .base
    (layouts.LAYOUTS, simd.ISAS); a name not in table has no base."""
    out = [name]
    while getattr(table.get(out[-1]), "base", ""):
        out.append(table[out[-1]].base)
        if out[-1] in out[:-1]:
            raise ValueError(f"layout {name}: its bases form a cycle: {' -> '.join(out)}")
    return out


def own(files, base_files, always):
    """The files ({name: text}) of a derived layout that its directory holds: those whose
    text differs from its base's (base_files: the base's files, as printed for it), and the
    ones named in always (the header)."""
    return {f: t for f, t in files.items() if f in always or base_files.get(f) != t}


def write(files, out_dir, printed):
    """Writes files ({name: text}) into out_dir, each only when it changes, and removes
    those of the names printed (every file the generator prints for the layout) that files
    does not hold: the layout takes them from its base now. Returns (written, removed)."""
    os.makedirs(out_dir, exist_ok=True)
    written, removed = [], []
    for name, text in sorted(files.items()):
        path = os.path.join(out_dir, name)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            with open(path, "w") as f:
                f.write(text)
            written.append(name)
    for name in sorted(set(printed) - set(files)):
        path = os.path.join(out_dir, name)
        if os.path.exists(path):
            os.remove(path)
            removed.append(name)
    return written, removed


def path_of(top, prefix, table, name, fname):
    """The file fname of layout name as the build compiles it: top/<prefix><layout>/fname
    of the first layout of its chain whose directory has it (prefix "p448_", "lanes_")."""
    for n in chain(table, name):
        path = os.path.join(top, prefix + n, fname)
        if os.path.exists(path):
            return path
    raise FileNotFoundError(f"{prefix}{name}/{fname}: in no directory of {' -> '.join(chain(table, name))}")
