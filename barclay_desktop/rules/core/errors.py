"""Errors split by cause, so callers can tell a refused move from bad input."""


class RulesError(Exception):
    """Base of every error the rules layer raises on purpose."""


class IllegalAction(RulesError):
    """A well-formed action the rules do not allow now. `reason` is shown to players."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class NotYourTurn(IllegalAction):
    """The seat asked to act while another seat must act."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played."""


class MalformedAction(RulesError):
    """Input that is not an action of this game at all (bad JSON, unknown type, wrong fields)."""


class UndoNotPossible(RulesError):
    """Undo was asked for where it may not go; `reason` says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class CorruptState(RulesError):
    """A serialised game that cannot be restored or breaks the rules' invariants."""


def broken_rule(exc: Exception):
    """The rule a state broke, as its check_invariants said it (an assertion carrying a Message), or None when
    the state is too damaged to be checked at all (Python's own words stay on the exception chain)."""
    from .message import Message

    said = exc.args[0] if exc.args else None
    return said if isinstance(exc, AssertionError) and isinstance(said, Message) else None
