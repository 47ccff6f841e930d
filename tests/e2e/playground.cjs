// End-to-end test of the playground in headless Chromium (Debian's), driven
// by playwright-core. Run by tests/api/playground.rs, which starts the servers:
//   node playground.cjs BASE_URL KEYED_BASE_URL API_KEY SCREENSHOT_DIR
"use strict";
const { chromium } = require("playwright-core");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const [base, keyedBase, apiKey, shots] = process.argv.slice(2);
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/// The browsers' profiles, removed when the test ends.
const profiles = [];

async function browser(colorScheme = "light", viewport = { width: 1280, height: 900 }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tsconv-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: FLAGS, colorScheme, viewport,
  });
  profiles.push(profile);
  const hosts = new Set();
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:") hosts.add(url.host);
  });
  return { context, hosts, page: context.pages()[0] || await context.newPage() };
}

const text = (page, selector) => page.locator(selector).first().textContent();
/// What does not fit, measured in the page: the page or any element that
/// scrolls sideways, anything that spills out of its card, and a value or
/// label whose text wraps other than at a natural break (a space, after a
/// hyphen, an underscore, a slash, a comma or an arrow), found from the line
/// box of each of its characters.
async function misfits(page) {
  return page.evaluate(() => {
    const problems = [];
    const shown = (el) => el.offsetParent !== null;
    const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + " " + JSON.stringify(el.textContent.slice(0, 40));
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push("the page is " + document.documentElement.scrollWidth + " px wide in " + window.innerWidth);
    }
    for (const el of document.querySelectorAll("main *")) {
      if (shown(el) && ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1) {
        problems.push("scrolls sideways: " + name(el));
      }
    }
    for (const card of document.querySelectorAll("main section")) {
      if (!shown(card)) continue;
      const right = card.getBoundingClientRect().right;
      for (const el of card.querySelectorAll("*")) {
        if (shown(el) && el.getBoundingClientRect().right > right + 1) problems.push("spills out of its card: " + name(el));
      }
    }
    const natural = /[\s\-_/,→]/;
    for (const el of document.querySelectorAll("td code, td .preview, #clock code, #read-as, th, label, nav a, button")) {
      if (!shown(el)) continue;
      const chars = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (box) chars.push([node.data[i], box.top]);
        }
      }
      for (let i = 1; i < chars.length; i++) {
        if (chars[i][1] > chars[i - 1][1] + 4 && !natural.test(chars[i - 1][0]) && !natural.test(chars[i][0])) {
          problems.push("breaks inside a word: " + name(el) + " before character " + i);
          break;
        }
      }
    }
    return problems;
  });
}
/// Opens a view by its tab, as a visitor does.
async function view(page, name) {
  await page.click("nav.views a[data-view=" + name + "]");
  await page.waitForFunction((n) => document.body.dataset.view === n, name);
}
async function waitText(page, selector, expected) {
  await page.waitForFunction(([s, e]) => document.querySelector(s)?.textContent === e, [selector, expected], { timeout: 10000 });
}
async function type(page, value) {
  await page.fill("#input", "");
  await page.type("#input", value);
}

async function main() {
  const origin = new URL(base).host;
  const { context, hosts, page } = await browser();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });

  // A shared link renders its view.
  await page.goto(base + "/?timestamp=1700000000&timezone=America/New_York");
  await waitText(page, "[data-field=rfc3339]", "2023-11-14T17:13:20-05:00");
  assert.equal(await text(page, "[data-field=iso]"), "2023-11-14T22:13:20.000Z");
  assert.equal(await page.locator("#discord tr").count(), 9);
  assert.equal(await text(page, "[data-field=discord-F]"), "<t:1700000000:F>");
  assert.equal(await text(page, "[data-field=discord-preview-F]"), "Tuesday, November 14, 2023 at 5:13 PM");
  assert.equal(await text(page, "[data-field=preset-clf]"), "14/Nov/2023:17:13:20 -0500");
  assert.equal(await page.evaluate(() => document.activeElement.id), "input", "the input has the focus");
  // The page opens on the Discord view: the codes right under the time.
  assert.equal(await page.evaluate(() => document.body.dataset.view), "discord");
  assert.equal(await page.getAttribute("nav.views a[data-view=discord]", "aria-current"), "page");
  assert.ok(await page.locator("#discord-section").isVisible() && await page.locator("#results").isHidden());
  const [timeBox, codesBox] = await Promise.all(["#convert-title", "#discord-section"].map((s) => page.locator(s).boundingBox()));
  assert.ok(codesBox.y > timeBox.y && codesBox.y < 900, "the codes are on the first screen");
  assert.equal(await page.inputValue("#picker"), "2023-11-14T17:13:20", "the picker shows the wall clock of the zone");
  // The zone's next clock changes: a gap and a fold, alternating.
  await page.waitForFunction(() => document.querySelectorAll("#transitions tr").length === 4);
  assert.equal(await text(page, "#transitions-zone"), "America/New_York");
  const kinds = await page.evaluate(() => [...document.querySelectorAll("#transitions tr")].map((tr) => tr.dataset.kind));
  assert.ok(kinds.every((k) => k === "gap" || k === "fold") && kinds[0] !== kinds[1], kinds.join());
  await page.screenshot({ path: path.join(shots, "discord.png"), fullPage: true });
  await view(page, "convert");
  assert.ok(page.url().endsWith("#convert"), page.url());
  await page.screenshot({ path: path.join(shots, "shared-link.png"), fullPage: true });
  await page.waitForFunction(() => document.querySelector("#clock-iso").textContent.endsWith("Z"));
  await view(page, "discord");

  // The language picker: Discord's 32 languages first, then every CLDR
  // locale; the previews, presets and zone name follow it, and so does the link.
  await page.waitForFunction(() => document.querySelectorAll("#discord-locales option").length === 32);
  assert.ok(await page.locator("#other-locales option").count() > 300);
  await page.selectOption("#locale", "de");
  await waitText(page, "[data-field=discord-preview-F]", "Dienstag, 14. November 2023 um 17:13");
  assert.equal(await text(page, "#discord-shows"), "Shows (de)");
  assert.equal(await text(page, "[data-field=preset-date_full]"), "Dienstag, 14. November 2023");
  assert.ok((await text(page, "[data-field=zone]")).includes("Nordamerikanische Ostküsten-Normalzeit"));
  assert.ok(page.url().includes("locale=de"), page.url());
  await page.screenshot({ path: path.join(shots, "language-picker.png"), fullPage: true });
  const linked = await context.newPage();
  await linked.goto(base + "/?timestamp=1700000000&timezone=Asia/Tokyo&locale=ja");
  await waitText(linked, "[data-field=discord-preview-f]", "2023年11月15日 7:13");
  await linked.waitForFunction(() => document.querySelector("#locale").value === "ja");
  await linked.close();
  await page.selectOption("#locale", "");
  await waitText(page, "[data-field=discord-preview-F]", "Tuesday, November 14, 2023 at 5:13 PM");
  assert.ok(!page.url().includes("locale="), page.url());

  // Typing a value in each unit.
  for (const [value, unit, seconds] of [
    ["1700000000000", "milliseconds", "1700000000"],
    ["1700000000000000", "microseconds", "1700000000"],
    ["1700000000123456789", "nanoseconds", "1700000000"],
    ["1700000000", "seconds", "1700000000"],
  ]) {
    await type(page, value);
    await page.waitForFunction((u) => document.querySelector("#detected").textContent.includes("in " + u), unit);
    await waitText(page, "[data-field=seconds]", seconds);
    assert.equal(await text(page, "[data-field=timestamp]"), value, "the timestamp keeps every digit");
  }
  await type(page, "1700000000123456789");
  await waitText(page, "[data-field=nanoseconds]", "1700000000123456789");
  assert.ok(page.url().includes("timestamp=1700000000123456789"), "the URL follows the input");
  await page.screenshot({ path: path.join(shots, "nanoseconds.png"), fullPage: true });

  // Changing the zone.
  await type(page, "1700000000");
  await page.fill("#zone", "Asia/Tokyo");
  await waitText(page, "[data-field=rfc3339]", "2023-11-15T07:13:20+09:00");
  assert.ok(page.url().includes("timezone=Asia%2FTokyo"), page.url());
  await page.waitForFunction(() => document.querySelector("#clock-zone").textContent === "Asia/Tokyo");
  assert.ok((await page.locator("#zones option").count()) > 500, "the zone list is loaded");

  // A date as people type it: what was understood is shown under the input;
  // an ambiguous abbreviation offers its other zones, and choosing one sets
  // the instant it names.
  await page.fill("#zone", "America/New_York");
  await type(page, "Nov 14 2023 5:13pm");
  await waitText(page, "#read-as", "2023-11-14T17:13:00 in America/New_York");
  assert.equal(await text(page, "[data-field=iso]"), "2023-11-14T22:13:00.000Z");
  await type(page, "2023-11-14 10:00 CST");
  await waitText(page, "#read-as", "2023-11-14T10:00:00-06:00 (CST)");
  await page.waitForSelector("#alternatives-row", { state: "visible" });
  assert.equal(await text(page, "#alternatives-title"), "This could also be:");
  await page.screenshot({ path: path.join(shots, "people-text.png"), fullPage: true });
  await page.click("#alternatives button[data-zone='Asia/Shanghai']");
  await waitText(page, "[data-field=iso]", "2023-11-14T02:00:00.000Z");
  assert.equal(await page.inputValue("#input"), "2023-11-14T02:00:00.000Z");
  assert.ok(await page.locator("#read-as-row").isHidden(), "an ISO instant needs no reading");

  // What the reader was not sure of is said under "Understood as", visibly
  // and to screen readers: a weekday that contradicts the date, an
  // abbreviation written with another offset than its own.
  await page.fill("#zone", "UTC");
  await type(page, "Sun 30 Sep 2019 10:00");
  await waitText(page, "#read-as", "2019-09-30T10:00:00 in UTC");
  await waitText(page, "#warnings li", "2019-09-30 is a Monday, not a Sunday (at character 0): read as the date");
  assert.ok(await page.locator("#warnings li").first().isVisible());
  assert.equal(await page.getAttribute("#warnings", "aria-live"), "polite");
  assert.ok((await page.getAttribute("#input", "aria-describedby")).split(" ").includes("warnings"));
  const [readAsBox, warningBox] = await Promise.all(["#read-as-row", "#warnings"].map((s) => page.locator(s).boundingBox()));
  assert.ok(warningBox.y >= readAsBox.y + readAsBox.height && warningBox.y - (readAsBox.y + readAsBox.height) < 40,
    "the warning sits right under Understood as");
  await page.screenshot({ path: path.join(shots, "warning.png"), fullPage: true });
  await type(page, "10:09am PST-07");
  await page.waitForFunction(() => document.querySelector("#warnings").textContent.includes("PST is -08:00, not -07:00"));
  assert.ok((await text(page, "#read-as")).endsWith("T10:09:00-07:00 (PST-07)"), await text(page, "#read-as"));
  // The new forms people paste: each is understood, and a clean reading
  // leaves no warning of the one before.
  for (const [value, readAs] of [
    ["2019-03-05 07:41:10.2 -0700 MST", "2019-03-05T07:41:10.2-07:00 (MST)"],
    ["2019:03:05 07:41:10", "2019-03-05T07:41:10 in UTC"],
  ]) {
    await type(page, value);
    await waitText(page, "#read-as", readAs);
    assert.equal(await page.locator("#warnings li").count(), 0, value);
  }
  assert.equal(await text(page, "[data-field=iso]"), "2019-03-05T07:41:10.000Z");
  await type(page, "tomorrow morning");
  await page.waitForFunction(() => /T06:00:00 in UTC$/.test(document.querySelector("#read-as").textContent));
  await type(page, "15 minutes from now");
  // Read to the nanosecond, 15 minutes after the moment it was sent.
  await page.waitForFunction(() => /T\d\d:\d\d:\d\d\.\d+ in UTC$/.test(document.querySelector("#read-as").textContent));
  const soon = Number(await text(page, "[data-field=seconds]")) - Date.now() / 1000;
  assert.ok(soon > 14 * 60 && soon < 16 * 60, "15 minutes from now is " + soon + " s away");

  // Digits that write a date are read as a Unix number, with a warning; the
  // date they write is the first choice offered, and choosing it converts it.
  await page.fill("#zone", "America/New_York");
  await type(page, "20140601");
  await page.waitForFunction(() => document.querySelector("#warnings").textContent.includes("as a date written yyyymmdd it would be 2014-06-01T00:00:00"));
  await waitText(page, "[data-field=iso]", "1970-08-22T02:36:41.000Z");
  await page.waitForSelector("#alternatives-row", { state: "visible" });
  const dateChoice = page.locator("#alternatives li:first-child button");
  assert.equal(await dateChoice.getAttribute("data-reading"), "date");
  assert.equal(await dateChoice.textContent(), "Read as the date 2014-06-01T00:00:00 in America/New_York");
  await page.screenshot({ path: path.join(shots, "compact-date.png"), fullPage: true });
  await dateChoice.click();
  await waitText(page, "[data-field=iso]", "2014-06-01T04:00:00.000Z");
  assert.equal(await text(page, "[data-field=local]"), "2014-06-01 00:00:00");
  assert.equal(await page.inputValue("#input"), "2014-06-01T00:00:00");
  assert.equal(await page.locator("#warnings li").count(), 0, "the date reading needs no warning");
  assert.ok(page.url().includes("timestamp=2014-06-01T00%3A00%3A00"), page.url());
  await type(page, "20140601123045");
  await page.waitForFunction(() => document.querySelector("#alternatives li:first-child button")?.textContent
    === "Read as the date 2014-06-01T12:30:45 in America/New_York");
  await page.click("#alternatives li:first-child button");
  await waitText(page, "[data-field=iso]", "2014-06-01T16:30:45.000Z");

  // A pasted chat message: each date becomes its Discord code, read in the
  // page's zone and language; the list says what each was read as.
  await page.fill("#extract-text", "let's meet tomorrow at 8pm EST, or Friday 3pm");
  await page.waitForFunction(() => document.querySelectorAll("#found tr").length === 2);
  assert.equal(await text(page, "#extract-count"), "2 dates found, read in America/New_York (en).");
  assert.equal(await page.getAttribute("#extract-count", "aria-live"), "polite");
  const found = await page.evaluate(() => [...document.querySelectorAll("#found tr")].map((tr) => ({
    text: tr.querySelector("[data-field=found-text]").textContent,
    readAs: tr.querySelector("[data-field=found-read_as]").textContent,
    rfc3339: tr.querySelector("[data-field=found-rfc3339]").textContent,
    discord: tr.querySelector("[data-field=found-discord]").textContent,
  })));
  assert.deepEqual(found.map((f) => f.text), ["tomorrow at 8pm EST", "Friday 3pm"]);
  assert.match(found[0].readAs, /^\d{4}-\d\d-\d\dT20:00:00-05:00 \(EST\)$/);
  assert.match(found[1].readAs, /^\d{4}-\d\d-\d\dT15:00:00 in America\/New_York$/);
  for (const f of found) {
    assert.equal(f.discord, "<t:" + Date.parse(f.rfc3339) / 1000 + ":F>", JSON.stringify(f));
  }
  const rewritten = "let's meet " + found[0].discord + ", or " + found[1].discord;
  assert.equal(await text(page, "#rewritten"), rewritten);
  assert.ok(page.url().includes("text=let%27s+meet"), page.url());
  await page.click("#copy-rewritten");
  await page.waitForFunction(() => document.querySelector("#copy-rewritten").textContent === "Copied!");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), rewritten, "the whole rewritten message is copied");
  await page.locator("#extract-section").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "extract.png"), fullPage: true });
  // Characters beyond the BMP count once, as the API counts them.
  await page.fill("#extract-text", "🎉 party on March 5 🎉 ok");
  await page.waitForFunction(() => /^🎉 party on <t:\d+:D> 🎉 ok$/.test(document.querySelector("#rewritten").textContent));
  // The zone and the language of the page are the extract box's too.
  await page.fill("#zone", "Asia/Tokyo");
  await page.fill("#extract-text", "see you Friday 3pm");
  await page.waitForFunction(() => document.querySelector("[data-field=found-read_as]")?.textContent.endsWith("T15:00:00 in Asia/Tokyo"));
  assert.ok((await text(page, "[data-field=found-rfc3339]")).endsWith("T15:00:00+09:00"));
  await page.selectOption("#locale", "de");
  await page.fill("#extract-text", "Treffen wir uns morgen um 20 Uhr?");
  await waitText(page, "#extract-count", "1 date found, read in Asia/Tokyo (de).");
  assert.match(await text(page, "[data-field=found-read_as]"), /T20:00:00 in Asia\/Tokyo$/);
  await page.selectOption("#locale", "");
  // An error of the API is shown in place of the results.
  await page.fill("#extract-text", "x".repeat(16385));
  await page.waitForFunction(() => document.querySelector("#extract-error").textContent.includes("at most 16384"));
  assert.ok(await page.locator("#extract-results").isHidden());
  assert.equal(await page.getAttribute("#extract-error", "role"), "alert");
  await page.fill("#extract-text", "nothing to see here");
  await waitText(page, "#extract-count", "No dates found in this message.");
  assert.equal(await text(page, "#extract-error"), "");
  await page.fill("#extract-text", "");
  await waitText(page, "#extract-count", "");
  assert.ok(!page.url().includes("text="), page.url());

  // A schedule: its next runs in the page's zone and in UTC (the same
  // instants), the next clock change's note, the link; an error in place.
  await page.fill("#zone", "Europe/Berlin");
  await view(page, "schedules");
  await page.fill("#schedule-text", "30 2 * * *");
  await page.waitForFunction(() => document.querySelectorAll("#schedule-runs tr").length === 5);
  assert.equal(await text(page, "#schedule-description"), "At 02:30. (cron, computed in Europe/Berlin)");
  assert.equal(await page.getAttribute("#schedule-description", "lang"), "en");
  // The description follows the language chosen under Discord.
  await view(page, "discord");
  await page.selectOption("#locale", "de");
  await view(page, "schedules");
  await waitText(page, "#schedule-description", "Um 02:30. (cron, computed in Europe/Berlin)");
  assert.equal(await page.getAttribute("#schedule-description", "lang"), "de");
  await view(page, "discord");
  await page.selectOption("#locale", "");
  await view(page, "schedules");
  await waitText(page, "#schedule-description", "At 02:30. (cron, computed in Europe/Berlin)");
  const runs = await page.evaluate(() => [...document.querySelectorAll("#schedule-runs tr")]
    .map((tr) => [...tr.querySelectorAll("code")].map((code) => code.textContent)));
  for (const [local, utc] of runs) {
    assert.match(local, /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{4}-\d\d-\d\dT0[23]:\d\d:00\+0[12]:00$/, local);
    assert.equal(Date.parse(local.split(" ")[1]), Date.parse(utc), local + " " + utc);
  }
  assert.ok((await text(page, "#schedule-dst")).startsWith("Next clock change, "), await text(page, "#schedule-dst"));
  assert.ok(page.url().includes("schedule=30+2"), page.url());
  await page.locator("#schedule-section").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "schedule.png"), fullPage: true });
  await page.fill("#schedule-text", "0 9 * * MNO");
  await page.waitForFunction(() => document.querySelector("#schedule-error").textContent.includes("did you mean MON?"));
  assert.ok(await page.locator("#schedule-table").isHidden());
  assert.equal(await page.getAttribute("#schedule-error", "role"), "alert");
  await page.fill("#schedule-text", "");
  await waitText(page, "#schedule-error", "");
  await page.fill("#input", "");
  await page.fill("#zone", "Asia/Tokyo");
  await view(page, "convert");

  // An invalid input shows the API's message in place.
  await type(page, "2023-02-30");
  await page.waitForFunction(() => document.querySelector("#error").textContent.includes("day"));
  assert.ok(await page.locator("#results").isHidden());
  await page.screenshot({ path: path.join(shots, "invalid-input.png"), fullPage: true });

  // A DST gap offers the disambiguation.
  await page.fill("#zone", "America/New_York");
  await type(page, "2024-03-10T02:30:00");
  await page.waitForSelector("#disambiguation-row", { state: "visible" });
  await page.selectOption("#disambiguation", "earlier");
  await waitText(page, "[data-field=rfc3339]", "2024-03-10T01:30:00-05:00");
  assert.ok(page.url().includes("disambiguation=earlier"));

  // Add / difference: a calendar day across New York's 23-hour day, and the
  // exact span until another instant, both shared in the link.
  await page.selectOption("#disambiguation", "compatible");
  await type(page, "2024-03-09T12:00:00-05:00");
  await view(page, "arithmetic");
  await page.fill("#duration", "P1D");
  await waitText(page, "[data-field=sum-rfc3339]", "2024-03-10T12:00:00-04:00");
  await page.fill("#duration", "24h");
  await waitText(page, "[data-field=sum-rfc3339]", "2024-03-10T13:00:00-04:00");
  assert.equal(await text(page, "[data-field=sum-duration]"), "PT24H");
  await page.fill("#until", "2024-03-11T00:00:00-04:00");
  await waitText(page, "[data-field=diff-duration]", "P1DT12H");
  assert.equal(await text(page, "[data-field=diff-human]"), "1 day, 12 hours");
  assert.equal(await text(page, "[data-field=diff-days]"), "1.5");
  assert.equal(await text(page, "[data-field=diff-hours]"), "35");
  assert.ok(page.url().includes("duration=24h") && page.url().includes("to=2024-03-11"), page.url());
  await page.screenshot({ path: path.join(shots, "add-difference.png"), fullPage: true });
  await page.fill("#duration", "3 fortnights");
  await page.waitForFunction(() => document.querySelector("#arithmetic-error").textContent.includes("invalid duration"));
  await page.fill("#duration", "");
  await page.fill("#until", "");
  await page.waitForFunction(() => document.querySelectorAll("#sum tr, #difference tr").length === 0);
  await view(page, "convert");

  // A pasted Discord id: the alternatives offer its date as a Snowflake;
  // choosing it sets the epoch and shows the id's fields.
  await type(page, "175928847299117063");
  await page.waitForSelector("#alternatives-row", { state: "visible" });
  await page.click("#alternatives button[data-epoch=discord]");
  await waitText(page, "[data-field=iso]", "2016-04-30T11:18:25.796Z");
  assert.ok(page.url().includes("epoch=discord"), page.url());
  assert.equal(await text(page, "[data-field=id-worker_id]"), "1");
  assert.equal(await text(page, "[data-field=id-increment]"), "7");
  await page.screenshot({ path: path.join(shots, "snowflake.png"), fullPage: true });
  // An ObjectId needs no epoch; every other epoch and first ID is written.
  await page.selectOption("#epoch", "");
  await type(page, "507f1f77bcf86cd799439011");
  await waitText(page, "[data-field=iso]", "2012-10-17T21:13:27.000Z");
  assert.equal(await text(page, "[data-field=id-counter]"), "4427793");
  assert.equal(await text(page, "[data-field=epoch-filetime]"), "129949820070000000");
  assert.equal(await text(page, "[data-field=id-preset-objectid]"), "507f1f770000000000000000");
  assert.ok(await page.locator("#alternatives-row").isHidden(), "an ID has no other readings");

  // The copy button copies, and says so.
  await type(page, "1700000000");
  await waitText(page, "[data-field=rfc3339]", "2023-11-14T17:13:20-05:00");
  const button = page.locator("#representations tr:nth-child(3) button.copy");
  const copied = () => page.waitForFunction(() =>
    document.querySelector("#representations tr:nth-child(3) button.copy").textContent === "Copied!");
  await button.click();
  await copied();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "2023-11-14T17:13:20-05:00");
  assert.equal(await text(page, "#copy-status"), "RFC 3339 copied", "screen readers hear it");
  await page.waitForFunction(() => document.querySelector("#representations tr:nth-child(3) button.copy").textContent === "Copy");
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await button.focus();
  await page.keyboard.press("Enter");
  await copied();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "2023-11-14T17:13:20-05:00", "copy works from the keyboard");

  // The clock ticks.
  const first = await text(page, "#clock-seconds");
  await page.waitForFunction((f) => document.querySelector("#clock-seconds").textContent !== f, first, { timeout: 5000 });

  // The picker: a date and time picked (with the mouse's fill, then from
  // the keyboard alone) is read as the zone's wall clock, and the codes follow.
  await view(page, "discord");
  await page.fill("#zone", "America/New_York");
  await page.fill("#picker", "2026-07-04T12:30");
  await waitText(page, "[data-field=discord-F]", "<t:" + Date.parse("2026-07-04T16:30:00Z") / 1000 + ":F>");
  assert.match(await page.inputValue("#input"), /^2026-07-04T12:30(:00)?$/);
  await waitText(page, "[data-field=discord-preview-F]", "Saturday, July 4, 2026 at 12:30 PM");
  await page.focus("#picker");
  await page.keyboard.press("Shift+Tab"); // back to the picker's first field, the month
  await page.keyboard.press("Tab");
  for (const key of ["1", "2", "2", "5", "2", "0", "2", "7", "ArrowRight", "0", "8", "1", "5", "0", "0", "A"]) {
    await page.keyboard.press(key);
  }
  await waitText(page, "[data-field=discord-F]", "<t:" + Date.parse("2027-12-25T13:15:00Z") / 1000 + ":F>");
  assert.match(await page.inputValue("#input"), /^2027-12-25T08:15(:00)?$/);
  // The shortcuts write what they mean in the box, for the visitor to see.
  await page.click(".picker-row button[data-text='tomorrow 9:00']");
  await page.waitForFunction(() => /T09:00:00 in America\/New_York$/.test(document.querySelector("#read-as").textContent));
  assert.equal(await page.inputValue("#input"), "tomorrow 9:00");
  assert.match(await page.inputValue("#picker"), /T09:00(:00)?$/);
  await page.click(".picker-row button[data-text='+1 hour']");
  // An hour from the moment it was read, floored to the second as the code is.
  await page.waitForFunction(() => /^in (1 hour|59 minutes)$/.test(document.querySelector("[data-field=discord-preview-R]").textContent));
  // The relative code ticks as a reader's client does, with no new input.
  await type(page, String(Math.floor(Date.now() / 1000) - 3));
  await page.waitForFunction(() => /^\d+ seconds ago$/.test(document.querySelector("[data-field=discord-preview-R]").textContent));
  const before = await text(page, "[data-field=discord-preview-R]");
  await page.waitForFunction((b) => /^\d+ seconds ago$/.test(document.querySelector("[data-field=discord-preview-R]").textContent)
    && document.querySelector("[data-field=discord-preview-R]").textContent !== b, before, { timeout: 5000 });
  // Copying a code of the Discord view.
  await type(page, "1700000000");
  await waitText(page, "[data-field=discord-R]", "<t:1700000000:R>");
  await page.click("#discord tr[data-style=R] button.copy");
  await page.waitForFunction(() => document.querySelector("#discord tr[data-style=R] button.copy").textContent === "Copied!");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "<t:1700000000:R>");

  // Each view opens from its link, and the link keeps it as the view changes.
  for (const [name, shown] of [["convert", "#results"], ["arithmetic", "#arithmetic-section"], ["schedules", "#schedule-section"], ["discord", "#discord-section"]]) {
    const linked = await context.newPage();
    await linked.goto(base + "/?timestamp=1700000000&timezone=America/New_York#" + name);
    await waitText(linked, "[data-field=rfc3339]", "2023-11-14T17:13:20-05:00");
    await linked.waitForSelector(shown, { state: "visible" });
    const visible = await linked.evaluate(() => ["#results", "#arithmetic-section", "#schedule-section", "#discord-section", "#extract-section"]
      .filter((s) => document.querySelector(s).offsetParent !== null));
    assert.deepEqual(visible, name === "discord" ? ["#discord-section", "#extract-section"] : [shown], name);
    await linked.fill("#input", "1700000001");
    await waitText(linked, "[data-field=seconds]", "1700000001");
    assert.ok(linked.url().endsWith("timestamp=1700000001&timezone=America%2FNew_York#" + name), linked.url());
    await linked.close();
  }
  // What is in a view opens it (an old link to a section).
  const section = await context.newPage();
  await section.goto(base + "/#schedule-title");
  await section.waitForFunction(() => document.body.dataset.view === "schedules");
  await section.close();

  // Nothing scrolls sideways or breaks inside a word, in any view, at 1280 px:
  // a UUID, a long zone name and the clock changes of a zone with long names.
  await page.fill("#zone", "America/Argentina/ComodRivadavia");
  await type(page, "01932c07-209c-7c9a-8000-000000000000");
  await waitText(page, "[data-field=iso]", "2024-11-14T18:54:44.892Z");
  for (const name of ["discord", "convert", "arithmetic", "schedules"]) {
    await view(page, name);
    if (name === "schedules") {
      await page.fill("#schedule-text", "FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=9;BYMINUTE=30");
      await page.waitForFunction(() => document.querySelectorAll("#schedule-runs tr").length === 5);
    }
    if (name === "arithmetic") {
      await page.fill("#until", "2030-01-01T00:00:00Z");
      await page.waitForSelector("[data-field=diff-human]");
    }
    assert.deepEqual(await misfits(page), [], name + " at 1280 px");
    if (name === "arithmetic") await page.fill("#until", "");
    if (name === "schedules") await page.fill("#schedule-text", "");
  }
  await view(page, "convert");
  await page.fill("#zone", "Europe/London");
  await page.waitForFunction(() => document.querySelector("#transitions-zone").textContent === "Europe/London");
  assert.deepEqual(await misfits(page), [], "the clock changes at 1280 px");
  await view(page, "discord");

  // An invalid link shows the error, not a blank page.
  await page.goto(base + "/?timestamp=nope&timezone=UTC");
  await page.waitForFunction(() => document.querySelector("#error").textContent.includes("nope"));
  await context.close();

  // Dark theme, and a phone.
  const dark = await browser("dark", { width: 390, height: 844 });
  await dark.page.goto(base + "/?timestamp=1700000000&timezone=Europe/Paris&text=" + encodeURIComponent("call at 10:00 CET on 2023-11-20, ok?"));
  await waitText(dark.page, "[data-field=rfc3339]", "2023-11-14T23:13:20+01:00");
  await waitText(dark.page, "#rewritten", "call at <t:1700470800:F>, ok?");
  const background = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(background, "rgb(18, 20, 24)", "the dark theme follows the system");
  const overflow = await dark.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(overflow, "nothing wider than a phone");
  await dark.page.waitForFunction(() => document.querySelector("#clock-iso").textContent.endsWith("Z"));
  assert.deepEqual(await misfits(dark.page), [], "the Discord view on a phone");
  for (const name of ["convert", "arithmetic", "schedules"]) {
    await view(dark.page, name);
    if (name === "schedules") {
      await dark.page.fill("#schedule-text", "0 9 * * 1-5");
      await dark.page.waitForFunction(() => document.querySelectorAll("#schedule-runs tr").length === 5);
    }
    assert.deepEqual(await misfits(dark.page), [], name + " on a phone");
    await dark.page.screenshot({ path: path.join(shots, "phone-" + name + ".png"), fullPage: true });
  }
  // One column on a phone: every card's cells stack.
  const columns = await dark.page.evaluate(() => [...document.querySelectorAll(".controls, .grid2")]
    .map((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length));
  assert.ok(columns.every((n) => n === 1), columns.join());
  await view(dark.page, "discord");
  await dark.page.screenshot({ path: path.join(shots, "phone-dark.png"), fullPage: true });
  await dark.page.locator("#extract-section").screenshot({ path: path.join(shots, "phone-dark-extract.png") });
  await type(dark.page, "20140601");
  await dark.page.waitForSelector("#alternatives button[data-reading=date]");
  await dark.page.locator("section").nth(1).screenshot({ path: path.join(shots, "phone-dark-compact.png") });
  await dark.context.close();
  for (const host of [...hosts, ...dark.hosts]) assert.equal(host, origin, "the page asked another host: " + host);

  // With API keys on, the page asks for one and keeps it in the browser.
  const keyed = await browser();
  await keyed.page.goto(keyedBase + "/?timestamp=1700000000&timezone=UTC");
  await keyed.page.waitForSelector("#key-row", { state: "visible" });
  await keyed.page.fill("#api-key", apiKey);
  await keyed.page.press("#api-key", "Enter");
  await keyed.page.dispatchEvent("#api-key", "change");
  await waitText(keyed.page, "[data-field=rfc3339]", "2023-11-14T22:13:20Z");
  assert.equal(await keyed.page.evaluate(() => localStorage.getItem("tsconv-api-key")), apiKey);
  await keyed.page.fill("#extract-text", "on 2023-11-14 at 22:13:20");
  await waitText(keyed.page, "[data-field=found-discord]", "<t:1700000000:F>");
  await keyed.context.close();
  for (const host of keyed.hosts) assert.equal(host, new URL(keyedBase).host);
  for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  console.log("playground: all checks passed; screenshots in " + shots);
}

main().catch((error) => { console.error(error); process.exit(1); });
