"""The language the app speaks (issue 37): gettext catalogues managed with Babel.

Marking text (the whole guide is docs/i18n.md):
    from barclay_desktop.i18n import _, N_, ngettext, pgettext
    draw.text(surface, _("Settings"), ...)                     # translated where it is drawn
    _("{name} to play.").format(name=player)                    # named placeholders, never f-strings
    ngettext("{n} card", "{n} cards", n).format(n=n)            # plurals: Polish has three forms
    pgettext("troop", "Spy")                                    # a short word that needs context
    LABELS = {"quit": N_("Quit")}  ...  _(LABELS["quit"])       # marked at import, translated at use

Translate at draw time, not with lazy strings. Text built at import time holds the English
msgid marked with N_() and is passed through _() where it is drawn or put on a widget. A lazy
proxy would have to pass for a `str` everywhere (pygame fonts, pygame_gui, len, format), and a
`str` cannot change its letters once made, so any proxy that leaks into a cache or an f-string
freezes in the language of that moment, silently. Calling _() at use is one dict lookup and
puts the language change where the code can see it: scenes whose widgets hold text rebuild
them when `generation()` moves (see MenuScene.relabel).

The rules layer returns `rules.core.message.Message`s (an English str carrying its msgid and
data); `translate()` renders one in the active language.

Nothing happens at import: English until `set_language()` is called (the app does it at start
and when Settings change it). Catalogues: barclay_desktop/locale/<lang>/LC_MESSAGES/messages.po;
a compiled messages.mo beside it is used when it is at least as new (the PyInstaller build
ships those); otherwise the .po is compiled with Babel once into the cache directory. Without
either, the app speaks English."""

from __future__ import annotations

import gettext
import hashlib
import io
import locale
import os
import re
from pathlib import Path

DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
SYSTEM = "system"
PSEUDO = "xx"  # the pseudo-locale: every translated text wrapped, lengthened and accented
LANGUAGE_ENV = "BARCLAY_DESKTOP_LANGUAGE"  # overrides the saved choice at startup (developers, screenshots)
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "pl": "Polski"}  # each in its own language
CHOICES = (SYSTEM, *LANGUAGE_NAMES)
# Windows names its locales in English words ("Polish_Poland"); POSIX uses codes ("pl_PL.UTF-8").
LOCALE_WORDS = {"english": "en", "dutch": "nl", "polish": "pl"}


class _Active:
    """What is in effect now; `generation` moves on every change so scenes can relabel."""

    def __init__(self):
        self.code = ENGLISH
        self.translations: gettext.NullTranslations = gettext.NullTranslations()
        self.generation = 0


_active = _Active()


# ----- marking and looking up ----------------------------------------------------------------
def _(message: str) -> str:
    return _active.translations.gettext(message)


def N_(message: str) -> str:
    """Marks a msgid for extraction without translating it (module-level tables)."""
    return message


def NP_(context: str, message: str) -> str:
    """N_ with a context: marks (context, msgid); look it up with pgettext(context, msgid)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _active.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _active.translations.npgettext(context, singular, plural, n)


def and_list(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the active language (words already translated or names)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def translate(text: str) -> str:
    """A rules Message (or Joined) in the active language; any other str looked up as a msgid
    (so a plain English text that is in the catalogue is translated, and names pass through)."""
    from .rules.core.message import Joined, Message

    if isinstance(text, Joined):
        return text.sep.join(translate(item) for item in text.items)
    if not isinstance(text, Message):
        return _(text) if text else text
    if text.plural is not None:
        n = text.n if text.n is not None else 1
        template = (npgettext(text.context, text.msgid, text.plural, n) if text.context
                    else ngettext(text.msgid, text.plural, n))
    else:
        template = pgettext(text.context, text.msgid) if text.context else _(text.msgid)
    if not text.params:
        return template
    params = {k: translate(v) if isinstance(v, (Message, Joined)) else v for k, v in text.params.items()}
    return template.format(**params)


# ----- choosing the language ------------------------------------------------------------------
def language() -> str:
    """The code in effect: "en", "nl", "pl" (or "xx", the pseudo-locale)."""
    return _active.code


def generation() -> int:
    """Moves on at every set_language(): compare with a remembered value to know to relabel."""
    return _active.generation


def language_name(choice: str) -> str:
    """How Settings names a choice: each language in itself; "System" says what it found."""
    if choice == SYSTEM:
        return _("System ({language})").format(language=LANGUAGE_NAMES[system_language()])
    return LANGUAGE_NAMES.get(choice, choice)


def system_language(environ=None, default_locale=None) -> str:
    """The first of our languages the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
    then the C library's locale), else English."""
    environ = os.environ if environ is None else environ
    wanted = environ.get("LANGUAGE", "").split(":")
    wanted += [environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    if default_locale is None:
        try:
            default_locale = locale.getlocale()[0] or ""
        except ValueError:
            default_locale = ""
    for value in [*wanted, default_locale]:
        code = _code_of(value)
        if code:
            return code
    return ENGLISH


def _code_of(value: str) -> str | None:
    head = re.split(r"[_.@-]", value.strip().lower(), maxsplit=1)[0]
    if head in LANGUAGE_NAMES:
        return head
    return LOCALE_WORDS.get(head)


def resolve(choice: str) -> str:
    """The code a Settings choice means now ("system" is looked up each time)."""
    if choice == SYSTEM:
        return system_language()
    return choice if choice in LANGUAGE_NAMES or choice == PSEUDO else ENGLISH


def startup_choice(saved: str, environ=None) -> str:
    """The language to start in: BARCLAY_DESKTOP_LANGUAGE (e.g. "xx" to look for English left on
    screen) over the saved setting."""
    environ = os.environ if environ is None else environ
    return environ.get(LANGUAGE_ENV) or saved


def set_language(choice: str) -> str:
    """Speak `choice` from now on (a code, "system" or "xx"); returns the code in effect,
    which is English when that language's catalogue cannot be found."""
    code = resolve(choice)
    translations = load_translations(code)
    if translations is None:
        code, translations = ENGLISH, gettext.NullTranslations()
    _active.code, _active.translations = code, translations
    _active.generation += 1
    return code


def load_translations(code: str) -> gettext.NullTranslations | None:
    """The catalogue of `code` (None when it is not there)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return PseudoTranslations()
    data = compiled_catalogue(code)
    return None if data is None else gettext.GNUTranslations(io.BytesIO(data))


# ----- catalogues ------------------------------------------------------------------------------
def po_path(code: str, root: Path = LOCALE_DIR) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled_catalogue(code: str, root: Path = LOCALE_DIR) -> bytes | None:
    """The .mo bytes of `code`: the shipped .mo when it is not older than its .po (frozen builds
    ship only the .mo), else the .po compiled with Babel and cached, else None."""
    po, mo = po_path(code, root), po_path(code, root).with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        return mo.read_bytes()
    if not po.is_file():
        return None
    source = po.read_bytes()
    cached = cache_dir() / f"{code}-{hashlib.sha256(source).hexdigest()[:16]}.mo"
    if cached.is_file():
        return cached.read_bytes()
    try:
        data = compile_po(source, code)
    except ImportError:  # Babel not installed and nothing compiled: English it is
        return None
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        temp = cached.with_suffix(f".{os.getpid()}.tmp")
        temp.write_bytes(data)
        os.replace(temp, cached)
    except OSError:
        pass  # a read-only cache only costs compiling again next start
    return data


def compile_po(source: bytes, code: str) -> bytes:
    """A .po file's bytes as .mo bytes; fuzzy entries are left out (they are not reviewed)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), locale=code, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def cache_dir() -> Path:
    from .saves import HOME_ENV

    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override) / "cache" / "locale"
    import platformdirs

    return Path(platformdirs.user_cache_dir("BarclayDesktop", appauthor=False)) / "locale"


# ----- the pseudo-locale -----------------------------------------------------------------------
# Accented twins that the shipped faces draw (Latin-1 and Latin Extended-A). Letters without one
# there (b m q v x, B F M P Q V X) stay as they are; the tests look for the others.
PSEUDO_LETTERS = str.maketrans(
    "acdefghijklnoprstuwyzACDEGHIJKLNORSTUWYZ",
    "åçđéƒğĥîĵķŀñöþŕšŧûŵýžÅÇĐÉĜĤÎĴĶĿÑÖŔŠŦÛŴÝŽ",
)
UNMARKED_LETTERS = set("bmqvxBFMPQVX")
# {placeholders}, %(old)s ones and pygame_gui's <tags> keep their letters
_KEEP = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[a-z]|<[^<>]*>|&[a-z]+;)")


def pseudo(text: str) -> str:
    """'Load game' -> '[Ŀöåđ ğåmé~~~]': accented (so untranslated English stands out) and a third
    longer (Dutch and Polish run 20-35% longer than English)."""
    if not text:
        return text
    parts = _KEEP.split(text)
    body = "".join(p if i % 2 else p.translate(PSEUDO_LETTERS) for i, p in enumerate(parts))
    return f"[{body}{'~' * max(1, len(text) // 3)}]"


def is_english_left(text: str) -> bool:
    """True when drawn `text` has a letter the pseudo-locale would have accented."""
    return any(c.isascii() and c.isalpha() and c not in UNMARKED_LETTERS for c in text)


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2)
