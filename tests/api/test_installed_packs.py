"""Over HTTP a client names a content pack the server's admin installed (QUESTLOG_CONTENT_DIR), never a path
(issue 11, item 5): a path is refused with 422 and stores nothing."""

OURS = "pack: ours\nversion: 1\nenemies:\n  bio-mutant:\n    life: 3\n"


def test_the_api_creates_a_campaign_with_an_installed_pack_and_refuses_a_path(live_sqlite, tmp_path, monkeypatch):
    installed = tmp_path / "installed"
    installed.mkdir()
    (installed / "ours.yaml").write_text(OURS)
    monkeypatch.setenv("QUESTLOG_CONTENT_DIR", str(installed))
    refused = live_sqlite.call("POST", "/campaigns", json={"game": "nanolith", "name": "Path", "setup": {"content": str(installed / "ours.yaml")}})
    assert refused.status_code == 422 and refused.json()["error"] == "invalid_input"
    assert [c["name"] for c in live_sqlite.call("GET", "/campaigns").json()] == []
    cid = live_sqlite.new_campaign("nanolith", "Installed", content="ours")
    view = live_sqlite.call("GET", f"/campaigns/{cid}/views/content").json()
    assert [p["pack"] for p in (view.get("data") or view)["packs"]] == ["nanolith-core", "ours"]


def test_check_content_over_http_reads_an_installed_pack_by_name_and_never_a_path(live_sqlite, tmp_path, monkeypatch):
    """GET /campaigns/{id}/queries/check-content?content=NAME: the one query mechanism, with the packs read at the edge."""
    installed = tmp_path / "installed"
    installed.mkdir()
    (installed / "ours.yaml").write_text(OURS)
    (tmp_path / "outside.yaml").write_text(OURS)
    monkeypatch.setenv("QUESTLOG_CONTENT_DIR", str(installed))
    cid = live_sqlite.new_campaign("nanolith", "Checks")
    before = live_sqlite.call("GET", f"/campaigns/{cid}").json()["version"]
    answer = live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content", params={"content": "ours"})
    assert answer.status_code == 200, answer.text
    packs = answer.json()["data"]["packs"]
    assert [p["pack"] for p in packs] == ["nanolith-core", "ours"] and packs[1]["entries"]["enemies"] == 1
    for bad in (str(tmp_path / "outside.yaml"), "../outside"):
        refused = live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content", params={"content": bad})
        assert refused.status_code == 422 and "name installed packs" in refused.json()["message"]
    assert live_sqlite.call("GET", f"/campaigns/{cid}").json()["version"] == before


def test_a_symlink_out_of_the_content_dir_is_not_a_pack_and_errors_name_packs_never_paths(live_sqlite, tmp_path, monkeypatch):
    """Issue 28, items 9-10: a link in QUESTLOG_CONTENT_DIR pointing outside it is not installed; a broken pack's error
    names the pack, not the server's path; a list of packs is capped and each named once."""
    installed = tmp_path / "installed"
    installed.mkdir()
    secret = tmp_path / "secret.yaml"
    secret.write_text(OURS.replace("ours", "secret"))
    (installed / "leak.yaml").symlink_to(secret)
    (installed / "inner.yaml").write_text(OURS)
    (installed / "alias.yaml").symlink_to(installed / "inner.yaml")  # a link that stays inside is fine
    (installed / "broken.yaml").write_text("pack: broken\nversion: 1\nenemies: [not, a, mapping]\n")
    monkeypatch.setenv("QUESTLOG_CONTENT_DIR", str(installed))
    cid = live_sqlite.new_campaign("nanolith", "Links")
    leak = live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content", params={"content": "leak"})
    assert leak.status_code == 422 and "no installed content pack 'leak'" in leak.json()["message"]
    assert "alias" in leak.json()["message"] and str(tmp_path) not in leak.text
    assert live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content", params={"content": "alias"}).status_code == 200
    broken = live_sqlite.call("GET", f"/campaigns/{cid}/queries/check-content", params={"content": "broken"})
    assert broken.status_code in (200, 422) and str(tmp_path) not in broken.text and "broken" in broken.text
    many = live_sqlite.call("POST", "/campaigns", json={"game": "nanolith", "name": "Many", "setup": {"content": ["inner"] * 200}})
    assert many.status_code == 422 and "at most 16 installed packs, each once" in many.json()["message"]
