"""Content packs (DESIGN.md § Words, content pack): the shipped pack holds only the rulebook's figures,
invalid packs are refused naming file, entry and field, users' packs add and override entries, and a
decision stores the figures it used (editing a pack never changes a replay)."""

import pytest

from domain.core.errors import BadInput
from domain.rulesets.nanolith.content import ContentError, catalogue, packs_from_data, packs_from_files, slug

from .conftest import Table


def test_the_shipped_pack_gives_the_rulebooks_figures_and_leaves_the_rest_unknown():
    cat = catalogue()
    droid = cat.get("enemies", "Security Droid")
    assert droid["defense"]["close-combat"] == {"value": 5, "armor": 0}  # § Cora – Mindhack
    assert droid["life"] is None and droid["program"] == "laser"
    assert cat.get("hacking_profiles", "door")["defense"] == 5 and cat.get("hacking_profiles", "door")["force_success"] == 2
    assert cat.get("enemies", "spawn")["defense"]["ranged"] == {"value": 6, "armor": 1}  # § Armor


def test_skill_names_have_aliases():
    """§ Skill Cards prints "Go get Them!" for "Go get 'em!"."""
    cat = catalogue()
    assert cat.find("skills", "Go get Them!")[0] == cat.find("skills", "go get 'em!")[0] == "go-get-em"
    assert slug("Nano-Heal Lv. 1") == "nano-heal-lv-1"


@pytest.mark.parametrize("text, entry, field", [
    ("pack: p\nversion: 1\nenemies:\n  grub:\n    name: Grub\n    life: many\n", "enemies.grub", "life"),
    ("pack: p\nversion: 1\nenemies:\n  grub:\n    name: Grub\n    defense:\n      ranged: {value: 11}\n", "enemies.grub", "defense.ranged.value.value"),
    ("pack: p\nversion: 1\nskills:\n  zap:\n    name: Zap\n    character: dora\n", "skills.zap", "character"),
    ("pack: p\nversion: 1\nskills:\n  zap:\n    character: cora\n", "skills.zap", "name"),
    ("pack: p\nversion: 1\nitems:\n  stim:\n    name: Stim\n    colour: red\n", "items.stim", "colour"),
    ("pack: p\nversion: 0\n", "", "version"),
    ("pack: p\nversion: 1\nmonsters: {}\n", "monsters", ""),
])
def test_invalid_packs_are_refused_naming_file_entry_and_field(tmp_path, text, entry, field):
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as info:
        packs_from_files([(str(path), path.read_bytes())])
    err = info.value
    assert (err.file, err.entry) == (str(path), entry)
    assert err.field.startswith(field.split(".value.value")[0])
    assert str(path) in err.message and isinstance(err, BadInput)


def test_a_users_pack_overrides_fields_and_adds_entries(tmp_path, monkeypatch):
    (tmp_path / "ours.yaml").write_text("pack: ours\nversion: 3\nenemies:\n  bio-mutant:\n    life: 3\n"
                                        "  grub:\n    name: Grub\n    life: 2\n")
    given = packs_from_files([("ours.yaml", (tmp_path / "ours.yaml").read_bytes())])
    assert packs_from_data(given)[0].to_data() == given[0]  # a campaign's setup data validates to itself
    cat = catalogue(packs_from_data(given))
    assert cat.get("enemies", "bio-mutant")["life"] == 3
    assert cat.get("enemies", "bio-mutant")["defense"]["nanoshock"]["value"] == 4  # kept from the shipped pack
    assert cat.get("enemies", "grub")["life"] == 2
    assert [p["pack"] for p in cat.summary()] == ["nanolith-core", "ours"]


def test_a_campaign_records_its_packs_and_decisions_keep_their_figures(tmp_path):
    t = Table({"content": packs_from_files([("ours.yaml", b"pack: ours\nversion: 1\nenemies:\n  bio-mutant:\n    life: 3\n")])})
    t.do("start-encounter", name="Ours")
    assert [p["pack"] for p in t.board()["content_packs"]] == ["nanolith-core", "ours"]
    events = t.do("place-enemy", enemy_type="bio-mutant", standee=1)
    assert events[0].life == 3 and events[0].figures["defense"]["nanoshock"]["value"] == 4


def test_decisions_read_no_environment_and_no_files(monkeypatch, tmp_path):
    """Content packs are resolved at the edge (issue 11, item 5): QUESTLOG_CONTENT set after a campaign was
    created changes nothing its rules decide."""
    (tmp_path / "late.yaml").write_text("pack: late\nversion: 1\nenemies:\n  bio-mutant:\n    life: 9\n")
    t = Table()
    monkeypatch.setenv("QUESTLOG_CONTENT", str(tmp_path))
    t.do("start-encounter", name="Plain")
    assert t.do("place-enemy", enemy_type="bio-mutant", standee=1, life=2)[0].life == 2
    assert [p["pack"] for p in t.board()["content_packs"]] == ["nanolith-core"]


def test_a_setup_path_is_refused_by_the_ruleset_it_must_be_read_at_the_edge():
    with pytest.raises(ContentError, match="content packs are given loaded"):
        packs_from_data("/etc/passwd")
    with pytest.raises(ContentError, match="a loaded pack is"):
        packs_from_data([{"pack": "x", "version": 1}])


def test_check_content_is_a_query_over_packs_read_at_the_edge():
    """check-content stores nothing (issue 19, item 2) and reads no file: the edge gives it loaded packs."""
    t = Table()
    query = t.ruleset.queries["check-content"]
    with pytest.raises(ContentError) as info:
        packs_from_files([("bad.yaml", b"pack: bad\nversion: 1\nprograms:\n  laser:\n    name: Laser\n    hacking: {defense: nine}\n")])
    assert info.value.entry == "programs.laser" and info.value.field.startswith("hacking.defense")
    answer = query.run(t.state, query.load({}))
    assert [p["pack"] for p in answer["packs"]] == ["nanolith-core"] and answer["entries"]["programs"] == 1
    ours = packs_from_files([("ours.yaml", b"pack: ours\nversion: 1\nenemies:\n  bio-mutant:\n    life: 3\n")])
    answer = query.run(t.state, query.load({"content": ours}))
    assert [p["pack"] for p in answer["packs"]] == ["nanolith-core", "ours"] and answer["packs"][1]["entries"]["enemies"] == 1
    with pytest.raises(ContentError, match="content packs are given loaded"):
        query.run(t.state, query.load({"content": "/etc/passwd"}))
    with pytest.raises(BadInput, match="check-content is a check that stores nothing, not an action"):
        t.do("check-content")


def test_the_content_view_lists_unknown_figures():
    t = Table()
    view = t.ruleset.views["content"](t.state)
    assert view["packs"][0]["pack"] == "nanolith-core"
    assert "life" in view["entries"]["enemies"]["security-droid"]["unknown"]
