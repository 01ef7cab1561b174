"""htmx support: request detection (htmx-flask) and page-or-block rendering.

One template serves both the page and its swappable regions: a view calls
``render_page_or_block("deck.html", "deck", ...)`` and gets the whole page for a normal request,
a boosted navigation or a history restore, and only the named ``{% block %}`` for other htmx
requests. htmx-flask's ``make_response(reswap=...)`` rejects some valid values; set the
``HX-Reswap`` header by hand when needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Flask, current_app, make_response, render_template, request
from flask.wrappers import Response
from htmx_flask import Htmx

htmx = Htmx()


def wants_fragment() -> bool:
    """True for an htmx request that swaps a region (not a boosted page load or a history restore)."""
    hx = getattr(request, "htmx", None)
    return hx is not None and bool(hx) and not hx.boosted and not hx.history_restore_request


def render_block(template_name: str, block: str, **context: Any) -> str:
    """Render one ``{% block %}`` of a template, with the same context a full render would get.

    The template's top level runs first (``extends``, ``import``, ``set``), stopping at its first
    output, so blocks may use macros imported at the top of a page and ``super()``.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    template = app.jinja_env.get_or_select_template(template_name)
    app.update_template_context(context)
    ctx = template.new_context(context)
    top_level = template.root_render_func(ctx)
    try:
        next(top_level, None)
    finally:
        top_level.close()
    try:
        block_render = ctx.blocks[block][0]
    except (KeyError, IndexError):
        raise LookupError(f"template {template_name!r} has no block {block!r}") from None
    return app.jinja_env.concat(block_render(ctx))  # type: ignore[attr-defined]


def render_page_or_block(
    template: str,
    block: str,
    status: int = 200,
    /,
    *,
    oob_blocks: Sequence[str] = (),
    fragment: bool | None = None,
    **context: Any,
) -> Response:
    """The whole page, or only ``block`` when the request is an htmx swap (see ``wants_fragment``),
    then each of ``oob_blocks`` rendered with ``oob=True`` (for ``hx-swap-oob`` on its element).

    ``fragment`` decides instead of ``wants_fragment()``, for a page that swaps a block only on some
    requests (an answer, not the page that asks the question). ``template``, ``block`` and ``status``
    are positional, so that the context may have a ``status`` of its own (a lesson's progress).
    """
    if fragment is None:
        fragment = wants_fragment()
    if fragment:
        body = render_block(template, block, **context)
        body += "".join(render_block(template, name, **{**context, "oob": True}) for name in oob_blocks)
        if request.method == "GET":  # the swap may push this URL: keep the language links on it
            body += render_template("_languages.html", oob=True)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response


def init_app(app: Flask) -> None:
    """Give requests their ``request.htmx`` attribute."""
    htmx.init_app(app)
