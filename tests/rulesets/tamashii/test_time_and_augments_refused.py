"""Refusals found at the table: a Time already at 0 cannot be reduced, and an Augment is neither gained during the
Setup nor gained twice (tamashii.txt § Time track, § Acquiring Augments)."""


def test_reduce_time_at_0_is_refused_and_stores_nothing(prologue):
    """§ Time track: 0 is the track's last space ("if [Time] moves to space 0 on the Time track, you may fail to fulfill
    the objective"); the Prologue starts there, and 6 - P with 2 players is space 4 (§ Important icon)."""
    assert prologue.view()["time"] == 0
    refusal = prologue.refused("reduce-time", "Time track")
    assert "Time is already 0" in refusal.message
    prologue.do("set-time", amount="6-P")
    prologue.do("reduce-time", amount=5)  # 4 - 5 stops at 0, as before
    assert prologue.view()["time"] == 0
    prologue.refused("reduce-time", "Time track", amount=1)


def test_an_augment_is_not_gained_during_the_setup(box):
    """§ Acquiring Augments: a Class Augment is drawn by an Upgrade (2 EXP), a Faction Augment from a Faction Hideout's
    tile effect; the Setup (steps 3c, 3d, 5 still open) only brings the Class's Starting Augments."""
    box.play_prologue_and_lose("red")
    box.do("start-scenario", scenario="geohunt", boards=["red"], mode="coop", trace_top=10)
    assert box.view()["phase"] == "setup"
    refusal = box.refused("gain-augment", "Acquiring Augments", board="red", kind="faction", name="Atomic power cable")
    assert "during the Setup" in refusal.message
    box.refused("gain-augment", "Acquiring Augments", board="red", kind="class", name="Reaper 3")
    box.finish_setup("red")
    box.do("gain-augment", board="red", kind="class", name="Reaper 3")
    assert [a["name"] for a in box.board("red")["augments"]][-1] == "Reaper 3"


def test_an_augment_already_held_is_not_gained_again(geohunt):
    """One card of each Augment: Reaper 3 gained once; a Starting Augment (Kinetic battery, from choose-class) is held too."""
    geohunt.do("gain-augment", board="red", kind="class", name="Reaper 3")
    refusal = geohunt.refused("gain-augment", "Acquiring Augments", board="red", kind="class", name=" reaper  3 ")
    assert "red already holds Reaper 3" in refusal.message
    geohunt.refused("gain-augment", "Acquiring Augments", board="red", kind="class", name="Kinetic battery")
    geohunt.do("gain-augment", board="blue", kind="class", name="Reaper 3")  # blue's own Class deck holds its own card
