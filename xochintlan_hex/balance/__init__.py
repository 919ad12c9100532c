"""The statistics layer: studies played, kept on disk and read back, and what they say
about a game's balance, with intervals.

Above the games and beside the players (layer 3), below the pictures and the command
line. One idea a module:

* playing: :mod:`.simulate` (games for a study, in chunks, on any executor),
  :mod:`.tournament` (round robins and ladders), :mod:`.sequential` (studies that stop
  when their question is answered);
* a study on disk: :mod:`.study_spec` (what a study is), :mod:`.study_files` (its results
  file), :mod:`.study_lock` (one writer at a time), :mod:`.study_store` (the chunks kept
  while it runs), :mod:`.study_runner` (playing it), gathered in :mod:`.studies`; and
  :mod:`.results` (the rules every row of a results file keeps);
* statistics: :mod:`.intervals` (interval maths), :mod:`.grouping` (the ``by`` columns),
  :mod:`.seat_metrics`, :mod:`.card_metrics` and :mod:`.solo_metrics`, gathered in
  :mod:`.stats`;
* the report: :mod:`.report_rows` (its vocabulary as data), :mod:`.report` (the report of
  a study) and :mod:`.report_text` (its words, in the kit's language).

The older top-level modules (``xochintlan_hex.stats``, ``xochintlan_hex.studies`` ...)
re-export these names, so code written against them keeps working.
"""
