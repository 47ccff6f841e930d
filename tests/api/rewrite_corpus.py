"""A seeded corpus of log lines and what `tsconv rewrite --tz ZONE` must make
of each, computed here with Python's zoneinfo and email.utils (the oracle):
JSON lines with time keys in s, ms, us, ns and fractional seconds, numeric
strings and RFC 3339 strings with fractions and offsets; logfmt; NCSA/CLF;
HTTP and RFC 2822 dates in text; container-runtime prefixes; and decoys
(ids and latencies under other keys, numbers inside strings, dates without
a zone) that must come out unchanged.

usage: rewrite_corpus.py SEED COUNT ZONE   (prints one JSON {"in", "out"} a line)
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime, formatdate
from zoneinfo import ZoneInfo

seed, count, zone = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(seed)
Z = ZoneInfo(zone)
NS = 10**9
FIRST, LAST = -631152000, 4102444800  # 1950 to 2100
TIME_KEYS = ["ts", "time", "timestamp", "@timestamp", "date", "datetime", "created_at", "updated_at",
             "eventTime", "startTime", "request_ts", "end_time", "loggedAt"]
OTHER_KEYS = ["user", "id", "latency_ms", "count", "bytes", "status", "pid", "seq", "span", "size"]
OFFSETS = [0, 0, 19800, -28800, 32400, -12600, 3600, 49500]


def digits_out(k):
    """Fraction digits written for k fraction digits of seconds read."""
    return 0 if k == 0 else 3 if k <= 3 else 6 if k <= 6 else 9


def rfc3339(total_ns, digits):
    """The instant in ZONE as RFC 3339 with `digits` fraction digits."""
    sec, ns = divmod(total_ns, NS)
    d = datetime.fromtimestamp(sec, Z)
    off = int(d.utcoffset().total_seconds())
    sign = "-" if off < 0 else "+"
    off = abs(off) // 60
    frac = ("." + f"{ns:09d}"[:digits]) if digits else ""
    return d.strftime("%Y-%m-%dT%H:%M:%S") + frac + f"{sign}{off // 60:02d}:{off % 60:02d}"


def some_ns(far_from_1970=False):
    while True:
        sec = r.randrange(FIRST, LAST)
        if not far_from_1970 or abs(sec) >= 10**8:
            return sec * NS + r.randrange(NS)


def unix_number():
    """A Unix number as JSON or logfmt write it: (text, its instant, digits out)."""
    kind = r.randrange(6)
    t = some_ns(far_from_1970=kind >= 2)
    sec = t // NS
    if kind == 0:
        return str(sec), sec * NS, 0
    if kind == 1:
        k = r.randrange(1, 10)
        magnitude = abs(t)
        whole, frac = magnitude // NS, f"{magnitude % NS:09d}"[:k]
        magnitude = whole * NS + int(frac.ljust(9, "0"))
        sign = "-" if t < 0 else ""
        return f"{sign}{whole}.{frac}", -magnitude if t < 0 else magnitude, digits_out(k)
    unit, digits = [(10**6, 3), (10**3, 6), (1, 9), (10**6, 3)][kind - 2]
    value = t // unit
    return str(value), value * unit, digits


def iso_text():
    """An RFC 3339 string with a random offset and fraction: (text, instant, digits out)."""
    t = some_ns()
    k = r.choice([0, 0, 1, 3, 3, 6, 9, 4])
    t = t - t % (10 ** (9 - k)) if k else t - t % NS
    off = r.choice(OFFSETS)
    local = datetime(1970, 1, 1) + timedelta(seconds=t // NS + off)
    frac = ("." + f"{t % NS:09d}"[:k]) if k else ""
    if off == 0 and r.random() < 0.6:
        zone_text = "Z"
    else:
        sign = "-" if off < 0 else "+"
        zone_text = f"{sign}{abs(off) // 3600:02d}:{abs(off) % 3600 // 60:02d}"
    sep = r.choice(["T", "T", " "])
    return local.strftime(f"%Y-%m-%d{sep}%H:%M:%S") + frac + zone_text, t, digits_out(k)


def json_line():
    pairs_in, pairs_out = [], []
    colon = r.choice([":", ": "])
    for _ in range(r.randrange(2, 7)):
        if r.random() < 0.4:
            key = r.choice(TIME_KEYS)
            form = r.randrange(3)
            if form == 0:
                text, t, d = unix_number()
                pairs_in.append((key, text))
            elif form == 1:
                text, t, d = unix_number()
                pairs_in.append((key, json.dumps(text)))
            else:
                text, t, d = iso_text()
                pairs_in.append((key, json.dumps(text)))
            pairs_out.append((key, json.dumps(rfc3339(t, d))))
        else:
            key = r.choice(OTHER_KEYS + ["msg", "note"])
            value = r.choice([
                str(r.randrange(10**9, 2 * 10**9)), str(r.randrange(10**12, 2 * 10**12)), str(r.randrange(1, 999)),
                json.dumps(f"took {r.randrange(10**9, 2 * 10**9)} ms"), json.dumps(f"ts={r.randrange(10**9, 2 * 10**9)}"),
                json.dumps(str(r.randrange(10**12, 2 * 10**12))), json.dumps("2023-11-14T10:00:00"), "true", "null",
                json.dumps("ts: 1700000000"), str(r.randrange(10**9, 2 * 10**9)) + ".25",
            ])
            pairs_in.append((key, value))
            pairs_out.append((key, value))
    sep = r.choice([",", ", "])
    write = lambda pairs: "{" + sep.join(json.dumps(k) + colon + v for k, v in pairs) + "}"
    if r.random() < 0.2:
        key = r.choice(TIME_KEYS)
        text, t, d = unix_number()
        inner_in, inner_out = '{"event":{' + json.dumps(key) + ":" + text + "}}", '{"event":{' + json.dumps(key) + ":" + json.dumps(rfc3339(t, d)) + "}}"
        return write(pairs_in)[:-1] + sep + '"nested"' + colon + inner_in + "}", write(pairs_out)[:-1] + sep + '"nested"' + colon + inner_out + "}"
    return write(pairs_in), write(pairs_out)


def logfmt_line():
    parts_in, parts_out = [], []
    for _ in range(r.randrange(2, 6)):
        if r.random() < 0.4:
            key = r.choice([k for k in TIME_KEYS if k != "@timestamp"])
            text, t, d = unix_number()
            if r.random() < 0.3:
                parts_in.append(f'{key}="{text}"')
                parts_out.append(f'{key}="{rfc3339(t, d)}"')
            else:
                parts_in.append(f"{key}={text}")
                parts_out.append(f"{key}={rfc3339(t, d)}")
        else:
            part = r.choice([
                f"user={r.randrange(10**9, 2 * 10**9)}", f"latency_ms={r.randrange(1, 900)}", "level=info",
                f'msg="started ts={r.randrange(10**9, 2 * 10**9)} ok"', f"id={r.randrange(10**12, 2 * 10**12)}",
            ])
            parts_in.append(part)
            parts_out.append(part)
    return " ".join(parts_in), " ".join(parts_out)


def clf_line():
    t = some_ns() // NS * NS
    off = r.choice([0, -25200, 3600, 19800])
    local = datetime.fromtimestamp(t // NS, timezone(timedelta(seconds=off)))
    date = local.strftime("%d/%b/%Y:%H:%M:%S %z")
    ip = ".".join(str(r.randrange(256)) for _ in range(4))
    rest = f'"GET /items/{r.randrange(10**9, 2 * 10**9)} HTTP/1.1" 200 {r.randrange(100, 99999)}'
    return f"{ip} - frank [{date}] {rest}", f"{ip} - frank [{rfc3339(t, 0)}] {rest}"


def decoy_line():
    return r.choice([
        "version 1.2.3-45 build 2023-11-14 at 10:00",
        f"order {r.randrange(10**9, 2 * 10**9)} shipped; call +1-555-0100",
        "550e8400-e29b-41d4-a716-446655440000 2023-11-14T10:00:00 local",
        f"user={r.randrange(10**9, 2 * 10**9)} took={r.randrange(10**12, 2 * 10**12)}",
        "14 Nov 2023, a Tuesday; Nov 2023",
        "",
    ])


for _ in range(count):
    kind = r.randrange(7)
    if kind in (0, 1):
        line_in, line_out = json_line()
    elif kind == 2:
        line_in, line_out = logfmt_line()
    elif kind == 3:
        line_in, line_out = clf_line()
    elif kind == 4:
        t = some_ns() // NS * NS
        if r.random() < 0.5:
            text = formatdate(t // NS, usegmt=True)
        else:
            off = r.choice([0, -18000, 3600, 34200])
            text = format_datetime(datetime.fromtimestamp(t // NS, timezone(timedelta(seconds=off))))
        head, tail = r.choice(["Last-Modified: ", "Date: ", "expires at ", ""]), r.choice(["", " (cached)", ";"])
        line_in, line_out = head + text + tail, head + rfc3339(t, 0) + tail
    elif kind == 5:
        text, t, d = iso_text()
        tail_in, tail_out = json_line()
        if r.random() < 0.5:
            line_in, line_out = f"{text} stdout F {tail_in}", f"{rfc3339(t, d)} stdout F {tail_out}"
        else:
            ms = r.randrange(1, 900)
            line_in, line_out = f"[{text}] INFO started in {ms} ms", f"[{rfc3339(t, d)}] INFO started in {ms} ms"
    else:
        line_in = line_out = decoy_line()
    print(json.dumps({"in": line_in, "out": line_out}))
