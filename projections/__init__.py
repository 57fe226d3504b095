"""Read models built from the event store, and the view registry."""
