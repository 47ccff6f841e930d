"""Clients written for worldtimeapi.org, from PyPI and unmodified, pointed at
a tsconv server: each must read every field it reads from worldtimeapi.

- world-time-api 2020.5.31 (MIT): `Client(endpoint)` keeps its URL in an
  attribute, set here at run time; its DateTimeJson raises KeyError for a
  field it does not know, and each property reads one of the fifteen.
- worldtimepy 0.1.1 (GPL-3.0): its modules hold their endpoints as
  constants, rebound here at run time; it parses `datetime` with
  `%Y-%m-%dT%H:%M:%S.%f%z`.

Usage: worldtimeapi_clients.py BASE_URL   (prints one line per check)
"""

import datetime
import sys

from WorldTimeAPI.schemas import DateTimeJson, ErrorJson, ListJson
from WorldTimeAPI.service import Client
import worldtimepy.timeinfo as timeinfo
import worldtimepy.worldtime as worldtime

base = sys.argv[1].rstrip("/")
PROPERTIES = ["abbreviation", "client_ip", "datetime", "dow", "doy", "dst", "dst_from", "dst_offset",
              "dst_until", "raw_offset", "timezone", "unixtime", "utc_datetime", "utc_offset", "week_number"]

# world-time-api
zones = Client("timezone")
zones._url = base + "/api/timezone"
london = zones.get(area="Europe", location="London")
assert isinstance(london, DateTimeJson), london
read = {name: getattr(london, name) for name in PROPERTIES}
assert read["timezone"] == "Europe/London" and isinstance(read["unixtime"], int), read
print("world-time-api: Europe/London, 15 fields read")
salta = zones.get(area="America", location="Argentina", region="Salta")
assert isinstance(salta, DateTimeJson) and salta.timezone == "America/Argentina/Salta"
print("world-time-api: a zone of three parts")
listed = zones.regions()
assert isinstance(listed, ListJson) and "Europe/London" in listed.data, listed
print("world-time-api: the list of zones")
unknown = zones.get(area="Europe", location="Atlantis")
assert isinstance(unknown, ErrorJson) and unknown.errMsg == "unknown location", unknown
print("world-time-api: unknown location")
me = Client("ip")
me._url = base + "/api"
here = me.get(area="ip")
assert isinstance(here, DateTimeJson) and here.client_ip == "127.0.0.1", here
print("world-time-api: /api/ip answers", here.timezone)

# worldtimepy
timeinfo.ENDPOINT = base + "/api/timezone/"
timeinfo.IP_ENDPOINT = base + "/api/ip/"
worldtime.ENDPOINT = base + "/api/timezone/"
tokyo = timeinfo.TimeInfo("Asia/Tokyo")
assert tokyo.datetime.utcoffset() == datetime.timedelta(hours=9), tokyo.datetime
assert sorted(tokyo.result) == sorted(["abbreviation", "client_ip", "datetime", "day_of_week", "day_of_year", "dst",
                                       "dst_from", "dst_offset", "dst_until", "raw_offset", "timezone", "unixtime",
                                       "utc_datetime", "utc_offset", "week_number"]), tokyo.result
assert abs(tokyo.datetime.timestamp() - tokyo.result["unixtime"]) < 1
print("worldtimepy: Asia/Tokyo parsed, +09:00")
world = worldtime.WorldTime()
assert "Asia/Tokyo" in world.locations
print("worldtimepy: the list of zones")
print("worldtimepy: /api/ip/ answers", world.from_ip().result["timezone"])
