"""The plumbing of the web layer: what every feature and component builds on, none of it a page.

* requests and responses: htmx helpers (:mod:`.htmx`), compression (:mod:`.compress`), security
  headers, sessions and CSRF (:mod:`.security`), error pages (:mod:`.errors`);
* the menu (:mod:`.nav`: ``add_section``) and the extension points (:mod:`.extensions`: the places
  where a feature's page shows what another contributes, such as the practice hands on the lesson
  pages), so that features meet here instead of importing each other;
* what a request knows of its visitor: preferences (:mod:`.preferences`), the learner of the request
  (:mod:`.learner`: read once per request from :mod:`tutor.store`, with its progress, and the request's
  answers appended to the learning log), the topics' names (:mod:`.topics`);
* small helpers: input readers (:mod:`.readers`), QR codes (:mod:`.qr`), the narration's words in
  templates (:mod:`.words`: ``call_name()``).

The languages are :mod:`tutor.i18n` (Flask-free) and :mod:`tutor.i18n.web` (the ``/<lang>/``
prefix, ``g.lang``, gettext in Jinja); the sentences are :mod:`tutor.narration`. Templates of this
layer are ``templates/base.html``, ``_nav_badge.html``, ``_languages.html``, ``errors/`` and ``shared/``.

The layers of ``tutor.web``, bottom up: ``shared`` (this package), then the components
(:mod:`tutor.web.components`: questions, table, cards), then the features (``core``, ``lessons``,
...). ``shared`` imports no component and no feature; a component imports no feature; no feature
imports another; a feature's templates use only the template globals of their own feature, of the
components and of ``shared`` (tests/test_architecture.py).
"""
