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


def as_message(text: str) -> str:
    """A Message (or Joined) as it is; any other str as a msgid marked elsewhere (a table of
    N_/NP_ words, a game's side name): the client looks it up when it draws it."""
    return text if isinstance(text, (Message, Joined)) or not text else Message(str(text))


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


# ----- in save files ------------------------------------------------------------------------
# A save holds ids, not words (issue 37): an event's Message is stored as its msgid and data
# beside the English text, so a game saved in one language is shown in another after a load.
SCALARS = (str, int, float, bool, type(None))
MAX_DEPTH = 4  # a word inside a message inside a message...: deeper is a damaged file


def message_to_json(text: str) -> dict | None:
    """The ids and data of a Message or Joined; None for a plain str.

    Worked out once per message: every view of every copy of a game (a computer's search
    makes thousands) writes its log lines with it. Callers must not change the dict."""
    if not isinstance(text, (Message, Joined)):
        return None
    cached = text.__dict__.get("_json")
    if cached is None:
        cached = text.__dict__["_json"] = _to_json(text)
    return cached


def _to_json(text: str) -> dict | None:
    if isinstance(text, Joined):
        return {"join": [message_to_json(item) or str(item) for item in text.items], "sep": text.sep}
    if not isinstance(text, Message):
        return None
    out: dict = {"id": text.msgid}
    if text.plural is not None:
        out["plural"], out["n"] = text.plural, text.n
    if text.context is not None:
        out["ctx"] = text.context
    if text.params:
        out["params"] = {k: message_to_json(v) or v for k, v in text.params.items()}
    return out


def message_from_json(data, depth: int = 0) -> str:
    """Rebuild what message_to_json wrote; ValueError for anything else (a damaged save)."""
    if type(data) is str:
        return data
    if type(data) is not dict or depth > MAX_DEPTH:
        raise ValueError("a log entry's message is damaged")
    if "join" in data:
        items, sep = data["join"], data.get("sep", "; ")
        if type(items) is not list or type(sep) is not str:
            raise ValueError("a log entry's message is damaged")
        return Joined([message_from_json(item, depth + 1) for item in items], sep)
    msgid, plural, n, ctx = data.get("id"), data.get("plural"), data.get("n"), data.get("ctx")
    params = data.get("params") or {}
    if (type(msgid) is not str or (plural is not None and type(plural) is not str)
            or (n is not None and type(n) is not int) or (ctx is not None and type(ctx) is not str)
            or type(params) is not dict):
        raise ValueError("a log entry's message is damaged")
    rebuilt = {}
    for key, value in params.items():
        if type(value) is dict:
            rebuilt[key] = message_from_json(value, depth + 1)
        elif isinstance(value, SCALARS):
            rebuilt[key] = value
        else:
            raise ValueError("a log entry's message is damaged")
    try:
        return Message(msgid, plural=plural, n=n, context=ctx, params=rebuilt)
    except (KeyError, IndexError, ValueError) as exc:  # the template names data the file lacks
        raise ValueError("a log entry's message does not match its data") from exc
