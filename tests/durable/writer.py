"""A separate writer process for the durability tests: records COUNT toy actions into one campaign.

Usage: python -m tests.durable.writer DB CAMPAIGN_ID COUNT TAG [DELAY]
Prints one line per outcome: ``ok VERSION`` or ``conflict`` (then retries the same action).
"""

import sys
import time

from infrastructure.runtime import open_questlog
from domain.core.errors import StaleVersion
from domain.core.ruleset import register
from tests.core.toy import Toy

register(Toy)


def main() -> None:
    db, cid, count, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    delay = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    app = open_questlog(db)
    for i in range(count):
        while True:
            version = app.get_campaign(cid).version
            try:
                result = app.record(cid, "adjust", {"path": "counters.alice", "value": i % 10, "reason": f"{tag}-{i}"},
                                    expected_version=version)
            except StaleVersion:
                print("conflict", flush=True)
                continue
            print("ok", result.version, flush=True)
            break
        time.sleep(delay)


if __name__ == "__main__":
    main()
