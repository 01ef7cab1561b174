"""The web layer: thin Flask views over ``tutor.engine`` and ``tutor.content``."""
