"""A reference relay for two people on two devices: ``make relay`` (README.md in this directory).

The service keeps nothing; the relay keeps the latest state of each game, refuses a move made
on an older one, forwards moves to the service and tells every device watching a game that it
moved (Server-Sent Events). Each device then catches up with its own credential.
"""
