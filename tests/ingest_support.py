"""Helpers for the ingest tests: run the CLI in-process, and write real PDFs with fpdf2."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data" / "ingest"


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``rulebot ARGV`` in this process: (exit status, stdout, stderr)."""
    from rulebot.cli import main

    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def write_pdf(path: Path, pages: list[str | None], footer: str | None = None) -> Path:
    """A real PDF: one page per entry, each text line a line of Helvetica 11 (wrapped when long);
    ``None`` makes a page with a drawn box and no text (as a scanned page has no text layer).
    ``footer`` (with ``{page}``) is printed at the foot of every page, as a running footer."""
    from fpdf import FPDF

    class Doc(FPDF):
        def footer(self):  # noqa: D401 - fpdf2 hook
            if footer:
                self.set_y(-12)
                self.set_font("Helvetica", size=8)
                self.cell(0, 6, footer.format(page=self.page_no()), align="C")

    pdf = Doc()
    pdf.set_auto_page_break(True, margin=18)
    for text in pages:
        pdf.add_page()
        if text is None:
            pdf.rect(20, 20, 170, 250, style="F")
            continue
        pdf.set_font("Helvetica", size=11)
        for line in text.split("\n"):
            if not line.strip():
                pdf.ln(4)
                continue
            pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path
