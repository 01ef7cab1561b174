"""Response compression (Flask-Compress: brotli, else gzip) for pages and static files.

Static files are small (the largest is htmx at 52 KB), so they are read into memory before
compression: Flask-Compress's streaming path would otherwise leave the file handle open.
"""

from __future__ import annotations

from flask import Flask, request
from flask.wrappers import Response
from flask_compress import Compress

compress = Compress()


def buffer_static_file(response: Response) -> Response:
    """Turn a streamed static file into an in-memory body, closing the file."""
    if request.endpoint == "static" and response.status_code == 200 and response.is_streamed:
        try:
            data = b"".join(response.response)  # type: ignore[arg-type]
        finally:
            close = getattr(response.response, "close", None)
            if close is not None:
                close()
        response.direct_passthrough = False
        response.set_data(data)
    return response


def init_app(app: Flask) -> None:
    """Compress responses; the static hook is registered last so it runs before compression."""
    compress.init_app(app)
    app.after_request(buffer_static_file)
