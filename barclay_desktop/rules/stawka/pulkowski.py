"""Top Secret (issue 36, step 4 of docs/stawka-film-plan.md): Dr Pulkowski, the factory's security, the bonuses.

Rulebook, Film Scenario: Top Secret (L613-L667); rulings F1, F2, F4, F17, F18, F21, F25, F26 and F28 of the film
plan (section 8, adopted). The Black Audi itself is vehicle.py.

- F17: at the end of every stage, while he is not broken, the German player rolls 2d6 + (stage - 1) - 3 for each
  Polish agent who has infiltrated the factory; 12 or more breaks him. Nothing changes the roll; it is public.
- F18: the German -3 document check lies face up on the factory from the set-up, out of the German pool, for the
  whole game (`ThreatOnBoard.fixed`): every Polish entry tests it (P5's choices), it is never removed, discarded,
  moved or stolen. A Polish agent who has entered has infiltrated, once, for good.
- F21: he boards at the end of a stage, after the roll, if he is broken and the Audi stands on the factory.
- F25: German missions add 1 / 3 to the Audi's Defence; a Polish agent's missions add 2 / 4 to his attacks on it.
- F26: a secret from a conversation (or a reply, or an interrogation: F2) offers its side once: move up to two
  own tokens, or draw one blind and set it out, or nothing. The track is not reset (the block says so, L659).
- F1: evidence beyond 10 counts (film.on_overflow); here it is a public bonus, read by vehicle.py and the discard.
- F4: stage 15 over without a delivery: the Polish player wins.

Every function is a no-op outside a scenario whose rules block names `"special": "pulkowski"`.
"""

from __future__ import annotations

from ..core.message import msg
from . import texts as T
from .activation import finish_action, roll
from .rules import board
from .film import block_location
from .scenario_rules import scenario_rules
from .state import GERMAN, POLISH, Pending, ThreatOnBoard

SPECIAL = "pulkowski"
BLOCK_KEYS = ("location", "goal", "vehicle", "break_at", "per_stage", "per_infiltrator", "security",
              "mission_defence", "mission_attack", "card_move", "attack_barred", "time_out_winner")


def check_block(block: dict, scenario_id: str) -> None:
    """The "pulkowski" block (plan 2.1): every key present, the two locations on the board, the numbers counts."""
    missing = [k for k in BLOCK_KEYS if k not in block]
    if missing:
        raise ValueError(f"scenario {scenario_id!r}: 'pulkowski' lacks {', '.join(missing)}")
    for key in ("location", "goal"):
        block_location(scenario_id, "pulkowski", block[key])
    if not isinstance(block["break_at"], int) or not isinstance(block["card_move"], int) or block["card_move"] < 1:
        raise ValueError(f"scenario {scenario_id!r}: 'pulkowski' needs 'break_at' and 'card_move' as counts")
    for key in ("mission_defence", "mission_attack"):
        if set(block[key]) != {"basic", "special"}:
            raise ValueError(f"scenario {scenario_id!r}: 'pulkowski' {key!r} must give 'basic' and 'special'")
    if block["security"].get("type") != "document_check" or block["time_out_winner"] not in (POLISH, GERMAN):
        raise ValueError(f"scenario {scenario_id!r}: 'pulkowski' needs a document check and a time-out winner")


def block(state):
    """The scenario's Pulkowski block, or None: the test every hook starts with."""
    rules = scenario_rules(state.scenario)
    return rules[SPECIAL] if rules["special"] == SPECIAL else None


def factory(state) -> str:
    return block_location(state.scenario, "pulkowski", block(state)["location"])


def goal(state) -> str:
    return block_location(state.scenario, "pulkowski", block(state)["goal"])


# ------------------------------------------------------------------ set-up (L621, L631)


def setup(game) -> None:
    """The Audi in the barracks; the -3 document check face up on the factory, out of the German pool (F18)."""
    from . import vehicle
    from .alertness import token

    s = game.state
    b = block(s)
    s.pulkowski = {"broken": False, "broken_stage": 0, "infiltrated": [], "aboard": False}
    vehicle.setup(s, b["vehicle"])
    want = b["security"]["difficulty"]
    tid = next(t for t in sorted(s.threat_pool[GERMAN], key=lambda x: int(x.split(".")[1]))
               if token(t).type == "document_check" and int(token(t).params.get("difficulty", 0)) == want)
    s.threat_pool[GERMAN].remove(tid)
    s.threats[factory(s)] = ThreatOnBoard(tid, GERMAN, revealed=True, fixed=True)
    game.emit("setup_security", msg("The factory's security is reinforced: a document check ({n}) lies face up on the "
                                    "factory for the whole game. Dr Pulkowski is held there; the Black Audi waits in "
                                    "the barracks.", n=want), space=factory(s), token=tid)


def fixed_token(state, space: str) -> bool:
    """F18: the factory's check, never removed, discarded, moved or stolen."""
    t = state.threats.get(space)
    return t is not None and t.fixed


# ------------------------------------------------------------------ infiltration (L631, F18)


def note_infiltrators(game) -> None:
    """Every Polish agent standing on the factory has infiltrated it, once for the rest of the game; called after
    every action (by movement or a card, the check passed) and before the stage's roll."""
    s = game.state
    if not s.pulkowski:
        return
    here = factory(s)
    for aid, a in s.agents.items():
        if a.side == POLISH and a.space == here and aid not in s.pulkowski["infiltrated"]:
            s.pulkowski["infiltrated"].append(aid)
            game.emit("infiltrated", msg("{name} has got into the factory: every roll to break Dr Pulkowski now "
                                         "takes {n} more off ({total} in all).", name=T.agent(aid),
                                         n=-_per_infiltrator(s), total=-modifier_of_infiltrators(s)),
                      agent=aid, infiltrated=list(s.pulkowski["infiltrated"]))


def _per_infiltrator(state) -> int:
    return int(block(state)["per_infiltrator"])


def modifier_of_infiltrators(state) -> int:
    return _per_infiltrator(state) * len(state.pulkowski.get("infiltrated", ()))


def modifier(state) -> int:
    """F17: the roll's modifier at this stage's end: (stage - 1) - 3 per infiltrator."""
    return int(block(state)["per_stage"]) * (state.stage - 1) + modifier_of_infiltrators(state)


# ------------------------------------------------------------------ the end of a stage (L627, F17, F21)


def end_of_stage(game) -> bool:
    """The interrogation roll, then the boarding; the Audi's AP come back. True if the game ended (never here)."""
    from . import vehicle

    s = game.state
    note_infiltrators(game)
    if not s.pulkowski["broken"]:
        _interrogate(game)
    if s.pulkowski["broken"] and not s.pulkowski["aboard"] and s.vehicle["space"] == factory(s):
        s.pulkowski["aboard"] = True
        game.emit("pulkowski_aboard", msg("Dr Pulkowski is put into the Black Audi: from the next stage it drives him "
                                          "to the barracks, and the Polish agents may attack it."))
    vehicle.new_stage(s)
    return False


def _interrogate(game) -> None:
    s = game.state
    dice = roll(game, 2, "pulkowski")
    mod = modifier(s)
    total = sum(dice) + mod
    need = int(block(s)["break_at"])
    broken = total >= need
    s.last_dice = {"kind": "pulkowski", "dice": list(dice), "modifiers": [["stage and infiltrators", mod]],
                   "total": total, "result": "broken" if broken else "resists"}
    if broken:
        s.pulkowski["broken"] = True
        s.pulkowski["broken_stage"] = s.stage
        text = msg("Interrogating Dr Pulkowski: {a} + {b} {sign} {m} = {total}, {need} needed: he is broken.",
                   a=dice[0], b=dice[1], sign="+" if mod >= 0 else "-", m=abs(mod), total=total, need=need)
    else:
        text = msg("Interrogating Dr Pulkowski: {a} + {b} {sign} {m} = {total}, {need} needed: he resists.",
                   a=dice[0], b=dice[1], sign="+" if mod >= 0 else "-", m=abs(mod), total=total, need=need)
    game.emit("dice", text, roll="pulkowski", dice=list(dice), modifier=mod, total=total, broken=broken)


def time_out(game) -> bool:
    """F4 (L663, L665): stage 15 is over and Pulkowski was not delivered: the Polish player wins."""
    from .flow import scenario_won

    s = game.state
    winner = block(s)["time_out_winner"]
    scenario_won(game, winner, msg("Stage {stage} is over and the Black Audi has not brought Dr Pulkowski to the "
                                   "barracks: the Polish player wins.", stage=s.stages), "not_in_time")
    return True


# ------------------------------------------------------------------ missions (L647-L655, F25)


def on_mission(game, agent_id: str, part: str) -> None:
    s = game.state
    b = block(s)
    if s.agents[agent_id].side == GERMAN:
        n = int(b["mission_defence"][part])
        s.vehicle["defence_bonus"] = s.vehicle.get("defence_bonus", 0) + n
        game.emit("audi_defence", msg("The Black Audi's escort grows: its Defence rises by {n}.", n=n), amount=n)
        return
    n = int(b["mission_attack"][part])
    s.attack_bonus[agent_id] = s.attack_bonus.get(agent_id, 0) + n
    game.emit("attack_bonus", msg("{name} gains +{n} to any attack on the car carrying Dr Pulkowski ({total} in all).",
                                  name=T.agent(agent_id), n=n, total=s.attack_bonus[agent_id]),
              agent=agent_id, amount=n)


def overflow_bonus(state, side: str) -> int:
    """F1 (L659): evidence beyond 10 from conversations and items, +1 each: Polish attacks on the car, German
    discard rolls. 0 outside Top Secret (where the overflow may be VP instead)."""
    if block(state) is None:
        return 0
    return state.overflow.get(side, 0)


# ------------------------------------------------------------------ the secret's bonus (L657, F26)


def on_secret(game, seat: str, target: str, how: str = "conversation") -> None:
    """A secret from a conversation, a reply or an interrogation offers the bonus, at the front of the decisions;
    a special mission's does not (F26: "from a conversation")."""
    s = game.state
    if how != "conversation" or s.result is not None or s.winner is not None or not bonus_choices(s, seat):
        return
    s.pending.insert(0, Pending("secret_bonus", seat, target))
    game.emit("secret_bonus_offered", msg("The {side} player may move two of his threat tokens or set out a new one.",
                                          side=T.PLAYER_SIDE[seat]), seat=seat)


def bonus_choices(state, seat: str) -> list[str]:
    """"move" if an own token can move to a free legal space, "draw" if the pool holds one and a space is free."""
    from .location_hooks import own_tokens
    from .threats import setout_spaces

    spaces = setout_spaces(state, seat)
    if not spaces:
        return []
    out = ["move"] if own_tokens(state, seat) else []
    return out + (["draw"] if state.threat_pool.get(seat) else [])


def choose_bonus(game, choice: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    if choice == "move":
        s.pending.insert(0, Pending("move_threats", p.seat, p.agent, data={"left": 2, "moved": []}))
        return
    if choice == "draw":
        pool = s.threat_pool[p.seat]
        s.threat_hand[p.seat].append(pool.pop(s.rng.below(len(pool))))  # P1: blind; the owner's only (K12)
        game.reveal(msg("Threat tokens were drawn."))
        game.emit("threats_drawn", msg("The {side} player draws a threat token to set out at once.",
                                       side=T.PLAYER_SIDE[p.seat]), seat=p.seat, count=1)
        s.pending.insert(0, Pending("place_drawn_threat", p.seat, p.agent))
        return
    finish_action(game)


def place_drawn(game, to: str) -> None:
    """The drawn token on a free legal space (K8), shown to its owner only."""
    from .threats import token_name

    s = game.state
    p = s.pending.pop(0)
    tid = s.threat_hand[p.seat].pop()
    s.threats[to] = ThreatOnBoard(tid, p.seat)
    place = T.place(board(s).spaces[to].label)
    game.emit("threat_set", msg("The {side} player sets out a threat token at the {place}.",
                                side=T.PLAYER_SIDE[p.seat], place=place), seat=p.seat, space=to)
    game.emit("threat_set_own", msg("You set out {token} at the {place}.", token=token_name(tid), place=place),
              to=p.seat, space=to, token=tid)
    finish_action(game)


def view(state) -> dict | None:
    """Public (plan section 3): broken, the modifier the next roll takes, who infiltrated, aboard."""
    if block(state) is None:
        return None
    p = state.pulkowski
    return {"broken": p["broken"], "broken_stage": p["broken_stage"], "modifier": modifier(state),
            "break_at": int(block(state)["break_at"]), "infiltrated": list(p["infiltrated"]), "aboard": p["aboard"],
            "location": factory(state), "goal": goal(state),
            "overflow": {x: state.overflow.get(x, 0) for x in (POLISH, GERMAN)},
            "attack_bonus": dict(state.attack_bonus)}


HOOKS = {"setup": setup, "end_of_stage": end_of_stage, "time_out": time_out, "on_secret": on_secret,
         "on_mission": on_mission, "after_action": note_infiltrators}
