"""``rulebot`` (no command), ``rulebot app`` and ``rulebot serve``: the Textual app in the terminal or
in a browser.

Textual is imported only inside the functions that run the app, so ``rulebot ask`` and the other
commands never load it.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from rulebot.errors import NotFoundError, UsageError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``app`` and ``serve`` commands."""
    p = subparsers.add_parser("app", help="open the rules assistant in the terminal (also: rulebot with no command)",
                              description="Open the referee's rules assistant: Ask, Browse, Penalties, "
                              "Signals and Quiz tabs.")
    p.set_defaults(func=run_app)
    s = subparsers.add_parser("serve", help="serve the rules assistant in a web browser (textual-serve)",
                              description="Serve the app over HTTP with textual-serve; open the printed "
                              "address in a browser. Use --host 0.0.0.0 to reach it from a phone on the "
                              "same network.")
    s.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    s.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    s.add_argument("--public-url", help="the address browsers use to reach this machine "
                   "(default: http://HOST:PORT; with --host 0.0.0.0, this machine's network address)")
    s.set_defaults(func=run_serve)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is 1 to 65535")
    return value


def run_app(args: argparse.Namespace | None = None) -> int:
    """Run the app in this terminal until the user quits; returns 0."""
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise UsageError("the app needs a terminal; for scripts use `rulebot ask` (see rulebot --help)")
    from rulebot.ui.app import make_app

    make_app().run()
    return 0


def run_default(args: argparse.Namespace) -> int:
    """``rulebot`` with no command: open the app."""
    return run_app(args)


def serve_command() -> str:
    """The shell command textual-serve runs for each browser session (this Python, ``-m rulebot app``)."""
    return f"{shlex.quote(sys.executable)} -m rulebot app"


def default_public_url(host: str, port: int) -> str:
    """The URL the served page tells browsers to use.  Listening on every interface ("0.0.0.0", "::")
    means nothing to a phone, so use this machine's own network address (resolved locally, no traffic
    sent) and fall back to the host name."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        name = socket.gethostname()
        try:
            addr = socket.gethostbyname(name)
        except OSError:
            addr = name
        if addr.startswith("127."):
            addr = name
        host = addr
    return f"http://{host}:{port}"


def offline_templates() -> str:
    """A folder with textual-serve's page templates minus links to other hosts (its page loads a font
    from fonts.googleapis.com; rulebot works offline, the browser falls back to a local monospace
    font).  Written to the user cache folder; returns its path."""
    import re
    from pathlib import Path

    import textual_serve

    from rulebot.paths import user_cache_dir

    src = Path(textual_serve.__file__).parent / "templates"
    out = user_cache_dir() / "serve-templates"
    out.mkdir(parents=True, exist_ok=True)
    for page in src.glob("*.html"):
        html = re.sub(r"<link[^>]*href=\"https?://[^\"]*\"[^>]*/?>", "", page.read_text(encoding="utf-8"))
        target = out / page.name
        if not target.exists() or target.read_text(encoding="utf-8") != html:
            tmp = target.with_suffix(".tmp")
            tmp.write_text(html, encoding="utf-8")
            tmp.replace(target)
    return str(out)


def run_serve(args: argparse.Namespace) -> int:
    """Serve the app on ``args.host``:``args.port`` until interrupted; returns 0."""
    try:
        from textual_serve.server import Server
    except ModuleNotFoundError:
        raise NotFoundError("textual-serve is not installed (pip install textual-serve)") from None
    public_url = getattr(args, "public_url", None) or default_public_url(args.host, args.port)
    server = Server(serve_command(), host=args.host, port=args.port, title="rulebot", public_url=public_url,
                    templates_path=offline_templates())
    try:
        server.serve()
    except OSError as exc:
        raise UsageError(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return 0
