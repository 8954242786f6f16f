"""The film scenarios at the Stawka table (issue 36, step 9 of docs/stawka-film-plan.md): "I Know Who You Are"'s
radio station, and the words of the films' decisions on the menu's buttons.

A mixin of StawkaTableScene, like extended.py: it turns legal actions into controls and labels and draws what the
view gives, nothing else. The hidden station is in the Polish seat's view only (K12), so it is drawn only when the
table shows that seat; its tag goes into drawn_ids for the privacy tests.
"""

from __future__ import annotations

import pygame

from ...i18n import _, translate
from ...rules.core.message import msg
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from ...ui.palette import INK, PAPER, STAMP_RED
from . import pieces as P

RADIO_RED = (150, 30, 34)


class FilmTable:
    # ----- words -----------------------------------------------------------------------------------------------
    def film_label(self, view, a):
        if isinstance(a, A.Transmit):
            return msg("Transmit the report (1 AP)")
        if isinstance(a, A.NameClue):
            return msg("Name the {sector} sector", sector=T.sector(self.face_title(a.face)))
        return None

    def face_title(self, face_id: str) -> str:
        return self.board_art.board.faces[face_id].title

    def film_hint(self, view) -> str | None:
        """The line under the menu while a film's decision asks for a click on the board."""
        if (view.get("pending") or {}).get("kind") == "hide_radio":
            return msg("Click a brass location to hide the radio station there.")
        return self.audi_hint(view)

    # ----- the radio station ("I Know Who You Are", F5-F11) --------------------------------------------------
    def film_status(self, view) -> str | None:
        """A film's own state in words, under the investigation tracks."""
        return self.radio_line(view) or self.pulkowski_line(view)

    def radio_line(self, view) -> str | None:
        """The transmission, the German's clues, or where the Polish player hid it (his seat only)."""
        radio = view.get("radio")
        if not radio:
            return None
        if radio.get("transmitting_since"):
            return _("Radio transmitting: wins at the end of stage {n}").format(n=radio["wins_at_end_of"])
        if radio.get("located"):
            return _("Radio located by the German player")
        where = radio.get("location") or radio.get("hidden_at")
        if where:
            return _("Radio at the {place}").format(place=translate(T.place(self.space_label(where))))
        if radio.get("sector"):
            return _("Radio in the {sector} sector").format(sector=translate(T.sector(self.face_title(radio["sector"]))))
        if radio.get("clue"):
            return _("Radio in one of two sectors")
        return _("Radio hidden: {n} of {total} German secrets locate it").format(
            n=radio["german_secrets_counted"], total=radio["secrets_to_locate"])

    def draw_radio(self, surface, view) -> None:
        """On the board: the clue's two sectors (or the one sector) outlined, and the station's mark where this seat
        may know it (public, or hidden by this seat's own player)."""
        radio = view.get("radio")
        if not radio:
            return
        faces = [radio["sector"]] if radio.get("sector") else list(radio.get("clue") or [])
        if not (radio.get("location") or radio.get("located")):
            for face in faces:
                self.outline_face(surface, face)
        where = radio.get("location") or radio.get("hidden_at")
        if not where:
            return
        if radio.get("hidden_at") and not radio.get("public"):
            self.drawn_ids.append(radio["tag"])  # the privacy tests' marker: never in the other seat's frame
        x, y = self.screen_pos(where)
        z = self.viewport.zoom
        self.radio_mark(surface, (x + round(20 * z) + 12, y + round(14 * z) + 8), live=bool(radio.get("transmitting_since")),
                        secret=not radio.get("public"))

    def outline_face(self, surface, face_id: str) -> None:
        board = self.board_art.board
        spot = next((p for p in board.placements if p.face_id == face_id), None)
        if spot is None:
            return
        face = board.faces[face_id]
        x, y = self.viewport.to_screen((spot.origin_x, spot.origin_y))
        rect = pygame.Rect(x, y, round(face.width_px * self.viewport.zoom), round(face.height_px * self.viewport.zoom))
        pygame.draw.rect(surface, RADIO_RED, rect.inflate(-4, -4), 3)
        tag = P.label(_("radio?"), 12, PAPER, True)
        plate = tag.get_rect(topright=(rect.right - 6, rect.y + 6)).inflate(8, 4)
        pygame.draw.rect(surface, RADIO_RED, plate, border_radius=3)
        surface.blit(tag, tag.get_rect(center=plate.center))

    @staticmethod
    def radio_mark(surface, center, *, live: bool, secret: bool) -> None:
        """The station: a mast with its waves (red while transmitting), on a paper disc; dashed when still secret."""
        cx, cy = center
        pygame.draw.circle(surface, PAPER, center, 11)
        pygame.draw.circle(surface, STAMP_RED if live else INK, center, 11, 1 if secret else 2)
        colour = STAMP_RED if live else INK
        pygame.draw.line(surface, colour, (cx, cy - 6), (cx, cy + 6), 2)
        pygame.draw.line(surface, colour, (cx - 4, cy + 6), (cx + 4, cy + 6), 2)
        for r in (4, 7):
            pygame.draw.arc(surface, colour, (cx - r, cy - 6 - r, 2 * r, 2 * r), 0.5, 2.6, 1)
