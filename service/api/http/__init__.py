"""The HTTP plumbing every operation shares, apart from the resources it serves.

* :mod:`.bodies`: reading a request body (media type, charset, size limit, chunking, JSON,
  nesting depth);
* :mod:`.numbers`: integers as the contract counts them (``1.0`` is one);
* :mod:`.jsonio`: JSON out with orjson;
* :mod:`.express`: the express lane, answering the hottest operations' ordinary requests
  without Flask's machinery;
* :mod:`.observability` and :mod:`.metrics`: request ids, the access log, Prometheus metrics;
* :mod:`.security` and :mod:`.cors`: the security headers, and cross-origin requests.
"""
