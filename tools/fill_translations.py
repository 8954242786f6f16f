"""Fill a language's catalogue from translation files made on the side (issue 37).

    python tools/fill_translations.py nl docs/i18n/staging/*.nl.po

Translators (and helpers working in parallel) write their entries into their own PO files, so
that no two of them edit barclay_desktop/locale/<lang>/LC_MESSAGES/messages.po at once. This
copies every translation whose msgid (and context) the catalogue holds into it: empty or fuzzy
entries are filled, reviewed ones are replaced only with --force. Entries the catalogue does not
hold are listed (the string is not marked in the code, or its English changed)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def catalogue_path(lang: str) -> Path:
    return ROOT / "barclay_desktop" / "locale" / lang / "LC_MESSAGES" / "messages.po"


def key_of(msgid) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def is_empty(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not all(strings)


def fill(lang: str, sources: list[Path], force: bool = False) -> tuple[int, list[str]]:
    path = catalogue_path(lang)
    with path.open("rb") as f:
        catalogue = read_po(f, locale=lang)
    by_id: dict = {}  # a side entry without a context fills every entry of that English text
    for message in catalogue:
        if message.id:
            by_id.setdefault(key_of(message.id), []).append(message)
    filled, unknown = 0, []
    for source in sources:
        with source.open("rb") as f:
            side = read_po(f, locale=lang)
        for entry in side:
            if not entry.id or is_empty(entry):
                continue
            if entry.context is not None:
                found = catalogue.get(entry.id, context=entry.context)
                targets = [found] if found is not None else []
            else:
                targets = by_id.get(key_of(entry.id), [])
            if not targets:
                unknown.append(f"{source.name}: {key_of(entry.id)!r}")
            for target in targets:
                # the side file's notes ("machine translation: awaiting native review") become
                # translator comments: pybabel update keeps those, and replaces extracted ones
                for comment in (*entry.auto_comments, *entry.user_comments):
                    if comment not in target.user_comments:
                        target.user_comments.append(comment)
                if force or is_empty(target) or target.fuzzy:
                    target.string = entry.string
                    target.flags.discard("fuzzy")
                    filled += 1
    with path.open("wb") as f:
        write_po(f, catalogue)  # the layout pybabel update writes: diffs stay small
    return filled, unknown


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("lang")
    p.add_argument("sources", nargs="+", type=Path)
    p.add_argument("--force", action="store_true", help="also replace translations already in the catalogue")
    args = p.parse_args(argv)
    filled, unknown = fill(args.lang, args.sources, args.force)
    print(f"{args.lang}: {filled} entries filled")
    for line in unknown:
        print(f"  not in the catalogue: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
