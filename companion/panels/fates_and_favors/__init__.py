"""The Fates and Favors screen (``build_panel``), one module a section.

From top to bottom: whose turn it is (the co-op deck, every hero's Hero card), at table
start the word that the board and card texts are the app's reading with "Match your
board" and "Match your cards", the card picker (a Fate number or the Hero card, optionally
a Favor), the board as a picture, and right under it the answer: tap a column on the board
and the verdict says what the card does with it or why it cannot (rule IDs linked), its
outcomes listed and ringed on the picture; then the chosen outcome's verdict and "Play
this" (only on a phone whose seat may play it), the hand (entered privately on a seat's own
phone), the series score pad, and the match forms. Legality always comes from the rules
(``outcomes``, ``explain`` and ``ctx.check``); this screen only shows and submits.

Where each part lives:

- ``panel``: ``build_panel`` and the order of the sections;
- ``picks``: what this device has picked (kept per page, dropped when the turn moves on);
- ``status``: whose turn, the deck, the Hero cards;
- ``card_picker``: the Fate card, Hero card and Favor chips;
- ``board_view`` (``picture`` draws it): the tappable board and its tools;
- ``zeus_picker``: Zeus's split of spaces between columns;
- ``outcomes``: what the picks can do, each outcome's verdict, "Play this";
- ``stuck``: "No card can be played: new hand";
- ``hand``: a seat's private hand;
- ``score_pad``: the series score;
- ``match``: "Match your board" and "Match your cards".
"""

from .panel import build_panel

__all__ = ["build_panel"]
