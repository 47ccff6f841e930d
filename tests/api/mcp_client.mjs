// tsconv's tools through the official MCP TypeScript SDK (npm
// `@modelcontextprotocol/sdk`) as a second real client, over stdio
// (`tsconv mcp`) and over Streamable HTTP (`/mcp`): run by tests/api/mcp.rs
// with node, against a server started with `--default-timezone`.
//
// usage: node mcp_client.mjs SDK_DIR BINARY BASE_URL SERVER_ZONE
//
// The SDK checks `tools/list` and every call's result against the MCP
// schema (zod) itself; this script adds what model APIs ask of a tool list
// (an object schema with `properties` at the root of each tool, no
// `oneOf`/`anyOf`/`allOf` there, the whole list under 12 KiB), calls every
// tool and compares its structured content with the REST API's `data` for
// the same arguments, and checks the zone of a call that names none: the
// machine's (`TZ=Asia/Kolkata`) over stdio, the server's over HTTP.

import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [SDK, BINARY, BASE, SERVER_ZONE] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(SDK, "dist/esm", path)).href);
const { Client } = await load("client/index.js");
const { StdioClientTransport } = await load("client/stdio.js");
const { StreamableHTTPClientTransport } = await load("client/streamableHttp.js");

// The largest `tools/list` answer a model should pay for in every turn.
const MAX_LIST_BYTES = 12 * 1024;

// Each tool and its route (this script's own list).
const ROUTES = {
  now: ["GET", "/api/timestamp/current"],
  convert: ["POST", "/api/timestamp/convert"],
  validate: ["POST", "/api/timestamp/validate"],
  format: ["POST", "/api/timestamp/format"],
  add: ["POST", "/api/timestamp/add"],
  diff: ["POST", "/api/timestamp/diff"],
  round: ["POST", "/api/timestamp/round"],
  transitions: ["GET", "/api/timezones/{zone}/transitions"],
  zones: ["GET", "/api/timezones"],
  extract: ["POST", "/api/timestamp/extract"],
  schedule: ["GET", "/api/schedule"],
  where: ["GET", "/api/timezones/lookup"],
};

// Every tool, some of them twice (a batch, a DST gap, a zone not given).
const CALLS = [
  ["now", { timezone: "America/Sao_Paulo", precision: "milliseconds" }],
  ["convert", { timestamp: 1700000000123, timezone: "Asia/Kolkata" }],
  ["convert", { timestamps: [1700000000, "Nov 14 2023 5:13pm", "garbage"], timezone: "Europe/Berlin" }],
  ["convert", { timestamp: "2024-03-10T02:30:00", timezone: "America/New_York", disambiguation: "later" }],
  ["convert", { timestamp: "2026-01-01T00:00:00Z" }],
  ["validate", { timestamp: "2023-02-30" }],
  ["format", { timestamp: 1700000000, format: "discord", style: "R", locale: "fr" }],
  ["format", { timestamp: "2023-11-14T22:13:20.123456789Z", format: "rfc3339", timezone: "Australia/Sydney" }],
  ["add", { timestamp: "2024-03-09T12:00:00", timezone: "America/New_York", duration: "P1D" }],
  ["diff", { from: 1700000000, to: "2024-01-01T00:00:00Z", timezone: "Europe/Berlin" }],
  ["round", { timestamp: 1700000000, unit: "week", timezone: "Australia/Sydney" }],
  ["transitions", { zone: "Europe/Berlin", from: "2023-01-01T00:00:00Z", count: 3 }],
  ["zones", { q: "kolkata", at: "2023-11-14T22:13:20Z" }],
  ["extract", { text: "Release on 2023-11-14T22:13:20Z, review next friday", timezone: "Europe/Berlin" }],
  ["schedule", { schedule: "Mon..Fri 09:00", timezone: "America/New_York", from: "2026-11-27T00:00:00Z" }],
  ["where", { country: "NZ" }],
];

async function rest(name, args) {
  const [method, template] = ROUTES[name];
  const rest = { ...args };
  let path = template;
  if (path.includes("{zone}")) {
    path = path.replace("{zone}", encodeURIComponent(rest.zone));
    delete rest.zone;
  }
  let answer;
  if (method === "POST") {
    answer = await fetch(BASE + path, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rest),
    });
  } else {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    answer = await fetch(BASE + path + (query.size ? `?${query}` : ""));
  }
  return answer.json();
}

function checkList(list) {
  const bytes = Buffer.byteLength(JSON.stringify(list));
  assert.ok(bytes < MAX_LIST_BYTES, `tools/list is ${bytes} bytes`);
  assert.deepEqual(list.tools.map((tool) => tool.name).sort(), Object.keys(ROUTES).sort());
  for (const tool of list.tools) {
    const schema = tool.inputSchema;
    assert.equal(schema.type, "object", tool.name);
    assert.equal(typeof schema.properties, "object", `${tool.name} has no root properties`);
    for (const keyword of ["oneOf", "anyOf", "allOf", "not", "$ref"]) {
      assert.ok(!(keyword in schema), `${tool.name}: root ${keyword}`);
    }
    for (const name of schema.required ?? []) {
      assert.ok(name in schema.properties, `${tool.name} requires ${name}, which it does not describe`);
    }
    assert.ok(tool.description.includes("Example: {"), `${tool.name}: ${tool.description}`);
    assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
  }
  return bytes;
}

async function exercise(client, transport, defaultZone) {
  const list = await client.listTools();
  const bytes = checkList(list);
  for (const [name, args] of CALLS) {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, false, `${name}: ${JSON.stringify(result).slice(0, 300)}`);
    const data = result.structuredContent;
    if (name === "now") {
      assert.equal(data.timezone, "America/Sao_Paulo");
      assert.equal(typeof data.calendar.weekday, "string");
      continue;
    }
    const zoneless = ["transitions", "zones", "where"].includes(name);
    const envelope = await rest(name, { ...args, ...(args.timezone || zoneless ? {} : { timezone: defaultZone }) });
    assert.equal(envelope.code, 0, `${name}: ${JSON.stringify(envelope)}`);
    assert.deepEqual(data, envelope.data, name);
    assert.ok(result.content[0].text.length > 0, name);
  }
  // A call that names no zone is answered in the default zone, and says so.
  const now = (await client.callTool({ name: "now", arguments: {} })).structuredContent;
  assert.equal(now.timezone, defaultZone);
  assert.ok(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].includes(now.calendar.weekday));
  const zoneWords = list.tools.find((tool) => tool.name === "now").inputSchema.properties.timezone.description;
  assert.ok(zoneWords.endsWith(`default ${defaultZone}`), zoneWords);
  // A bad input is a tool error with the envelope's code and kind.
  const bad = await client.callTool({ name: "round", arguments: { timestamp: 1, unit: "fortnight" } });
  assert.equal(bad.isError, true);
  assert.equal(bad.structuredContent.error, "invalid_unit");
  assert.equal(bad.structuredContent.code, 40013);
  console.log(
    `${transport}: ${list.tools.length} tools listed (${bytes} bytes, flat schemas), ${CALLS.length} calls equal ` +
      `to the REST API, now named the weekday in ${defaultZone}`,
  );
}

const client = () => new Client({ name: "tsconv-test", version: "1.0.0" });

const stdio = client();
await stdio.connect(
  new StdioClientTransport({ command: BINARY, args: ["mcp"], env: { ...process.env, TZ: "Asia/Kolkata" } }),
);
await exercise(stdio, "stdio", "Asia/Kolkata");
await stdio.close();

const http = client();
await http.connect(new StreamableHTTPClientTransport(new URL(BASE + "/mcp")));
await exercise(http, "streamable HTTP", SERVER_ZONE);
await http.close();
