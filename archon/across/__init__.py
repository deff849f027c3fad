"""What spans events: archives of event files, their results as one table,
the rating and ranking, leagues."""
