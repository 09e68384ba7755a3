"""Printouts a club posts: the event's heading on every page and sheet, pairing sheets, blank
scorecards and table cards (:mod:`.sheets`), the tables of an event file (:mod:`.event_tables`),
the elimination bracket as a picture (:mod:`.bracket`, an SVG inside the page), and the
playoff after an event's cut (:mod:`.playoff`).

The formats themselves (CSV, the printable page, content negotiation) are :mod:`..formats`'s;
these modules build what the pages and sheets hold, from the core's values.
"""
