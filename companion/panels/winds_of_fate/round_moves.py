"""A round of Winds of Fate up to the voyage: bets, destiny chips, draws, the reward
tiles revealed, cards played or passed, rewards claimed."""

from __future__ import annotations

import flet as ft

from rules.winds_of_fate import (
    ClaimReward,
    Pass,
    PlaySpecial,
    RevealRewards,
)
from rules.winds_of_fate.adventure import pass_tile, reward_count
from rules.winds_of_fate.components import (
    ENDING_NAMES,
    SPECIAL_NAMES,
    TURN_TILE_CARDS,
)

from ... import theme
from .parts import button, wrap


class RoundMoves:
    """Part of ``WofPanel``: the forms of the round's phases before the voyage."""

    # bets at Troy, Scylla, Circe

    def _bets(self) -> list[ft.Control]:
        s = self.state
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        controls: list[ft.Control] = []
        for a in self.legal():
            kind = a.kind
            if kind == "wof.place-bet":
                space = a.space  # type: ignore[attr-defined]
                controls.append(
                    button(
                        f"wof-bet-{space}", f"Round {space} ({1 + space - s.round})", self.commit(a)
                    )
                )
            elif kind == "wof.bet-destiny":
                pos = a.position  # type: ignore[attr-defined]
                controls.append(
                    button(f"wof-betdestiny-{pos}", f"Destiny card {pos + 1} (3)", self.commit(a))
                )
            elif kind == "wof.move-bet":
                frm, to = a.space, a.to  # type: ignore[attr-defined]
                controls.append(
                    button(f"wof-move-{frm}-{to}", f"Move {frm} → {to}", self.commit(a))
                )
            elif kind == "wof.take-chip":
                controls.append(button("wof-take-chip", "Take a chip", self.commit(a)))
        skip = next(a for a in self.legal() if a.kind == "wof.skip")
        return [
            theme.muted(
                f"{s.players[seat]}: bet with an unused chip (in brackets: the stack's "
                "size), or let it go.",
                13,
            ),
            wrap(controls),
            button("wof-skip", "No bet", self.commit(skip)),
        ]

    # destiny actions (secret card names)

    def _destiny(self) -> list[ft.Control]:
        s = self.state
        parts: list[ft.Control] = [
            theme.muted(
                "Each player may add a chip from the supply to one of their destiny cards. Card "
                "names show only on their owner's phone.",
                13,
            )
        ]
        for seat in s.queue:
            if not self.can_act_for(seat):
                continue
            cards = self._cards_of(seat)
            if not cards:
                parts.append(self._reveal_button(seat, "wof-destiny-reveal"))
                continue
            buttons = [
                button(
                    f"wof-destiny-{pos}",
                    f"Card {pos + 1}: {ENDING_NAMES[cards[pos]]} (+1)",
                    self.commit(self._find("wof.destiny", seat=seat, position=pos)),
                )
                for pos in range(3)
                if self._find("wof.destiny", seat=seat, position=pos) is not None
            ]
            skip = self._find("wof.skip", seat=seat)
            parts += [ft.Text(s.players[seat], weight=ft.FontWeight.W_600), wrap(buttons)]
            if skip is not None:
                parts.append(
                    button(f"wof-destiny-skip-{seat}", "No destiny action", self.commit(skip))
                )
        if len(parts) == 1:
            parts.append(
                theme.muted("Waiting for: " + ", ".join(s.players[q] for q in s.queue), 13)
            )
        return parts

    # draws

    def _draws(self) -> list[ft.Control]:
        s = self.state
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        return [
            theme.muted(f"{s.players[seat]} draws {s.draw_count}: how many from Help?", 13),
            wrap(
                [
                    button(
                        f"wof-draw-{a.help}",  # type: ignore[attr-defined]
                        f"{a.help} Help + {s.draw_count - a.help} Hinder",  # type: ignore[attr-defined]
                        self.commit(a),
                    )
                    for a in self.legal()
                    if a.kind == "wof.draw"
                ]
            ),
        ]

    def _reveal(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        k = reward_count(s)
        parts: list[ft.Control] = [
            theme.muted(f"Turn up {k} reward tiles and enter each red number.", 13)
        ]
        for i in range(k):
            parts.append(
                self._stepper(
                    f"Tile {i + 1} red",
                    f"wof-red-{i}",
                    p.reds.get(i, 0),
                    lambda d, i=i: self._nudge(p.reds, i, d),
                )
            )
        reds = tuple(p.reds.get(i, 0) for i in range(k))
        return parts + self.check_and_commit(RevealRewards(reds), "wof-reveal", "Reveal")

    def _play(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        legal = self.legal()
        plays = [
            button(
                f"wof-play-{a.card}",
                f"Play {a.card.title()} face down",  # type: ignore[attr-defined]
                self.commit(a),
                filled=True,
            )
            for a in legal
            if a.kind == "wof.play-card"
        ]
        cards = TURN_TILE_CARDS[pass_tile(s)]
        split = min(p.split or 0, cards)
        specials = []
        for special, name in SPECIAL_NAMES.items():
            for back in ("help", "hinder"):
                act = PlaySpecial(seat, special, back, min(split, 2) if special == "draw" else 0)
                if self.ctx.check(act).legal:
                    specials.append(
                        button(
                            f"wof-special-{special}-{back}",
                            f"{name} ({back} back)",
                            self.commit(act),
                        )
                    )
        kind = f" This adventure is {s.kind.title()}." if s.kind else ""
        parts: list[ft.Control] = [
            theme.muted(
                f"{s.players[seat]}: play a card or pass (holding {s.hand_help[seat]} "
                f"Help, {s.hand_hinder[seat]} Hinder).{kind}",
                13,
            ),
            wrap(plays),
        ]
        if specials:
            parts += [
                theme.muted("Special cards (face up, −2 to your contribution):", 12),
                wrap(specials),
            ]
        if cards:
            parts.append(theme.muted(f"Passing draws {cards}: how many from Help?", 13))
            parts.append(
                wrap(
                    [
                        button(
                            f"wof-split-{k}",
                            f"{k} Help + {cards - k} Hinder",
                            lambda _, k=k: self.pick(split=k),
                            filled=p.split == k,
                        )
                        for k in range(cards + 1)
                    ]
                )
            )
        label = f"Pass (turn order tile {pass_tile(s)})"
        if cards and p.split is None:
            parts += self._unchosen("wof-pass", label, "choose how many cards come from Help")
        else:
            parts += self.check_and_commit(Pass(seat, split), "wof-pass", label)
        return parts

    def _claim(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        tiles = [
            button(
                f"wof-claim-tile-{i}",
                f"Tile {i + 1} (red {t.red})",
                lambda _, i=i: self.pick(tile=i),
                filled=p.tile == i,
            )
            for i, t in enumerate(s.rewards)
            if t.claimed_by is None
        ]
        parts: list[ft.Control] = [
            theme.muted(f"{s.players[seat]} picks a reward tile and enters what it gives.", 13),
            wrap(tiles),
        ]
        for key, label in (
            ("vp", "VP"),
            ("chips", "Bet chips"),
            ("help", "Help cards"),
            ("hinder", "Hinder cards"),
        ):
            parts.append(
                self._stepper(
                    label,
                    f"wof-gain-{key}",
                    p.gains.get(key, 0),
                    lambda d, key=key: self._nudge(p.gains, key, d, 20),
                )
            )
        if p.tile is not None:
            act = ClaimReward(
                seat, p.tile, **{k: p.gains.get(k, 0) for k in ("vp", "chips", "help", "hinder")}
            )
            parts += self.check_and_commit(act, "wof-claim", f"Claim tile {p.tile + 1}")
        return parts
