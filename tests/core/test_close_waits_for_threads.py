"""The application's close lets the threads that use the store end first (a live watcher inside a query when
SQLite's connection closed under it crashed a test worker with a segmentation fault)."""

import threading
import time

from infrastructure.runtime import open_questlog


def test_close_waits_for_the_live_watcher_and_the_background_runner_before_closing_the_store(tmp_path):
    from api.stream import watcher_for

    app = open_questlog(str(tmp_path / "s.sqlite"), read_models="background")
    cid = app.create_campaign("toy", "Closing")
    watcher = watcher_for(app)
    sub = watcher.subscribe(cid)
    deadline = time.monotonic() + 10
    while watcher.polls < 3 and time.monotonic() < deadline:  # the watcher is polling the store
        time.sleep(0.01)
    assert watcher.polls >= 3
    threads = list(app.background)
    assert {t.name for t in threads} == {"questlog-read-models", "questlog-head-watch"}
    app.close()
    assert [t.is_alive() for t in threads] == [False, False]
    assert app.closing.is_set()
    sub.close()


def test_close_from_a_registered_thread_does_not_wait_for_itself(tmp_path):
    app = open_questlog(str(tmp_path / "s.sqlite"))
    done = threading.Event()

    def work() -> None:
        app.close()
        done.set()

    thread = threading.Thread(target=work)
    app.background.append(thread)
    thread.start()
    thread.join(10)
    assert done.is_set()
