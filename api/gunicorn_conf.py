"""gunicorn settings for the API: ``gunicorn -c python:api.gunicorn_conf 'api:create_app()'``.

Each worker builds its own app (one application per process). Threads wait on I/O (the store, a client): 40 a worker
is cheap, and lets up to 32 live-update streams a worker stay open beside ordinary requests. Override with the usual ``GUNICORN_CMD_ARGS``
or the variables below.
"""

import os

bind = os.environ.get("QUESTLOG_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("QUESTLOG_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("QUESTLOG_THREADS", "40"))
# a live-update stream (GET /campaigns/ID/events) holds one thread while it is open: each worker keeps 8 threads for
# every other request and refuses more streams with 503 too_many_streams (the page then polls); see bench/bench_push.py
os.environ.setdefault("QUESTLOG_STREAMS", str(max(1, threads - 8)))
timeout = 30  # a worker silent this long is restarted
graceful_timeout = 20
keepalive = 5
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
max_requests = 2000  # recycle workers now and then
max_requests_jitter = 200
preload_app = False  # each worker opens its own store connections
