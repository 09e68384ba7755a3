"""The application factory: a thin HTTP layer over ``service.core``."""

from __future__ import annotations

import logging

from flask import Flask

from . import advice as advice_api
from . import boards as boards_api
from . import coach as coach_api
from . import director, events, formats, hands, meta, problems
from . import games as games_api
from . import pegging as pegging_api
from . import play as play_api
from . import ratings as ratings_api
from . import tournaments as tournaments_api
from .config import Config
from .http import express, jsonio, observability, security


def create_app(config: Config | None = None) -> Flask:
    """Build the app. ``config`` defaults to :meth:`Config.from_env`."""
    config = config or Config.from_env()
    app = Flask("service")
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.config["MAX_EVENT_CONTENT_LENGTH"] = config.max_event_body_bytes
    app.config["TESTING"] = config.testing
    app.extensions["cribbage.config"] = config
    app.extensions.setdefault("cribbage.ready", {})
    logging.getLogger("service").setLevel(config.log_level)
    observability.install_logging()  # before anything logs (the state key's warning does)
    jsonio.install(app)
    problems.install(app)
    app.register_blueprint(meta.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(pegging_api.bp)
    app.register_blueprint(advice_api.bp)
    app.register_blueprint(boards_api.bp)
    app.register_blueprint(tournaments_api.bp)
    app.register_blueprint(director.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(ratings_api.bp)
    app.register_blueprint(games_api.bp)
    app.register_blueprint(coach_api.bp)
    app.register_blueprint(play_api.bp)
    express.install(app, config)
    observability.install(app, config)
    formats.install_json_only(app)
    meta.install_docs(app)
    security.install(app)
    return app
