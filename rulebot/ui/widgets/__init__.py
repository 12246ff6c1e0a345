"""One module per tab of the app: :mod:`.ask`, :mod:`.browse`, :mod:`.penalties`, :mod:`.signals`,
:mod:`.quiz`."""
