# The production image: gunicorn with the production configuration, as a non-root user.
#   docker build -t cribbage-service .
#   docker run --rm -p 8000:8000 -e CRIBBAGE_STATE_KEYS="$(cat state.key)" cribbage-service
# See "Deploying at scale" in README.md. The state key is a secret: pass it at run time, never bake it in.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY pyproject.toml constraints.txt ./
# The runtime dependencies named in pyproject.toml, at the versions pinned in constraints.txt.
# The service itself is not installed: it runs from its source in /app (see below).
RUN python -m venv /venv \
 && python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
      > requirements.txt \
 && /venv/bin/pip install -c constraints.txt -r requirements.txt

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PATH=/venv/bin:$PATH \
    GUNICORN_BIND=0.0.0.0:8000
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin cribbage
COPY --from=build /venv /venv
WORKDIR /app
# Owned by root and read-only for the service user. The contract (openapi.yaml) is read at start.
COPY openapi.yaml ./
COPY service ./service
USER 10001
EXPOSE 8000
# The slim image has no curl: a liveness probe in Python.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('GUNICORN_BIND', ':8000').rsplit(':', 1)[1]; sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2).status == 200 else 1)"]
CMD ["gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"]
