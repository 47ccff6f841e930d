"""Unit tests of the custom schemathesis check (run by tests/api/openapi.rs
with the virtualenv's Python): it lets schema-valid requests be refused for
semantic reasons only, confirmed against what was sent."""

import importlib.util
import json
import pathlib
import unittest
from types import SimpleNamespace

spec = importlib.util.spec_from_file_location("hooks", pathlib.Path(__file__).with_name("hooks.py"))
hooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hooks)
check = hooks.valid_data_refused_only_for_meaning


def case(positive=True, query=None, body=None, path_parameters=None):
    mode = SimpleNamespace(is_positive=positive)
    return SimpleNamespace(
        meta=SimpleNamespace(generation=SimpleNamespace(mode=mode)), query=query, body=body,
        path_parameters=path_parameters or {},
    )


def text(status, words, url):
    """A refusal of worldtimeapi's or timeapi.io's routes: the reason as text."""
    return SimpleNamespace(status_code=status, text=words, headers={"content-type": ["text/plain; charset=utf-8"]},
                           request=SimpleNamespace(body=b"", url=url))


def response(status, error, param=None, sent=b"", url="http://127.0.0.1/api/timestamp/convert"):
    envelope = {"code": 40000, "message": "m", "data": {"error": error, "param": param}}
    return SimpleNamespace(status_code=status, json=lambda: envelope, request=SimpleNamespace(body=sent, url=url))


class Refusals(unittest.TestCase):
    def passes(self, case_, response_):
        self.assertIsNone(check(None, response_, case_))

    def fails(self, case_, response_):
        with self.assertRaises(AssertionError):
            check(None, response_, case_)

    def test_a_lookup_takes_one_place(self):
        lookup = "http://127.0.0.1/api/timezones/lookup"
        self.passes(case(query={}), response(400, "invalid_place", "lat", url=lookup))
        self.passes(case(query={"lat": 1, "city": "x"}), response(400, "invalid_place", "lat", url=lookup))
        self.passes(case(query={"lat": 1}), response(400, "invalid_place", "lon", url=lookup))
        self.passes(case(query={"city": "Atlantis"}), response(400, "invalid_place", "city", url=lookup))
        self.fails(case(query={"city": "Paris"}), response(400, "invalid_place", "ip", url=lookup))

    def test_the_other_apis_refuse_in_text_naming_what_was_sent(self):
        zone = "http://127.0.0.1/api/Time/current/zone"
        self.passes(case(query={"timeZone": "x"}), text(400, 'Invalid timeZone: "x" is not an IANA time zone', zone))
        day = "http://127.0.0.1/api/Conversion/DayOfTheWeek/x"
        self.passes(case(path_parameters={"date": "x"}), text(400, "the date must be yyyy-MM-dd", day))
        self.fails(case(query={"timeZone": "UTC"}), text(400, "something else", zone))
        self.fails(case(query={"timeZone": "UTC"}), text(400, "timeSpan must be d:hh:mm:ss", zone))

    def test_a_timestamp_that_means_nothing_may_be_refused(self):
        self.passes(case(query={"timestamp": "2023-02-30"}), response(400, "invalid_timestamp", "timestamp"))
        self.passes(case(body={"timestamp": 10**30}), response(400, "out_of_range", "timestamp"))
        self.passes(case(query={"at": "x"}), response(400, "invalid_timestamp", "at"))

    def test_a_refusal_must_name_what_was_sent(self):
        self.fails(case(query={"timestamps": ["1"]}), response(400, "invalid_timestamp", "timestamp"))

    def test_what_the_document_states_may_not_be_refused(self):
        sent = {"timestamp": "1700000000", "format": "iso", "precision": "s", "timezone": "UTC"}
        for error, param in [
            ("invalid_format", "format"),
            ("invalid_precision", "precision"),
            ("unknown_timezone", "timezone"),
            ("unknown_parameter", "x"),
            ("bad_request", None),
        ]:
            with self.subTest(error=error):
                self.fails(case(body=sent), response(400, error, param))

    def test_a_name_of_the_other_answer_of_convert_and_format(self):
        format_url = "http://127.0.0.1/api/timestamp/format"
        self.passes(case(query={"timestamp": "1", "fields": "iso,preview"}), response(400, "bad_request", "fields"))
        self.passes(case(query={"timestamp": "1", "fields": "zone"}), response(400, "bad_request", "fields", url=format_url))
        self.fails(case(query={"timestamp": "1", "fields": "iso,zone"}), response(400, "bad_request", "fields"))
        self.fails(case(query={"timestamp": "1", "fields": "preview"}), response(400, "bad_request", "fields", url=format_url))

    def test_rules_joining_two_parameters(self):
        self.passes(case(query={"timestamp": "1", "format": "iso", "pattern": "%Y"}), response(400, "invalid_pattern", "pattern"))
        self.passes(case(query={"timestamp": "1", "format": "custom"}), response(400, "invalid_pattern", "format"))
        self.fails(case(query={"timestamp": "1", "format": "iso"}), response(400, "invalid_pattern", "format"))
        self.passes(case(query={"timestamp": "1", "format": "iso", "style": "R"}), response(400, "invalid_style", "style"))
        self.fails(case(query={"timestamp": "1", "format": "discord", "style": "R"}), response(400, "invalid_style", "style"))
        self.passes(case(query={"timezone": "UTC", "timestamps": []}), response(400, "missing_parameter", "timestamp"))
        self.fails(case(query={"timestamp": "1"}), response(400, "missing_parameter", "timestamp"))
        self.passes(case(query={"timestamp": "1", "timestamps": ["2"]}), response(400, "batch_too_large", "timestamps"))
        # `to` on the wrong side of `from` for the direction.
        self.passes(case(query={"to": "2000-01-01"}), response(400, "bad_request", "to"))
        self.fails(case(query={"from": "2000-01-01"}), response(400, "bad_request", "to"))
        # A value the named epoch system cannot hold; an unknown epoch is stated by the document.
        self.passes(case(query={"timestamp": "60", "epoch": "excel"}), response(400, "invalid_epoch", "timestamp"))
        self.fails(case(query={"timestamp": "60"}), response(400, "invalid_epoch", "timestamp"))
        self.passes(case(body={"from": "2024-01-01", "to": "1", "epoch": "discord"}), response(400, "invalid_epoch", "from"))
        self.fails(case(query={"timestamp": "1", "epoch": "x"}), response(400, "invalid_epoch", "epoch"))

    def test_an_instant_the_format_cannot_hold(self):
        # GPS time starts in 1980: a FILETIME count of 1700000000 is in 1601.
        query = {"timestamp": "1700000000", "epoch": "filetime", "format": "gps", "unit": "day"}
        self.passes(case(query=query), response(400, "out_of_range", "format"))
        self.fails(case(query={"timestamp": "1"}), response(400, "out_of_range", "format"))

    def test_a_locale_no_cldr_data_serves(self):
        self.passes(case(query={"timestamp": "1", "locale": "tlh"}), response(400, "invalid_locale", "locale"))
        self.fails(case(query={"timestamp": "1"}), response(400, "invalid_locale", "locale"))

    def test_arithmetic_refusals_for_meaning_only(self):
        # A duration jiff cannot read, a sum past year 9999, a gap with reject.
        self.passes(case(query={"timestamp": "1", "duration": "P1Y1Y"}), response(400, "invalid_duration", "duration"))
        self.passes(case(body={"timestamp": "9999-06-01", "duration": "P1Y"}), response(400, "out_of_range", "duration"))
        self.passes(case(body={"timestamp": "1", "duration": "P1D"}), response(400, "ambiguous_local_time", "duration"))
        self.passes(case(body={"timestamp": "9999-12-01", "unit": "year"}), response(400, "out_of_range", "unit"))
        # An increment that does not divide the unit above; units out of order.
        self.passes(case(query={"timestamp": "1", "unit": "minute", "increment": 7}), response(400, "invalid_unit", "increment"))
        self.passes(case(body={"from": 1, "to": 2, "largest_unit": "seconds", "smallest_unit": "hours"}), response(400, "invalid_unit", "largest_unit"))
        self.passes(case(body={"from": 1, "to": 2, "rounding_increment": 7, "smallest_unit": "minutes"}), response(400, "invalid_unit", "rounding_increment"))
        # The unit and mode are enums of the document.
        self.fails(case(query={"timestamp": "1", "unit": "hour"}), response(400, "invalid_unit", "unit"))
        self.fails(case(query={"timestamp": "1", "unit": "hour", "mode": "floor"}), response(400, "invalid_unit", "mode"))
        self.fails(case(query={"timestamp": "1", "unit": "hour"}), response(400, "invalid_unit", "increment"))
        # from and to, or pairs: one of the two, not both.
        self.passes(case(query={"from": "1"}), response(400, "missing_parameter", "to"))
        self.fails(case(query={"from": "1", "to": "2"}), response(400, "missing_parameter", "to"))
        self.fails(case(query={"from": "1", "pairs": ['{"from":1,"to":2}']}), response(400, "missing_parameter", "to"))
        self.passes(case(query={"from": "1", "pairs": ['{"from":1,"to":2}']}), response(400, "batch_too_large", "pairs"))
        self.fails(case(query={"pairs": ['{"from":1,"to":2}']}), response(400, "batch_too_large", "pairs"))

    def test_413_only_over_the_body_limit(self):
        big = json.dumps({"timestamps": ["x" * 256] * 1000}).encode()
        self.passes(case(body={}), response(413, "payload_too_large", sent=big))
        self.fails(case(body={}), response(413, "payload_too_large", sent=b"{}"))

    def test_414_and_431_only_over_hyper_uri_limit(self):
        long_url = "http://127.0.0.1/api/timestamp/convert?" + "timestamps=1700000000&" * 3000
        for status in (414, 431):
            with self.subTest(status=status):
                self.passes(case(query={}), response(status, None, url=long_url))
                self.fails(case(query={}), response(status, None))

    def test_negative_data_and_success_are_left_to_other_checks(self):
        self.passes(case(positive=False, body={}), response(400, "bad_request"))
        self.passes(case(body={}), response(200, None))


def mutation(parameter, operator="negate_constraints", original=None, location="query"):
    return SimpleNamespace(parameter_location=location, parameter=parameter, operator=operator, original_value=original)


def negative(query, *mutations):
    mode = SimpleNamespace(is_positive=False, is_negative=True)
    meta = SimpleNamespace(generation=SimpleNamespace(mode=mode), phase=SimpleNamespace(data=SimpleNamespace(mutations=mutations)))
    return SimpleNamespace(meta=meta, query=query, body=None)


class NegativeCasesValidOnTheWire(unittest.TestCase):
    def test_a_scalar_for_an_array_and_an_empty_list_are_dropped_together(self):
        # Found by the fixed seed: `timestamps=0` is a batch of one, and
        # `timezone=[]` sends nothing.
        sent = negative(
            {"timestamps": 0, "timezone": []},
            mutation("timestamps", "change_type", "array"),
            mutation("timezone"),
        )
        self.assertFalse(hooks.filter_case(None, sent))

    def test_a_list_of_lists_that_send_nothing_is_dropped(self):
        # Found by a run: `timezone=[[]]` beside `input_format` as a string
        # put neither a `timezone` nor a list in the query string.
        for value in ([[]], [None], [[], [None]]):
            sent = negative(
                {"input_format": "x", "timezone": value},
                mutation("input_format", "change_type", "array"),
                mutation("timezone"),
            )
            self.assertFalse(hooks.filter_case(None, sent), value)
        kept = negative({"timezone": [[], "UTC"]}, mutation("timezone"))
        self.assertTrue(hooks.filter_case(None, kept))

    def test_a_mutation_that_reaches_the_server_is_kept(self):
        self.assertTrue(hooks.filter_case(None, negative({"timestamps": 0, "timezone": 5}, mutation("timestamps", "change_type", "array"), mutation("timezone"))))
        self.assertTrue(hooks.filter_case(None, negative({"timestamps": {"a": 1}}, mutation("timestamps", "change_type", "array"))))
        self.assertTrue(hooks.filter_case(None, negative({}, mutation(None))))
        self.assertTrue(hooks.filter_case(None, negative({"x": []}, mutation("x", location="body"))))

    def test_a_required_parameter_left_out_is_kept(self):
        sent = negative({"timestamps": 0, "timezone": []}, mutation("timestamps", "change_type", "array"), mutation("timezone"))
        required = SimpleNamespace(is_required=True)
        sent.operation = SimpleNamespace(get_parameter_set=lambda location: {"timezone": required})
        self.assertTrue(hooks.filter_case(None, sent))

    def test_positive_cases_are_kept(self):
        positive = SimpleNamespace(meta=SimpleNamespace(generation=SimpleNamespace(mode=SimpleNamespace(is_negative=False))))
        self.assertTrue(hooks.filter_case(None, positive))


if __name__ == "__main__":
    unittest.main()
