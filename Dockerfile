# The production image: gunicorn with the production configuration, as a non-root user.
#   docker build -t cribbage-service .
#   docker compose -f deploy/compose.yaml up --build      (then http://127.0.0.1:8080/docs)
# gunicorn's sync workers must never face clients: the image binds gunicorn to the container's
# loopback and exposes no port, so only a proxy sharing its network namespace (the nginx sidecar of
# deploy/compose.yaml and deploy/kubernetes) reaches it. Overriding GUNICORN_BIND opens it on
# purpose, and gunicorn then logs a warning unless CRIBBAGE_BEHIND_PROXY says a proxy is in front.
# See docs/image.md (how it is built, tested, and run without Docker). The state key is a secret:
# pass it at run time, never bake it in.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
WORKDIR /build
COPY pyproject.toml constraints.txt ./
# The runtime dependencies named in pyproject.toml, at the versions pinned in constraints.txt, into a
# venv without pip or setuptools (the base image's pip installs into it): the service needs neither.
# Wheels only, so nothing is ever compiled and no compiler is needed. The service itself is not
# installed: it runs from its source in /app (see below). The venv's activate scripts and its empty
# include directory are for a shell and for building extensions; the image needs neither.
RUN python -m venv --without-pip /venv \
 && python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
      > requirements.txt \
 && python -m pip --python /venv/bin/python install --only-binary=:all: -c constraints.txt -r requirements.txt \
 && rm -rf /venv/bin/activate* /venv/bin/Activate.ps1 /venv/include
COPY openapi.yaml /app/
COPY service /app/service
# Bytecode made here, because the running image cannot write it (read-only root, PYTHONDONTWRITEBYTECODE):
# without it every start compiles the service anew. Hash-based and unchecked, so it stays valid whatever
# times COPY or a builder that normalises them gives the files; the sources never change inside an image.
# The same for the venv (-f: pip compiled it against the files' times).
RUN python -m compileall -q -f --invalidation-mode unchecked-hash /venv/lib /app/service

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PATH=/venv/bin:$PATH \
    GUNICORN_BIND=127.0.0.1:8000
# A fixed uid and gid, 10001, so `USER` and a Kubernetes runAsUser/runAsGroup name the same account.
# No home, no login shell, no lastlog entry (which would be a large sparse file for a high uid).
RUN groupadd --gid 10001 cribbage \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
      --no-log-init cribbage
COPY --from=build /venv /venv
# Owned by root and read-only for the service user. The contract (openapi.yaml) is read at start.
COPY --from=build /app /app
WORKDIR /app
USER 10001:10001
# No EXPOSE: gunicorn's port is for the proxy beside it, never for clients.
# The slim image has no curl: a liveness probe in Python.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('GUNICORN_BIND', ':8000').rsplit(':', 1)[1]; sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2).status == 200 else 1)"]
CMD ["gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"]
