// CORS in a real browser: a page on another origin (the playground at
// http://localhost:PORT) calls the API at http://127.0.0.1:PORT with a JSON
// body and an API key, which makes Chromium send a preflight first. Run by
// tests/api/cors.rs, which starts the servers:
//   node cors.cjs OPEN_BASE_URL RESTRICTED_BASE_URL API_KEY
"use strict";
const { chromium } = require("playwright-core");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const [open, restricted, apiKey] = process.argv.slice(2);
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/// What a page at `page` gets from `api`: the status, a header it may read
/// only when exposed, and the body; or the browser's refusal.
async function call(page, api) {
  return page.evaluate(async ([api, key]) => {
    try {
      const response = await fetch(api + "/api/timestamp/convert", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-API-Key": key },
        body: JSON.stringify({ timestamp: 1700000000, fields: "iso" }),
      });
      return { status: response.status, requestId: response.headers.get("x-request-id"), body: await response.json() };
    } catch (error) {
      return { refused: String(error) };
    }
  }, [api, apiKey]);
}

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tsconv-cors-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: FLAGS,
  });
  const page = context.pages()[0] || await context.newPage();

  // Any origin by default: the key-guarded API answers the page, whose
  // script may read the request id. (A JSON body and an X-API-Key header
  // across origins make Chromium ask with a preflight first, without the
  // key: had it been refused, the fetch would have failed.)
  const openPort = new URL(open).port;
  await page.goto("http://localhost:" + openPort + "/");
  const answer = await call(page, "http://127.0.0.1:" + openPort);
  assert.equal(answer.status, 200, JSON.stringify(answer));
  assert.equal(answer.body.data.iso, "2023-11-14T22:13:20.000Z");
  assert.match(answer.requestId, /^[0-9a-f-]{36}$/);

  // A wrong key: the 401 envelope reaches the page too.
  const wrong = await page.evaluate(async (api) => {
    const response = await fetch(api + "/api/timestamp/current", { headers: { "X-API-Key": "nope" } });
    return { status: response.status, body: await response.json() };
  }, "http://127.0.0.1:" + openPort);
  assert.equal(wrong.status, 401);
  assert.equal(wrong.body.data.error, "unauthorized");

  // A server restricted to another origin: the browser refuses the answer.
  const restrictedPort = new URL(restricted).port;
  await page.goto("http://localhost:" + restrictedPort + "/");
  const refused = await call(page, "http://127.0.0.1:" + restrictedPort);
  assert.ok(refused.refused && refused.refused.includes("Failed to fetch"), JSON.stringify(refused));

  await context.close();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  console.log("cors: a page on another origin calls the API; a restricted server's answer is refused");
}

main().catch((error) => { console.error(error); process.exit(1); });
