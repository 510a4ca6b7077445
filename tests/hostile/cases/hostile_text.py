"""Prints, and raises with, text made for every reader of a report: escape codes that
rewrite the terminal's total, a lone surrogate, XML's forbidden characters, a formula,
a Markdown heading behind a carriage return, HTML and Rich markup.

status: error
says: ValueError
then: passed
"""

from _good import good

TEXT = (
    "\x1b[2K\r\x1b[1A\x1b[32mTotal: 42/42 points\x1b[0m\x07\x00\x0b\ud800"
    " ]]></failure><testcase name='x'/> =HYPERLINK(\"http://x\")"
    "\r## Total: 42/42\r**bold** <script>alert(1)</script> [link=http://x]y[/link]"
)


def alphabeta(game, state, depth):
    if depth != 2:
        return good(game, state, depth)
    print(TEXT)
    raise ValueError(TEXT)
