"""tsconv's tools through the official MCP Python SDK (PyPI `mcp`) as a real
client, over stdio (`tsconv mcp`) and over Streamable HTTP (`/mcp`): run by
tests/api/mcp.rs with the test venv's python, against a server with API keys
on.

usage: mcp_client.py BINARY BASE_URL KEY

Each tool is checked against the REST API of the same server: its input
schema names the parameters the OpenAPI document gives its route, and its
structured content is the route's `data` for the same parameters. A bad input
is a tool error carrying the envelope's code, error and message; an unknown
tool is a protocol error; /mcp without a key (or with a wrong one) is refused.
"""

import asyncio
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

import httpx2
from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

BINARY, BASE, KEY = sys.argv[1:4]

# Each tool and the route it answers as (the oracle's own list).
ROUTES = {
    "now": ("get", "/api/timestamp/current"),
    "convert": ("post", "/api/timestamp/convert"),
    "validate": ("post", "/api/timestamp/validate"),
    "format": ("post", "/api/timestamp/format"),
    "add": ("post", "/api/timestamp/add"),
    "diff": ("post", "/api/timestamp/diff"),
    "round": ("post", "/api/timestamp/round"),
    "transitions": ("get", "/api/timezones/{zone}/transitions"),
    "zones": ("get", "/api/timezones"),
    "extract": ("post", "/api/timestamp/extract"),
    "schedule": ("get", "/api/schedule"),
    "where": ("get", "/api/timezones/lookup"),
}

# One call of each tool, and more for the shapes an answer takes (a batch,
# a DST gap, a southern zone, a Discord preview in German).
CALLS = [
    ("now", {"timezone": "Asia/Kolkata", "precision": "milliseconds"}),
    ("convert", {"timestamp": 1700000000123, "timezone": "America/New_York"}),
    ("convert", {"timestamps": [1700000000, "Nov 14 2023 5:13pm", "garbage"], "timezone": "Europe/Berlin"}),
    ("convert", {"timestamp": "2024-03-10T02:30:00", "timezone": "America/New_York", "disambiguation": "later"}),
    ("validate", {"timestamp": "2023-02-30"}),
    ("format", {"timestamp": 1700000000, "format": "discord", "style": "R", "locale": "de"}),
    ("format", {"timestamp": "2023-11-14T22:13:20.123456789Z", "format": "rfc3339", "timezone": "Australia/Sydney"}),
    ("add", {"timestamp": "2024-03-09T12:00:00", "timezone": "America/New_York", "duration": "P1D"}),
    ("diff", {"from": 1700000000, "to": "2024-01-01T00:00:00Z", "timezone": "Europe/Berlin"}),
    ("round", {"timestamp": 1700000000, "unit": "day", "timezone": "Australia/Sydney"}),
    ("transitions", {"zone": "Europe/Berlin", "from": "2023-01-01T00:00:00Z", "count": 3}),
    ("transitions", {"zone": "Australia/Sydney", "from": "2023-01-01T00:00:00Z", "direction": "next"}),
    ("zones", {"q": "new_york", "at": "2023-11-14T22:13:20Z"}),
    ("extract", {"text": "Release on 2023-11-14T22:13:20Z, review next friday", "timezone": "Europe/Berlin"}),
    ("schedule", {"schedule": "30 2 * * *", "timezone": "Europe/Berlin", "from": "2027-03-27T12:00:00Z", "count": 3}),
    ("where", {"lat": 38.72, "lon": -9.14}),
    ("where", {"city": "Lisbon", "limit": 2}),
]

# Bad inputs: the error kind and code each is refused with.
BAD = [
    ("convert", {"timestamp": "garbage"}, "invalid_timestamp", 40002),
    ("convert", {}, "missing_parameter", 40001),
    ("format", {"timestamp": 1, "format": "nope"}, "invalid_format", 40004),
    ("add", {"timestamp": 1, "duration": "1 fortnight and a bit"}, "invalid_duration", 40012),
    ("transitions", {"zone": "Mars/Olympus_Mons"}, "unknown_timezone", 40003),
    ("transitions", {}, "missing_parameter", 40001),
    ("now", {"tz": "UTC"}, "unknown_parameter", 40010),
    ("schedule", {"schedule": "0 9 * * MNO"}, "invalid_schedule", 40016),
    ("where", {"lat": 91, "lon": 0}, "invalid_place", 40017),
]


def rest(method, path, arguments):
    """The REST API's envelope for the same parameters."""
    arguments = dict(arguments)
    if "{zone}" in path:
        path = path.replace("{zone}", urllib.parse.quote(arguments.pop("zone"), safe=""))
    headers = {"Authorization": f"Bearer {KEY}"}
    if method == "post":
        body = json.dumps(arguments).encode()
        headers["Content-Type"] = "application/json"
        request = urllib.request.Request(BASE + path, data=body, headers=headers, method="POST")
    else:
        query = urllib.parse.urlencode({k: str(v) for k, v in arguments.items()})
        request = urllib.request.Request(BASE + path + ("?" + query if query else ""), headers=headers)
    try:
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        return json.load(error)


def document():
    with urllib.request.urlopen(BASE + "/openapi.json") as answer:
        return json.load(answer)


def parameter_names(doc, method, path):
    """The names the OpenAPI document gives a route's parameters."""
    operation = doc["paths"][path][method]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is None:
        return {p["name"] for p in operation.get("parameters", [])}
    names = set()

    def walk(schema):
        if "$ref" in schema:
            schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        names.update(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            walk(part)

    walk(body)
    return names


def same_data(tool, structured, data):
    """The tool's structured content is the route's data; `now` is asked a
    moment apart, so its instants may differ but nothing else may."""
    if tool != "now":
        assert structured == data, f"{tool}: {json.dumps(structured)[:400]} != {json.dumps(data)[:400]}"
        return
    assert structured.keys() == data.keys(), (structured.keys(), data.keys())
    assert structured["timezone"] == data["timezone"] == "Asia/Kolkata"
    assert structured["precision"] == "milliseconds"


async def exercise(session, transport):
    init = await session.initialize()
    assert init.server_info.name == "tsconv", init.server_info
    assert init.capabilities.tools is not None
    doc = document()
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == set(ROUTES), sorted(tools)
    for name, (method, path) in ROUTES.items():
        tool = tools[name]
        schema = tool.input_schema
        assert schema["type"] == "object", (name, schema)
        # One source: the route's parameters, as the OpenAPI document names them.
        expected = parameter_names(doc, method, path)
        found = set(schema.get("properties", {}))
        assert found == expected, (name, found ^ expected)
        # Flat, as model APIs take a tool: no composition at the root.
        assert not {"oneOf", "anyOf", "allOf"} & set(schema), (name, schema)
        assert "Example: {" in tool.description, (name, tool.description)
        assert tool.annotations.read_only_hint is True
    for name, arguments in CALLS:
        result = await session.call_tool(name, arguments)
        method, path = ROUTES[name]
        envelope = rest(method, path, arguments)
        assert envelope["code"] == 0, (name, envelope)
        assert result.is_error is False, (name, result)
        same_data(name, result.structured_content, envelope["data"])
        text = result.content[0].text
        if "formatted" in envelope["data"] and isinstance(envelope["data"]["formatted"], str):
            # A format asked: the one value, as the plain-text answer.
            assert text == envelope["data"]["formatted"] + "\n", (name, text)
        else:
            assert text.strip(), (name, text)
    for name, arguments, kind, code in BAD:
        result = await session.call_tool(name, arguments)
        assert result.is_error is True, (name, arguments, result)
        error = result.structured_content
        assert error["error"] == kind and error["code"] == code, (name, arguments, error)
        method, path = ROUTES[name]
        if "{zone}" not in path or "zone" in arguments:
            envelope = rest(method, path, arguments)
            assert error["message"] == envelope["message"], (error, envelope)
        assert result.content[0].text.startswith(f"error: {kind}: "), result.content[0].text
    try:
        await session.call_tool("sunrise", {})
        raise AssertionError("an unknown tool answered")
    except MCPError as error:
        assert "no tool is named" in str(error), error
    print(f"{transport}: {len(ROUTES)} tools listed, {len(CALLS)} calls equal to the REST API, "
          f"{len(BAD)} bad inputs refused as tool errors")


async def over_stdio():
    # Calls without a zone are answered in the machine's zone (TZ): the
    # server's default, UTC, for the comparisons with the REST API.
    params = StdioServerParameters(command=BINARY, args=["mcp"], env={"TZ": "UTC"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, "stdio")


async def over_http(headers):
    async with httpx2.AsyncClient(headers=headers) as client:
        async with streamable_http_client(BASE + "/mcp", http_client=client) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await exercise(session, "streamable HTTP")


async def refused_over_http(headers):
    """/mcp without a valid key: refused before any message is read."""
    try:
        await over_http(headers)
    except BaseException as error:  # the SDK raises it inside its task group
        return error
    raise AssertionError(f"/mcp answered with headers {headers}")


async def main():
    await over_stdio()
    await over_http({"Authorization": f"Bearer {KEY}"})
    await over_http({"X-API-Key": KEY})
    for headers in [{}, {"Authorization": "Bearer tsk_wrong"}]:
        await refused_over_http(headers)
        answer = httpx2.post(BASE + "/mcp", headers={**headers, "Accept": "application/json, text/event-stream"},
                             json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert answer.status_code == 401, answer
        assert answer.json()["data"]["error"] == "unauthorized", answer.text
    print("without a key, or with a wrong one: 401 unauthorized")


asyncio.run(main())
