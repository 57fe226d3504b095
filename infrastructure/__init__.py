"""Infrastructure outside the domain: opening stores (SQLite files, PostgreSQL URLs and schemas, table creation
under an advisory lock) and the composition root that wires the application to its read models."""
