"""Helpers for the Tamashii tests: a box (campaign) on a SQLite file, recording, and refusals that store nothing."""

import pytest

from domain.core.errors import QuestlogError

from ..refusals import check_refusal


CLASSES = [("reaper", ["Kinetic battery", "Reaper 2"]), ("whisperer", ["Whisperer 1", "Whisperer 2"]),
           ("brawler", ["Brawler 1", "Brawler 2"]), ("trickster", ["Trickster 1", "Trickster 2"])]
"""A Class and its 2 Starting Augments for each board of a setup, in board order (Kinetic battery is a Reaper's)."""


class Table:
    """One Tamashii box on the application service: ``do`` records, ``refused`` checks nothing was stored."""

    def __init__(self, app, cid):
        self.app, self.cid = app, cid

    def do(self, verb, **fields):
        return self.app.record(self.cid, verb, fields)

    def refused(self, verb, expected=None, /, **fields):
        """Assert ``verb`` is refused as ``expected`` (an error code, or the tamashii.txt section it cites; ``None``:
        any rule violation) and stores nothing; returns the refusal."""
        before = self.app.get_campaign(self.cid).version
        with pytest.raises(QuestlogError) as caught:
            self.app.record(self.cid, verb, fields)
        check_refusal(caught.value, expected, "tamashii.txt")
        assert self.app.get_campaign(self.cid).version == before, "a refusal stored something"
        return caught.value

    def view(self, name="board"):
        return self.app.view(self.cid, name)

    def board(self, name):
        return self.view()["boards"][name]

    def play_prologue_and_lose(self, *boards):
        self.do("start-scenario", scenario="prologue", boards=list(boards), mode="coop")
        self.do("draw-scenario-lost-card", card="A07")

    def geohunt(self, *boards, **options):
        """Geohunt after the Prologue, its setup choices made (3c, 3d, 5): turn 1's Planning phase."""
        self.play_prologue_and_lose(*boards)
        self.do("start-scenario", scenario="geohunt", boards=list(boards), mode=options.pop("mode", "coop"),
                trace_top=options.pop("trace_top", 10), **options)
        self.finish_setup(*boards)

    def finish_setup(self, *boards):
        """Setup steps 3c, 3d and 5 for ``boards`` (tamashii.txt § Game setup)."""
        for board, (klass, starting) in zip(boards, CLASSES):  # each Class once (§ Classes and Factions)
            self.do("choose-class", board=board, name=klass, starting=starting)
            self.do("choose-learning-protocol", board=board, name="Bodyguard")
        self.do("set-up-body-market", cards=["Soldier", "Scout", "Brawler", "Sniper", "Tank"][:len(boards) + 1])


@pytest.fixture
def box(app):
    """A new Tamashii box on a SQLite file."""
    return Table(app, app.create_campaign("tamashii", "Box 1"))


@pytest.fixture
def prologue(box):
    """A box with a 2-player Prologue (red, blue) set up."""
    box.do("start-scenario", scenario="prologue", boards=["red", "blue"])
    return box


@pytest.fixture
def geohunt(box):
    """Geohunt for red and blue (Trace track top space 10), setup done: turn 1's Planning phase."""
    box.geohunt("red", "blue")
    return box


__all__ = ["Table"]
