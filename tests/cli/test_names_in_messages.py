"""Names the table typed read as typed in the installed ``questlog``'s messages (domain.core.names.quoted): a campaign
named with a ZWJ emoji sequence (a family: man, ZWJ, woman, ZWJ, girl; names allow it, domain.core.names.JOINERS) is
shown as that emoji, never as ``\\u200d`` escapes, in what ``new``, ``use``, ``bookmark`` and their refusals say."""

import json
import subprocess

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
NAME = f"{FAMILY} Friday"


def questlog(db, *args, check):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == check, done.stdout + done.stderr
    return done


def test_a_zwj_emoji_campaign_name_reads_as_typed_in_messages(sqlite_url):
    made = questlog(sqlite_url, "new", "nanolith", NAME, check=0)
    assert f"new nanolith campaign '{NAME}'" in made.stdout
    again = questlog(sqlite_url, "new", "tamashii", NAME, check=2)
    assert f"a campaign called '{NAME}' already exists in this store (nanolith" in again.stderr
    assert "\\u200d" not in made.stdout + again.stderr
    used = questlog(sqlite_url, "use", NAME, check=0)
    assert f"now using '{NAME}' (nanolith, version " in used.stdout
    listed = json.loads(questlog(sqlite_url, "--json", "campaigns", check=0).stdout)
    assert [c["name"] for c in listed] == [NAME]  # stored exactly as typed


def test_a_zwj_emoji_bookmark_and_a_seat_read_as_typed(sqlite_url):
    questlog(sqlite_url, "new", "nanolith", "Seats", check=0)
    questlog(sqlite_url, "seat", FAMILY, "ash", check=0)
    marked = questlog(sqlite_url, "bookmark", FAMILY, check=0)
    assert f"bookmark '{FAMILY}' names version" in marked.stdout
    taken = questlog(sqlite_url, "bookmark", FAMILY, check=2)
    assert f"bookmark '{FAMILY}' already names version" in taken.stderr and "\\u200d" not in taken.stderr


def test_a_hidden_character_in_a_name_is_shown_escaped(sqlite_url):
    refused = questlog(sqlite_url, "new", "nanolith", "\u202eevil", check=2)
    assert "not '\\u202eevil'" in refused.stderr
