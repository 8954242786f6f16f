"""The Stawka table's ADVANCED parts: the player's location and reaction cards in a tray at the board's
foot, the picked card's own menu, the reaction and block windows, and the words of those decisions.

A mixin of StawkaTableScene. Like the rest of the table it reads only the view and turns legal actions
into controls: a card in the tray is a control that picks it (its menu then replaces the agent's) or, in a
window or a discard, takes its one action at once. The other side's hands are card backs with a count (K12).
"""

from __future__ import annotations

import pygame

from ...i18n import N_, _, ngettext, translate
from ...rules.core.message import Message, msg, nmsg
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from ...ui import draw
from ...ui.palette import BRASS, FADED, FELT_DARK, INK, PAPER, PAPER_SHADE, STAMP_RED
from ...ui.widgets import new_tag
from ..controls import Control
from . import pieces as P
from .art import BOARD
from .cards import REACTION_COLOUR, block_icon, draw_location_card, draw_reaction_card, hideout_icon

CARD_ACTIONS = (A.ConvertLocationCard, A.UseLocationCard, A.UseHideout)  # offered from the card, not the menu
PICKED_ACTIONS = CARD_ACTIONS + (A.PlayReaction,)  # what a picked card's menu lists
# The tray is a strip along the board's foot that the board's view stops above (ADVANCED games): a card shows
# its band and a few words; resting the mouse on it shows the whole card.
STRIP_H = 46
CARD_W, CARD_H, CARD_GAP, GROUP_GAP = 104, 38, 5, 12
ZOOM_W, ZOOM_H = 230, 322  # a hovered card, whole
BACK_W, BACK_H = 30, 38
TRAY_X = BOARD.x + 124  # right of the zoom buttons
COLOUR_WORDS = {"red": N_("red"), "purple": N_("purple"), "yellow": N_("yellow")}

# A card's few words on the tray and the buttons (its whole text is in the note under the mouse).
LOCATION_TITLES = {
    "release_prisoner": N_("Release a prisoner"), "interrogate": N_("Interrogate"),
    "telephone_conversation": N_("Telephone talk"), "search_again": N_("Search again"),
    "peek_items": N_("Look at {count} tiles"), "gain_evidence": N_("+{amount} evidence"),
    "remove_evidence": N_("-{amount} evidence"), "move_in_sector": N_("Move in the sector"),
    "move_to_location": N_("Go to any location"), "draw_reaction": N_("Draw {count} reaction cards"),
    "extra_ap": N_("+{amount} AP"), "view_threats": N_("See enemy tokens"),
    "move_threats": N_("Move {count} tokens"), "reveal_mission": N_("Reveal a mission"),
    "arrest_bonus": N_("+{bonus} to arrests"), "gain_vp": N_("+{vp} VP"), "room_217": N_("Room 217"),
    "stop_agent": N_("-{amount} AP to an enemy"),
}
REACTION_TITLES = {
    "reciprocity": N_("Reciprocity"), "cancel_conversation": N_("Cancel the talk"),
    "conversation_penalty": N_("{modifier} to his roll"), "conversation_bonus_target": N_("No track bonus"),
    "evidence_back": N_("+{amount} evidence back"), "stop_movement": N_("Stop!"),
    "extra_cost": N_("Heavy going"), "threat_on_path": N_("Threat on the path"),
    "empty_search": N_("Empty search"), "take_item": N_("Take the find"),
    "search_evidence": N_("+{amount} evidence"), "peek_found": N_("See the find"),
}
WINDOW_WORDS = {  # msgids (N_): what the enemy agent is doing when the window opens
    "red": N_("{name} is moving: you may play a red reaction card on a space of his route, or pass."),
    "purple": N_("{name} has searched: you may play a purple reaction card, or pass."),
    "yellow": N_("{name} is talking: you may play a yellow reaction card, or pass."),
}


def location_title(card: dict) -> Message:
    action = card["action"]
    return msg(LOCATION_TITLES.get(action["key"], N_("Special action")), **action["params"])


def reaction_half(card: dict, side: str | None) -> dict:
    return card[side] if side in ("polish", "german") else card["polish"]


def reaction_title(card: dict, side: str | None) -> Message:
    half = reaction_half(card, side)
    if half["key"] == "redirect":  # 1 or 2 spaces: a real plural
        n = half["params"].get("count", 1)
        return nmsg("{count} space back", "{count} spaces back", n, count=n)
    params = {k: (f"{v:+d}" if k == "modifier" else v) for k, v in half["params"].items()}
    return msg(REACTION_TITLES.get(half["key"], N_("Reaction")), **params)


def card_text(part: dict) -> str:
    """A card's printed text (the data's words, translated), its numbers filled in."""
    params = {k: (f"{v:+d}" if k == "modifier" else v) for k, v in part["params"].items()}
    return translate(Message(part["text"], params=params))


class CardHand:
    card: str | None = None  # the picked card: its menu replaces the agent's
    card_pick: str | None = None  # in a card's menu, the agent or token picked before a space on the board

    # ----- what the seat holds ------------------------------------------------------------------------------
    @staticmethod
    def own_cards(view) -> list[tuple[str, dict]]:
        """("location" | "reaction", card) for each card of the seat's hands, location cards first."""
        loc, react = view.get("location_cards"), view.get("reactions")
        if not loc:
            return []
        return [("location", c) for c in loc["hand"]] + [("reaction", c) for c in (react or {}).get("hand", [])]

    @staticmethod
    def card_actions(legal, card_id: str) -> list:
        return [a for a in legal if getattr(a, "card", None) == card_id and
                isinstance(a, PICKED_ACTIONS + (A.DiscardReaction, A.BlockReaction))]

    # ----- geometry ------------------------------------------------------------------------------------------
    @staticmethod
    def board_view_rect(view) -> pygame.Rect:
        """Where the board shows: all of BOARD, less the tray's strip in an ADVANCED game (so no space lies
        under a card)."""
        if view.get("location_cards"):
            return pygame.Rect(BOARD.x, BOARD.y, BOARD.w, BOARD.h - STRIP_H)
        return pygame.Rect(BOARD)

    def tray_rects(self, view) -> list[pygame.Rect]:
        """One rect per own card along the board's foot, a gap between the location and the reaction cards;
        narrower when many are held, so the other side's backs always fit after them."""
        cards = self.own_cards(view)
        if not cards:
            return []
        groups = len({kind for kind, _c in cards})
        room = BOARD.right - 8 - TRAY_X - self.backs_width(view) - GROUP_GAP * (groups - 1)
        w = min(CARD_W, room // len(cards) - CARD_GAP)
        out, x = [], TRAY_X
        for k, (kind, _card) in enumerate(cards):
            if k and kind != cards[k - 1][0]:
                x += GROUP_GAP
            out.append(pygame.Rect(x, BOARD.bottom - CARD_H - 4, w, CARD_H))
            x += w + CARD_GAP
        return out

    @staticmethod
    def back_groups(view) -> list[tuple[str, tuple[str, ...]]]:
        """(side, kinds) of the backs after the seat's own cards: its own hotel card first (Hotel Excelsior), then
        each other side's location hand, hotel card and reaction hand. The hotel card held at the bottom of a
        location deck is public (F12), so both sides' show while they wait."""
        if not view.get("location_cards"):
            return []
        bottom = view["location_cards"].get("bottom_count") or {}
        sides = sorted(("polish", "german"), key=lambda x: x != view["seat"])
        out = []
        for side in sides:
            kinds = ("hotel",) if side == view["seat"] else ("location", "hotel", "reaction")
            kinds = tuple(k for k in kinds if k != "hotel" or bottom.get(side))
            if kinds:
                out.append((side, kinds))
        return out

    def backs_width(self, view) -> int:
        return sum(side_tag_width(side) + len(kinds) * (BACK_W + 4) + GROUP_GAP for side, kinds in
                   self.back_groups(view))

    def back_rects(self, view) -> list[tuple[pygame.Rect, str, str]]:
        """(rect, side, "location" | "hotel" | "reaction") for each stack the seat does not see, after its own
        cards (back_groups)."""
        own = self.tray_rects(view)
        x = (own[-1].right + GROUP_GAP) if own else TRAY_X
        out = []
        for side, kinds in self.back_groups(view):
            x += side_tag_width(side)  # the side's name, then its backs
            for kind in kinds:
                out.append((pygame.Rect(x, BOARD.bottom - BACK_H - 4, BACK_W, BACK_H), side, kind))
                x += BACK_W + 4
            x += GROUP_GAP
        return out

    def tray_span(self, view) -> tuple[int, int]:
        """(right edge, top) of the tray, for the dice slip to keep clear of; (0, bottom) without one."""
        rects = self.tray_rects(view) + [r for r, _s, _k in self.back_rects(view)]
        if not rects:
            return 0, BOARD.bottom
        return max(r.right for r in rects), BOARD.bottom - STRIP_H - 2

    # ----- controls --------------------------------------------------------------------------------------------
    def picked_card(self, view, legal, ui) -> str | None:
        card = getattr(ui, "card", None)
        held = {c["id"] for _k, c in self.own_cards(view)}
        return card if card in held and any(isinstance(a, PICKED_ACTIONS) for a in self.card_actions(legal, card)) \
            else None

    def tray_controls(self, view, legal, ui) -> list[Control]:
        """A card with one action takes it (a discard, a block, a play with nothing to name); with more it is
        picked; a card that can do nothing now is no control."""
        out = []
        picked = self.picked_card(view, legal, ui)
        for rect, (kind, card) in zip(self.tray_rects(view), self.own_cards(view)):
            acts = self.card_actions(legal, card["id"])
            if not acts:
                continue
            if card["id"] == picked:
                rect = rect.move(0, -4)
            direct = acts[0] if len(acts) == 1 and not isinstance(acts[0], CARD_ACTIONS) else None
            out.append(Control(rect, direct, self.card_label(view, kind, card), "card", card["id"]))
        return out

    def card_label(self, view, kind: str, card: dict) -> Message:
        if kind == "location":
            return location_title(card)
        title = reaction_title(card, view["seat"])
        return msg("{title} (block)", title=title) if card.get("block") else title

    def card_menu(self, view, legal, ui) -> list[Control] | None:
        """The picked card's actions: buttons for those that name no space, the board's spaces for the rest
        (after an agent is picked where the card moves one of several), and a button to put it back."""
        picked = self.picked_card(view, legal, ui)
        if picked is None:
            return None
        acts = [a for a in self.card_actions(legal, picked) if isinstance(a, PICKED_ACTIONS)]
        spaced = [a for a in acts if self.card_space(a)]
        buttons = [a for a in acts if not self.card_space(a)]
        picks = list(dict.fromkeys(a.target for a in spaced if isinstance(a, A.UseLocationCard) and a.target))
        labelled = [(self.button_label(view, a), a, "button", None) for a in buttons]
        chosen = None
        if len(picks) > 1:
            chosen = ui.card_pick if getattr(ui, "card_pick", None) in picks else picks[0]
            labelled = [(msg("Move {name}", name=T.agent(p)), None, "cardpick", p) for p in picks] + labelled
        labelled.append((msg("Put the card back"), None, "unpick", picked))
        rects = self.button_rects(len(labelled))
        out = [Control(r, a, text, kind, key) for r, (text, a, kind, key) in zip(rects, labelled)]
        for a in spaced:
            if chosen is not None and a.target != chosen:
                continue
            rect = self.space_rect(self.card_space(a))
            if rect is not None:
                out.append(Control(rect, a, "", "space", self.card_space(a)))
        return out

    def card_space(self, a) -> str:
        """The board space a card action names (a card move's destination, a red card's space), or ""."""
        if isinstance(a, A.UseLocationCard):
            return a.space
        if isinstance(a, A.PlayReaction) and a.choice in self.board_art.board.spaces:
            return a.choice
        return ""

    def window_controls(self, view, legal, ui) -> list[Control] | None:
        """A reaction window: a button per playable card (a card with several spaces or agents to name picks
        it, and its menu names them), and the pass."""
        plays = [a for a in legal if isinstance(a, A.PlayReaction)]
        if not any(isinstance(a, A.PassReaction) for a in legal):
            return None
        hand = {c["id"]: (k, c) for k, c in self.own_cards(view)}
        labelled = []
        for card_id in dict.fromkeys(a.card for a in plays):
            mine = [a for a in plays if a.card == card_id]
            if len(mine) == 1:
                labelled.append((self.button_label(view, mine[0]), mine[0], "button", None))
            else:
                title = self.card_label(view, *hand[card_id]) if card_id in hand else card_id
                labelled.append((msg("Play {card}...", card=title), None, "cardbutton", card_id))
        labelled += [(self.button_label(view, a), a, "button", None) for a in legal
                     if not isinstance(a, A.PlayReaction)]
        if getattr(self.session, "stand_quiet", None) is not None:  # spares the pauses (and in hot-seat, curtains)
            labelled.append((msg("Do not react again this stage"), A.PassReaction(), "quiet", None))
        return [Control(r, a, text, kind, key) for r, (text, a, kind, key) in
                zip(self.button_rects(len(labelled)), labelled)]

    def threat_move_controls(self, view, legal, ui) -> list[Control] | None:
        """A location card's threat moves (pending move_threats): one pick per own token, its spaces, done."""
        moves = [a for a in legal if isinstance(a, A.MoveThreatByCard)]
        if not moves:
            return None
        picks = list(dict.fromkeys(a.frm for a in moves))
        chosen = ui.card_pick if getattr(ui, "card_pick", None) in picks else picks[0]
        labelled = [(msg("Token at the {place}", place=T.place(self.space_label(p))), None, "cardpick", p)
                    for p in picks]
        labelled += [(self.button_label(view, a), a, "button", None) for a in legal
                     if not isinstance(a, A.MoveThreatByCard)]
        out = [Control(r, a, text, kind, key) for r, (text, a, kind, key) in
               zip(self.button_rects(len(labelled)), labelled)]
        for a in moves:
            rect = self.space_rect(a.to) if a.frm == chosen else None
            if rect is not None:
                out.append(Control(rect, a, "", "space", a.to))
        return out

    # ----- the menu's words ----------------------------------------------------------------------------------
    def advanced_label(self, view, a) -> Message | None:
        hand = {c["id"]: (k, c) for k, c in self.own_cards(view)}
        title = (lambda cid: self.card_label(view, *hand[cid]) if cid in hand else cid)  # noqa: E731
        if isinstance(a, A.ConvertLocationCard):
            return msg("Turn the card into +{n} AP", n=(view.get("location_cards") or {}).get("conversion_ap", 2))
        if isinstance(a, A.UseHideout):
            return msg("Hideout: a mission card for {name}", name=T.agent(a.agent))
        if isinstance(a, A.UseLocationCard):
            return self.use_label(view, a, hand)
        if isinstance(a, A.PlayReaction):
            if a.choice in {ag["id"] for ag in view["agents"]}:
                return msg("Play {card}: {name} takes the find", card=title(a.card), name=T.agent(a.choice))
            if a.choice:
                return msg("Play {card} at the {place}", card=title(a.card), place=T.place(self.space_label(a.choice)))
            return msg("Play {card}", card=title(a.card))
        if isinstance(a, A.PassReaction):
            return msg("Do not react")
        if isinstance(a, A.BlockReaction):
            return msg("Block with {card}", card=title(a.card))
        if isinstance(a, A.AcceptReaction):
            return msg("Let it take effect")
        if isinstance(a, A.DiscardReaction):
            return msg("Discard {card}", card=title(a.card))
        if isinstance(a, A.DoneMovingThreats):
            return msg("Done moving tokens")
        if isinstance(a, A.ReplyWith):
            if not a.items:
                return msg("Roll back")
            names = self.item_names(view)
            return msg("Roll back, revealing {items}", items=", ".join(translate(names.get(i, i)) for i in a.items))
        if isinstance(a, A.GiveCampaignItem):
            return msg("Give it to {name}", name=T.agent(a.agent))
        return None

    def use_label(self, view, a, hand) -> Message:
        card = hand[a.card][1] if a.card in hand else None
        key = card["action"]["key"] if card else ""
        params = card["action"]["params"] if card else {}
        name = T.agent(a.target) if a.target else ""
        words = {
            "release_prisoner": lambda: msg("Release {name}", name=name),
            "interrogate": lambda: msg("Interrogate {name} (free)", name=name),
            "telephone_conversation": lambda: msg("Telephone {name}", name=name),
            "gain_evidence": lambda: msg("+{n} evidence against {name}", n=params.get("amount", 0), name=name),
            "remove_evidence": lambda: msg("-{n} evidence against {name}", n=params.get("amount", 0), name=name),
            "stop_agent": lambda: msg("{name} loses {n} AP", name=name, n=params.get("amount", 0)),
            "reveal_mission": lambda: msg("{name} shows his mission card", name=name),
        }
        if key in words and name:
            return words[key]()
        if a.space:
            return msg("{card} at the {place}", card=location_title(card) if card else a.card,
                       place=T.place(self.space_label(a.space)))
        return msg("{name}: {card}", name=T.agent(a.agent), card=location_title(card) if card else a.card)

    def menu_card(self, view, seat) -> str | None:
        """The picked card whose menu is showing, if any."""
        return self.picked_card(view, self.legal(seat), self.ui_state()) if self.card else None

    def card_heading(self, view) -> str | None:
        hand = {c["id"]: (k, c) for k, c in self.own_cards(view)}
        if self.card not in hand:
            return None
        kind, card = hand[self.card]
        if kind == "location":
            return _("THE {place} CARD").format(place=P.place_name(card["label"]).upper())
        return _("REACTION CARD: {title}").format(title=translate(reaction_title(card, view["seat"])).upper())

    def card_line(self, view) -> str:
        """Under a picked card's buttons: its whole text."""
        hand = {c["id"]: (k, c) for k, c in self.own_cards(view)}
        if self.card not in hand:
            return ""
        kind, card = hand[self.card]
        if kind != "location":
            return card_text(reaction_half(card, view["seat"]))
        text = card_text(card["action"])
        if not any(isinstance(a, A.UseLocationCard) and a.card == self.card for a in self.legal(view["seat"])):
            # why the menu has no special action: nobody of his stands there (or it would change nothing)
            text = _("{text} (Usable by an agent of yours standing at the {place}, when it changes something.)").format(
                text=text, place=P.place_name(card["label"]))
        return text

    def advanced_line(self, view) -> str | None:
        """Under a window's or a card decision's buttons: what it is about."""
        p = view.get("pending") or {}
        kind = p.get("kind")
        window = p.get("window") or (view.get("reactions") or {}).get("window") or {}
        agents = {ag["id"]: ag for ag in view["agents"]}
        if kind == "reaction_window" and window.get("agent") in agents:
            line = _(WINDOW_WORDS[window["colour"]]).format(name=P.agent_name(agents[window["agent"]]["name"]))
            if not window.get("playable"):
                line = _("{name} acts: you have no card to play against it now.").format(
                    name=P.agent_name(agents[window["agent"]]["name"]))
            return line
        if kind == "block_window":
            return _("The enemy played a {colour} reaction card. Block it with a {colour} card with the block "
                     "symbol, or let it take effect.").format(colour=_(COLOUR_WORDS.get(window.get("colour"), "")))
        if kind == "reaction_discard":
            return _("You hold more reaction cards than the limit of 3: click one to discard it.")
        if kind == "reply":
            return _("Reciprocity: your agent rolls back at once. Reveal conversation items for it, or not.")
        if kind == "move_threats":
            return _("Pick one of your tokens, then click a brass space for it; or stop moving.")
        if kind == "campaign_item":
            return _("Choose the agent who starts with the item your side kept after First Clash.")
        return None

    def card_hint(self, view) -> str | None:
        """The line under the menu while a card's spaces are offered on the board."""
        kind = (view.get("pending") or {}).get("kind")
        if kind == "move_threats":
            return msg("Click a brass space on the board for the picked token.")
        if self.card is not None:
            return msg("Click a brass space on the board for the card.")
        return None

    # ----- drawing --------------------------------------------------------------------------------------------
    def draw_hand(self, surface, view, seat) -> None:
        """The tray: a felt strip at the board's foot; own cards face up (raised when picked, brass-edged when
        they can act now), the other hands as backs with their counts."""
        if not view.get("location_cards"):
            return  # below ADVANCED: no cards
        strip = pygame.Rect(TRAY_X - 8, BOARD.bottom - STRIP_H, BOARD.right - TRAY_X + 8, STRIP_H)  # zoom keys left
        pygame.draw.rect(surface, FELT_DARK, strip)
        pygame.draw.line(surface, PAPER_SHADE, strip.topleft, strip.topright)
        usable = {c.key: c for c in self.controls if c.kind == "card"}
        picked = self.card if self.card in usable else None
        for rect, (kind, card) in zip(self.tray_rects(view), self.own_cards(view)):
            self.drawn_ids.append(f'"{card["id"]}"')  # quoted, as the leak probes name it
            if card["id"] == picked:
                rect = rect.move(0, -4)
            face = location_title(card) if kind == "location" else reaction_title(card, view["seat"])
            mini_card(surface, rect, kind, card, face)  # the block symbol is drawn, not written
            if self.is_new(f"card:{card['id']}"):  # drawn since this player last looked: which to discard?
                # a small tab on the card's top edge, over the strip's margin, clear of the band's words and
                # the block disc (no ring: brass here means "can act now")
                new_tag(surface, pygame.Rect(rect.centerx - 17, rect.y - 14, 34, 19), inside=True, ring=False)
            if card["id"] in usable:
                draw.brass_outline(surface, rect, 3 if card["id"] == picked else 2, 5)
        loc = view["location_cards"]
        counts = {"location": loc["hand_count"], "hotel": loc.get("bottom_count") or {},
                  "reaction": (view.get("reactions") or {}).get("hand_count", {})}
        named = set()
        for rect, side, kind in self.back_rects(view):
            n = counts[kind].get(side, 0)
            if kind == "hotel":
                hotel_back(surface, rect, side, n)
            else:
                card_back(surface, rect, side if kind == "location" else "reaction", n)
            if side not in named:  # whose: the side's name before its backs
                named.add(side)
                P.blit_text(surface, P.side_name(side), (rect.x - 4, rect.centery), size=11, bold=True,
                            colour=PAPER, anchor="midright")

    def draw_window_route(self, surface, view) -> None:
        """A movement window: the route the enemy agent declared, in red over the board, so the player sees
        where a red card could stop him."""
        window = (view.get("reactions") or {}).get("window") or {}
        route = window.get("route") or []
        if window.get("colour") != "red" or len(route) < 2:
            return
        points = [self.screen_pos(sp) for sp in route]
        old = surface.get_clip()
        surface.set_clip(BOARD)
        pygame.draw.lines(surface, STAMP_RED, False, points, 4)
        for pt in points[1:]:
            pygame.draw.circle(surface, STAMP_RED, pt, 5)
        pygame.draw.circle(surface, STAMP_RED, points[-1], 12, 3)
        surface.set_clip(old)

    def draw_hand_zoom(self, surface, view) -> bool:
        """Under the mouse, an own card in the tray is shown whole, above the tray (the printed card's face)."""
        for rect, (kind, card) in zip(self.tray_rects(view), self.own_cards(view)):
            lifted = rect.move(0, -4) if card["id"] == self.card else rect
            if not (rect.collidepoint(self.mouse) or lifted.collidepoint(self.mouse)):
                continue
            zoom = pygame.Rect(0, 0, ZOOM_W, ZOOM_H)
            zoom.midbottom = (lifted.centerx, lifted.y - 6)
            zoom.clamp_ip(BOARD)
            draw.shadow(surface, zoom, offset=4, alpha=90, radius=6)
            if kind == "location":
                draw_location_card(surface, zoom, card)
            else:
                draw_reaction_card(surface, zoom, card, view["seat"])
            return True
        return False

    def hand_note(self, view) -> list[str] | None:
        """Under the mouse, on a back: what the other side holds (an own card shows whole: draw_hand_zoom)."""
        loc, react = view.get("location_cards") or {}, view.get("reactions") or {}
        for rect, side, kind in self.back_rects(view):
            if rect.collidepoint(self.mouse):
                if kind == "location":
                    return [_("{side}: {n} location cards in hand").format(side=P.side_name(side),
                                                                           n=loc["hand_count"].get(side, 0)),
                            _("{n} left in the deck").format(n=loc["deck_count"].get(side, 0))]
                if kind == "hotel":
                    left = loc["deck_count"].get(side, 0)
                    return [_("{side}: the hotel card waits at the bottom of the location deck").format(
                                side=P.side_name(side)),
                            ngettext("It is drawn after the {n} card left in the deck.",
                                     "It is drawn after the {n} cards left in the deck.", left).format(n=left)]
                return [_("{side}: {n} reaction cards in hand").format(side=P.side_name(side),
                                                                       n=react.get("hand_count", {}).get(side, 0)),
                        _("Reaction deck: {n} cards; {k} played or discarded").format(
                            n=react.get("deck_count", 0), k=len(react.get("discard", [])))]
        return None


def mini_card(surface, rect, kind: str, card: dict, title) -> None:
    """A card in the tray: a band in its side's (location) or colour's (reaction) tint naming its place or
    colour, and its effect in a few words under it; the hideout house, the block disc."""
    draw.shadow(surface, rect, offset=2, alpha=70, radius=4)
    pygame.draw.rect(surface, PAPER, rect, border_radius=4)
    band_colour = P.SIDE_COLOUR[card["side"]] if kind == "location" else REACTION_COLOUR[card["colour"]][0]
    band = pygame.Rect(rect.x, rect.y, rect.w, 16)
    pygame.draw.rect(surface, band_colour, band, border_top_left_radius=4, border_top_right_radius=4)
    marked = card.get("hideout") if kind == "location" else card.get("block")
    head = P.place_name(card["label"]) if kind == "location" else _(COLOUR_WORDS[card["colour"]]).upper()
    room = rect.w - (22 if marked else 8)
    size = draw.fit_size(head, room, 10, bold=True, smallest=8)
    P.blit_text(surface, P.fit_text(head, size, room, True), (rect.x + 4, band.centery), size=size, bold=True,
                colour=PAPER, anchor="midleft")
    if marked and kind == "location":
        hideout_icon(surface, (rect.right - 9, band.centery), 6, PAPER)
    elif marked:
        block_icon(surface, (rect.right - 9, band.centery), 6)
    words = translate(title)
    size = draw.fit_size(words, rect.w - 6, 11, bold=True, smallest=9)
    font = P.fonts.typewriter(size, True)
    lines = [words]
    if font.size(words)[0] > rect.w - 6:  # two lines, at a size where no word is cut ("Reciprocit/y" on a
        longest = max(words.split(), key=len)  # narrow card when many are held)
        size = draw.fit_size(longest, rect.w - 6, 9, bold=True, smallest=7)
        lines = draw.wrap(words, P.fonts.typewriter(size, True), rect.w - 6)
        while len(lines) > 2 and size > 7:  # a third line would be lost
            size -= 1
            lines = draw.wrap(words, P.fonts.typewriter(size, True), rect.w - 6)
    step = size + 1
    top = band.bottom + (rect.bottom - band.bottom) / 2 - step * min(2, len(lines)) / 2
    for k, line in enumerate(lines[:2]):
        P.blit_text(surface, P.fit_text(line, size, rect.w - 6, True), (rect.centerx, round(top + k * step)),
                    size=size, bold=True, colour=INK, anchor="midtop")
    pygame.draw.rect(surface, INK, rect, 1, border_radius=4)


def side_tag_width(side: str) -> int:
    return P.label(P.side_name(side), 11, PAPER, True).get_width() + 10


def hotel_back(surface, rect, side: str, n: int) -> None:
    """Hotel Excelsior: a side's hotel card held at the bottom of its location deck (F12), a back in the side's
    colour with the hotel's padlock over its count."""
    draw.shadow(surface, rect, offset=2, alpha=60, radius=4)
    pygame.draw.rect(surface, P.SIDE_COLOUR[side], rect, border_radius=4)
    pygame.draw.rect(surface, BRASS, rect.inflate(-6, -6), 1, border_radius=3)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    body = pygame.Rect(0, 0, 12, 9)
    body.midtop = (rect.centerx, rect.y + 9)
    pygame.draw.rect(surface, PAPER, (body.x + 2, body.y - 6, 8, 10), 2, border_radius=4)  # the shackle
    pygame.draw.rect(surface, BRASS, body, border_radius=2)
    pygame.draw.rect(surface, INK, body, 1, border_radius=2)
    badge = pygame.Rect(0, 0, 20, 14)
    badge.midbottom = (rect.centerx, rect.bottom - 4)
    pygame.draw.rect(surface, PAPER, badge, border_radius=4)
    P.blit_text(surface, str(n), badge.center, size=11, bold=True, colour=INK, anchor="center")


def card_back(surface, rect, kind: str, n: int) -> None:
    """A hand the seat does not see: a card back (the side's colour, or the reaction deck's) and its count."""
    colour = P.SIDE_COLOUR.get(kind, FELT_DARK) if kind != "reaction" else (70, 58, 48)
    draw.shadow(surface, rect, offset=2, alpha=60, radius=4)
    pygame.draw.rect(surface, colour, rect, border_radius=4)
    pygame.draw.rect(surface, PAPER_SHADE, rect.inflate(-6, -6), 1, border_radius=3)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    badge = pygame.Rect(0, 0, 20, 18)
    badge.center = rect.center
    pygame.draw.rect(surface, PAPER if n else FADED, badge, border_radius=4)
    P.blit_text(surface, str(n), badge.center, size=12, bold=True, colour=INK, anchor="center")
