"""Schemathesis hooks for tsconv, loaded by schemathesis.toml.

`positive_data_acceptance` expects every schema-valid request to succeed. For
convert, validate, format, add, round, diff and the zone list, schemathesis.toml also lets it
take 400, 413, 414 and 431, because the validity of a timestamp is semantic,
some rules join parameters in ways a query string's parameters cannot state,
and 1000 long items overflow the body or URI limits. This check takes that
allowance back for every other reason: a schema-valid request may be refused
only for one of the reasons below, each confirmed against what was sent. A
refusal for anything the document can state (an enum value, a parameter
name, a JSON type, a zone name) fails the run.

`filter_case` drops the negative cases that are valid once sent (see
`vanishes_on_the_wire`).
"""

import re

import schemathesis

BODY_LIMIT = 64 * 1024
URI_LIMIT = 65534  # hyper's, answered 414 before any handler runs

# `data.error` values whose cause no JSON Schema can state, with the
# parameter they must name.
MEANING = {
    "invalid_timestamp": {"timestamp", "at", "from", "to"},  # "2023-02-30", "yesterday", control characters
    # Beyond years -9999..9999, which depends on `precision`; for add, a sum
    # beyond them or a day the month lacks with overflow=reject; for round, a
    # period that ends beyond them; an instant the epoch system or ID named
    # by `format` cannot hold (GPS before 1980, a UUID v1 before 1582).
    "out_of_range": {"timestamp", "at", "from", "to", "duration", "unit", "format"},
    # A DST gap or fold with disambiguation=reject, read or reached by add.
    "ambiguous_local_time": {"timestamp", "at", "duration"},
    # A duration's grammar (ISO 8601 or the friendly form, with jiff's limits
    # on each unit) is more than a JSON Schema pattern can say.
    "invalid_duration": {"duration"},
    # An increment must divide the next larger unit, which depends on the
    # unit; largest_unit must not be smaller than smallest_unit, and a
    # difference must fit in it (292 years of nanoseconds).
    "invalid_unit": {"increment", "rounding_increment", "largest_unit"},
    # `locale` is a free BCP 47 tag: whether CLDR serves it is data, not schema.
    "invalid_locale": {"locale"},
    # A cron expression, a systemd calendar event or an RRULE is a grammar
    # (and one that never fires is refused), not a pattern; gap=shift goes
    # with an RRULE only.
    "invalid_schedule": {"schedule"},
}


# worldtimeapi.org's and timeapi.io's routes: their refusals are theirs (a
# 400 with the reason as text), each naming the parameter at fault.
OTHER_APIS = re.compile(r"/api/(timezone|ip|Time|TimeZone|Conversion|Calculation)(/|$)")
OTHER_API_NAMES = ("timeZone", "fromTimeZone", "toTimeZone", "dateTime", "timeSpan", "dstAmbiguity",
                   "ipAddress", "latitude", "longitude", "date")

# The places of a lookup: exactly one is given (a point is lat and lon).
PLACES = ("lat", "lon", "country", "city", "ip")

# The top-level fields of one of convert's and format's answers only.
CONVERT_ONLY = {"precision_detected", "rfc3339", "utc", "local", "units", "units_text", "zone", "input", "id"}
FORMAT_ONLY = {"format", "preview", "formats"}


def sent(case):
    """The parameters the request carried, from its query string or body."""
    params = dict(case.query or {})
    if isinstance(case.body, dict):
        params.update(case.body)
    return params


def is_present(params, name):
    """Whether `name` reached the server: an empty list sends nothing."""
    return params.get(name) not in (None, [])


def names_another_format(params, own):
    """`format` was sent and is not the one that `own` belongs to."""
    value = params.get("format")
    return isinstance(value, str) and value.lower() != own


@schemathesis.check
def valid_data_refused_only_for_meaning(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if response.status_code not in (400, 413, 414, 431):
        return None
    if response.status_code in (414, 431):
        # 1000 batch items in a query string can be longer than hyper reads:
        # 414 once the URI is read, 431 if it overflows the 96 KiB request
        # head first. A URI within hyper's limit fits the head with room for
        # ordinary headers.
        length = len(response.request.url)
        assert length > URI_LIMIT, f"{response.status_code} for a URI of {length} bytes, within hyper's {URI_LIMIT}"
        return None
    params = sent(case)
    path = response.request.url.split("?")[0]
    if OTHER_APIS.search(path) and response.status_code == 400:
        # Text naming a parameter that was sent (or the path's date).
        assert response.headers.get("content-type", [""])[0].startswith("text/plain"), response.headers
        named = [name for name in OTHER_API_NAMES if name in response.text]
        sent_names = set(params) | set(case.path_parameters or {})
        assert any(name in sent_names for name in named), f"{response.text!r} names nothing sent: {params!r}"
        return None
    envelope = response.json()
    data = envelope.get("data") or {}
    error, param = data.get("error"), data.get("param")

    if response.status_code == 413:
        size = len(response.request.body or b"")
        assert error == "payload_too_large" and size > BODY_LIMIT, (
            f"413 for a body of {size} bytes, within the {BODY_LIMIT}-byte limit: {envelope}"
        )
        return None
    if error in MEANING and param in MEANING[error] and is_present(params, param):
        return None
    if error == "invalid_place":
        given = [name for name in PLACES if is_present(params, name)]
        # None or two places at once, or half a point: rules joining
        # optional parameters; else the value of the one named (a city or
        # a country the data does not have, an address that is none).
        if not given or param in given or (param in ("lat", "lon") and {"lat", "lon"} & set(given)):
            return None
    if error == "bad_request" and param == "to" and is_present(params, "to"):
        # `to` on the wrong side of `from` (or of now) for the direction.
        return None
    if error == "invalid_epoch" and param in ("timestamp", "from", "to") and is_present(params, "epoch"):
        # A value the named epoch system cannot hold (Excel's 1900-02-29, a
        # negative GPS time, a Snowflake that is not a 64-bit integer): it
        # depends on the value and the system together.
        return None
    if error == "invalid_pattern" and param == "pattern" and is_present(params, "pattern"):
        # An unknown strftime directive, or `pattern` with a format other
        # than custom (a rule joining two parameters).
        return None
    if error == "invalid_pattern" and param == "format" and not is_present(params, "pattern"):
        # format=custom without a pattern: a rule joining two parameters.
        if not names_another_format(params, "custom"):
            return None
    if error == "invalid_style" and param == "style" and is_present(params, "style"):
        # `style` with a format other than discord: a rule joining two
        # parameters (every value of `style` itself is in the document).
        if names_another_format(params, "discord"):
            return None
    if error == "bad_request" and param == "fields" and isinstance(params.get("fields"), str):
        # convert and format share one parameter struct, whose `fields`
        # pattern holds the names of both answers: a name of the other
        # answer is refused by the endpoint it is sent to.
        names = {name.strip() for name in params["fields"].split(",")}
        path = response.request.url.split("?")[0].removesuffix(".txt")
        if path.endswith("/timestamp/convert") and names & FORMAT_ONLY:
            return None
        if path.endswith("/timestamp/format") and names & CONVERT_ONLY:
            return None
    one = [name for name in ("timestamp", "from", "to") if is_present(params, name)]
    batch = is_present(params, "timestamps") or is_present(params, "pairs")
    if error == "missing_parameter" and param in ("timestamp", "from", "to") and not batch and param not in one:
        # One input or a batch: OpenAPI cannot require one of two query
        # parameters (or diff's pair) but not both.
        return None
    if error == "batch_too_large" and one and batch:
        return None
    raise AssertionError(
        f"A schema-valid request was refused for a reason the document could state: "
        f"error={error!r} param={param!r}; sent {params!r}: {envelope.get('message')}"
    )


def vanishes_on_the_wire(case, mutation):
    """Whether a negative mutation of a query parameter cannot be seen in the
    query string the server receives (form style, exploded): null, an empty
    list or a list of those sends nothing, as if the optional parameter were left out, and a
    scalar where an array is expected is sent as that array of one item
    (`timestamps=0`). Schemathesis allows for each of these alone, not for a
    case that combines them."""
    if mutation.parameter_location != "query" or mutation.parameter is None:
        return False
    value = (case.query or {}).get(mutation.parameter)
    if sends_nothing(value):
        return not is_required(case, mutation.parameter)
    return (
        mutation.operator == "change_type"
        and mutation.original_value == "array"
        and isinstance(value, (str, int, float))
    )


def sends_nothing(value):
    """Whether a query parameter's value puts nothing in the query string:
    null, an empty list, or a list whose items each send nothing (`[[]]`,
    `[null]`)."""
    if value is None:
        return True
    return isinstance(value, list) and all(sends_nothing(item) for item in value)


def is_required(case, name):
    """Whether the operation's document requires the query parameter `name`."""
    operation = getattr(case, "operation", None)
    if operation is None:
        return False
    parameter = operation.get_parameter_set("query").get(name)
    return bool(parameter is not None and parameter.is_required)


@schemathesis.hook
def filter_case(ctx, case):
    """Drops a negative case all of whose mutations vanish on the wire: what
    the server receives is a valid request, which it rightly accepts."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_negative:
        return True
    mutations = getattr(meta.phase.data, "mutations", ())
    return not (mutations and all(vanishes_on_the_wire(case, m) for m in mutations))
