"""JUnit XML: one ``testcase`` per test; a wrong answer is a ``failure``, a crash,
timeout or memory exhaustion an ``error``, a grader fault an ``error`` typed
``sandbox_error``. Every string passes :func:`grader.grading.sinks.for_xml`: a submission that
prints colours still gives a well-formed document."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from grader.grading.report import Report, TestResult
from grader.grading.sinks import for_xml
from grader.reports.feedback import feedback_lines, points


def _element(tag: str, attrib: dict[str, str], parent: ET.Element | None = None) -> ET.Element:
    clean = {k: for_xml(v) for k, v in attrib.items()}
    return ET.Element(tag, clean) if parent is None else ET.SubElement(parent, tag, clean)


def junit_element(report: Report) -> ET.Element:
    """The ``testsuites`` element of a report."""
    failures = sum(1 for t in report.tests if t.status == "failed")
    errors = sum(1 for t in report.tests if t.status not in ("passed", "failed"))
    counts = {
        "tests": str(len(report.tests)),
        "failures": str(failures),
        "errors": str(errors),
        "time": f"{report.time_s:.3f}",
    }
    root = _element("testsuites", {"name": f"grader {report.assignment}", **counts})
    suite = _element("testsuite", {"name": report.assignment, **counts}, root)
    props = _element("properties", {}, suite)
    for name, value in (
        ("submission", report.submission),
        ("score", points(report.score)),
        ("max_score", points(report.max_score)),
        ("grader_version", report.grader_version),
    ):
        _element("property", {"name": name, "value": value}, props)
    for test in report.tests:
        suite.append(_testcase(report.assignment, test))
    return root


def _testcase(suite: str, test: TestResult) -> ET.Element:
    case = _element(
        "testcase", {"name": test.name, "classname": suite, "time": f"{test.time_s:.3f}"}
    )
    if not test.passed:
        lines = feedback_lines(test)
        tag = "failure" if test.status == "failed" else "error"
        element = _element(
            tag,
            {
                "type": test.status,
                "message": (lines[0] if lines else test.status)
                + f" ({points(test.score)}/{points(test.max_score)} points)",
            },
            case,
        )
        element.text = for_xml("\n".join(lines))
    if test.output:
        _element("system-out", {}, case).text = for_xml(test.output)
    return case


def junit_xml(report: Report) -> str:
    """The JUnit XML document of a report, as text."""
    root = junit_element(report)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
