"""Player text the rules hand to the client as a message id plus data (issue 37).

The rules layer knows no language. A refusal, prompt or log line it builds with `msg()`,
`nmsg()` or `pmsg()` is a `Message`: a `str` holding the English text (so logs, saves, tests
and any caller that only wants words keep working), which also carries the untranslated
template (the msgid), its context, plural and named parameters. The client turns it into the
player's language with `barclay_desktop.i18n.translate()` at the moment it draws it, so a
message shown before a language change is shown in the new language after it.

The three builders are also the keywords Babel extracts (babel.cfg / Makefile `catalogue`):
    msg("The game is over.")
    nmsg("Pick the one face-down card.", "Pick one of the {n} face-down cards (1-{n}).", n, n=n)
    pmsg("troop", "Spy")
Parameters that are words are Messages themselves and are translated too; numbers and
players' names pass through unchanged. Never build the English text by hand ("card" + "s"):
the plural rule of Polish has three forms, and only the catalogue knows them."""

from __future__ import annotations


class Message(str):
    """English text plus what a translator needs to say it in another language."""

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    params: dict

    def __new__(cls, msgid: str, *, plural: str | None = None, n: int | None = None,
                context: str | None = None, params: dict | None = None):
        params = dict(params or {})
        template = msgid if plural is None or n == 1 else plural
        text = template.format(**params) if params else template
        self = super().__new__(cls, text)
        self.msgid, self.plural, self.n, self.context, self.params = msgid, plural, n, context, params
        return self

    def __reduce__(self):  # pickles (the AI worker process) keep the ids, not only the words
        return (_rebuild, (self.msgid, self.plural, self.n, self.context, self.params))


def _rebuild(msgid, plural, n, context, params) -> Message:
    return Message(msgid, plural=plural, n=n, context=context, params=params)


def msg(msgid: str, /, **params) -> Message:
    """A message with named {placeholders}: msg("{name} to play.", name=player)."""
    return Message(msgid, params=params)


def nmsg(singular: str, plural: str, count: int, /, **params) -> Message:
    """A message whose words depend on a count; `count` picks the form (pass it as a named
    parameter too when the text shows it: nmsg("{n} card", "{n} cards", n, n=n))."""
    return Message(singular, plural=plural, n=count, params=params)


def pmsg(context: str, msgid: str, /, **params) -> Message:
    """A message whose msgid alone is ambiguous ("Spy" the troop, "Open" the verb)."""
    return Message(msgid, context=context, params=params)


class Joined(str):
    """Several messages read as one ("a; b"): each part is translated on its own."""

    items: tuple
    sep: str

    def __new__(cls, items, sep: str = "; "):
        items = tuple(items)
        self = super().__new__(cls, sep.join(items))
        self.items, self.sep = items, sep
        return self

    def __reduce__(self):
        return (Joined, (self.items, self.sep))
