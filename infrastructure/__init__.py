"""Infrastructure used by the composition roots (the CLI and the server), outside the domain: opening stores
(SQLite files, PostgreSQL URLs and schemas, table creation under an advisory lock: :mod:`.store`), reading files
a game needs (:mod:`.files`), and the composition root that wires the application to its read models
(:mod:`.runtime`)."""
