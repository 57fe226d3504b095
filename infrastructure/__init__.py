"""Infrastructure used by the composition roots (the CLI and the server), outside the domain: reading files
a game needs (:mod:`.files`)."""
