"""The WSGI entry point: ``gunicorn service.wsgi:app``."""

from .api.app import create_app

app = create_app()
