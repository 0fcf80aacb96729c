// crawl dashboard: hash-routed views over the JSON API under /api/.
// Everything the pages show is built with DOM calls (textContent), never
// innerHTML, so stored page text cannot inject markup.
"use strict";

const view = document.getElementById("view");
const statusLine = document.getElementById("status");
let timer = null;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// The token, when the dashboard was opened with ?token=…: control requests
// (pause, resume, stop) must carry it in a header, never the cookie alone.
const opened = new URLSearchParams(location.search).get("token");
if (opened) sessionStorage.setItem("crawl_token", opened);

async function control(action) {
  const t = sessionStorage.getItem("crawl_token");
  if (!t) {
    statusLine.textContent = "control needs the token: open the dashboard with ?token=…";
    return;
  }
  const r = await fetch(`/api/control/${action}`, { method: "POST", headers: { Authorization: `Bearer ${t}` } });
  const body = await r.json();
  statusLine.textContent = r.ok ? `${action}: ${body.status}` : `${action}: error: ${body.error}`;
  if (r.ok) route();
}

async function api(path) {
  const r = await fetch(path, { credentials: "same-origin" });
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function fmt(n, digits) {
  if (typeof n !== "number") return String(n);
  return digits === undefined ? n.toLocaleString("en") : n.toFixed(digits);
}

function card(id, key, value) {
  return el("div", { class: "card" }, el("div", { class: "v", id: id }, value), el("div", { class: "k" }, key));
}

function table(id, cols, rows, opts) {
  opts = opts || {};
  const head = el("tr", {}, ...cols.map((c) => {
    const th = el("th", {}, c.label);
    if (opts.sort && c.key) {
      th.classList.add("sortable");
      if (opts.sort.key === c.key) th.classList.add("sorted");
      th.addEventListener("click", () => opts.onSort(c.key));
    }
    return th;
  }));
  const body = el("tbody", {}, ...rows.map((r) => el("tr", {}, ...cols.map((c) => {
    const v = c.cell ? c.cell(r) : r[c.key];
    return el("td", {}, v instanceof Node ? v : String(v));
  }))));
  return el("table", { id: id }, el("thead", {}, head), body);
}

function pager(list, go) {
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const d = el("div", { class: "pager" });
  if (list.page > 1) d.append(el("button", { onclick: () => go(list.page - 1) }, "previous"));
  d.append(`page ${list.page} of ${pages} (${fmt(list.total)} in all)`);
  if (list.page < pages) d.append(el("button", { onclick: () => go(list.page + 1) }, "next"));
  return d;
}

// lineChart draws series [{name, cls, dot, pts: [{x, y}]}] as SVG
// polylines with dots (class dot), with a legend when a series is named.
function lineChart(id, series, xLabel, yLabel, yMax) {
  const W = 640, H = 240, L = 50, B = 30, T = 10, R = 10;
  const s = svg("svg", { id: id, class: "chart", width: W, height: H, viewBox: `0 0 ${W} ${H}` });
  const all = series.flatMap((c) => c.pts);
  const xm = Math.max(1, ...all.map((p) => p.x));
  const ym = yMax || Math.max(1e-9, ...all.map((p) => p.y));
  const X = (x) => L + (x / xm) * (W - L - R);
  const Y = (y) => H - B - (y / ym) * (H - B - T);
  s.append(svg("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }));
  s.append(svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }));
  const t = (x, y, txt, anchor, cls) => {
    const e = svg("text", { x: x, y: y, "text-anchor": anchor || "start" });
    if (cls) e.setAttribute("class", cls);
    e.textContent = txt;
    s.append(e);
  };
  t(L - 4, T + 10, fmt(ym, ym < 10 ? 2 : 0), "end");
  t(L - 4, H - B, "0", "end");
  t(W - R, H - 8, `${fmt(xm)} ${xLabel}`, "end");
  t(L + 4, T + 10, yLabel);
  series.forEach((c, i) => {
    if (c.pts.length > 0) {
      s.append(svg("polyline", { class: `line ${c.cls || ""}`, points: c.pts.map((p) => `${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(" ") }));
      for (const p of c.pts) s.append(svg("circle", { class: c.dot || "pt", cx: X(p.x).toFixed(1), cy: Y(p.y).toFixed(1), r: 2.5 }));
    }
    if (c.name) {
      const ly = T + 12 + i * 16;
      s.append(svg("line", { class: `line ${c.cls || ""}`, x1: W - R - 190, y1: ly - 4, x2: W - R - 170, y2: ly - 4 }));
      t(W - R - 165, ly, c.name, "start", "legend");
    }
  });
  return s;
}

// How a crawl stops or stopped, by the engine's reason.
const stopReasons = {
  "frontier-empty": "done", "max-pages": "budget reached", "interrupted": "interrupted",
  "hook-stop": "stopped by a hook", "error": "stopped by an error",
};

// runState words the engine's state: running, paused, stopping (why) or
// finished (how) as soon as the engine's run is over.
function runState(run) {
  const why = stopReasons[run.reason] || run.reason;
  if (run.state === "ended") return `finished: ${why}`;
  if (run.state === "stopping") return `stopping: ${why}`;
  return run.state;
}

// ---- views ----

async function overview() {
  const o = await api("/api/overview");
  const run = o.run;
  const state = run ? runState(run) : "store (read-only)";
  document.getElementById("mode").textContent = run && run.state !== "ended" ? `live crawl, ${state}` : state;
  const can = (a) => o.control.includes(a);
  const buttons = el("div", { class: "controls" });
  if (can("pause") && !run.paused) buttons.append(el("button", { id: "pause-btn", onclick: () => control("pause") }, "pause"));
  if (can("resume") && run.paused) buttons.append(el("button", { id: "resume-btn", onclick: () => control("resume") }, "resume"));
  if (can("stop")) buttons.append(el("button", { id: "stop-btn", onclick: () => control("stop") }, "stop"));
  // Live: the last second's rate (0 while paused), the run's average beside it.
  const rate = o.rates.length ? o.rates[o.rates.length - 1].rate : 0;
  const cards = el("div", { class: "cards" },
    card("crawl-state", "crawl", state),
    card("pages-fetched", run ? "pages fetched (this run)" : "pages stored", fmt(run ? run.fetched : o.store.pages)),
    card("pages-stored", "pages in store", fmt(o.store.pages)),
    card("pages-rate", run ? `pages/s (run average ${fmt(run.pages_per_second, 1)})` : "pages/s at the end", fmt(rate, 1)),
    card("queued", "queued", fmt(run ? run.queued : o.store.queued)),
    card("inflight", "in flight", fmt(run ? run.in_flight : 0)),
    card("failures", "failed URLs", fmt(o.store.failures)),
    card("harvest", "harvest rate", fmt(o.store.harvest, 3)),
    card("clusters", "template clusters", fmt(o.store.clusters)),
    card("records", "records", fmt(o.store.records)));
  const errs = Object.entries(run ? run.errors : o.store.errors).sort((a, b) => b[1] - a[1]);
  const status = Object.entries(o.store.status).sort();
  const pts = o.rates.filter((p, i) => i > 0).map((p, i) => ({ x: i + 1, y: p.rate }));
  view.replaceChildren(el("h2", {}, "Overview"), buttons, cards,
    el("h2", {}, "Pages per second"), lineChart("rate-chart", [{ pts: pts }], "samples", "pages/s"),
    el("h2", {}, "Errors by kind"),
    table("errors-table", [{ label: "kind", key: 0 }, { label: "URLs", key: 1 }], errs),
    el("h2", {}, "Pages by status class"),
    table("status-table", [{ label: "class", key: 0 }, { label: "pages", key: 1 }], status));
  return 1000; // refresh every second
}

async function focus() {
  const f = await api("/api/focus?size=25");
  const series = [{ name: "this crawl", pts: f.harvest.map((p) => ({ x: p.pages, y: p.harvest })) }];
  if (f.bfs) {
    series.push({ name: f.bfs.name, cls: "bfs", dot: "bpt", pts: f.bfs.harvest.map((p) => ({ x: p.pages, y: p.harvest })) });
  }
  view.replaceChildren(el("h2", {}, "Harvest rate against pages fetched"),
    lineChart("harvest-chart", series, "pages", "harvest rate",
      Math.min(1, 1.15 * Math.max(0.01, ...series.flatMap((c) => c.pts.map((p) => p.y))))),
    el("p", { class: "note" }, f.bfs ? `Reference: ${f.bfs.name}, ${fmt(f.bfs.pages)} pages, drawn up to this crawl's count.`
      : "No BFS reference: start with -serve-bfs FILE (a BFS crawl's store or harvest.csv) to draw one."),
    el("h2", {}, "Topic terms"),
    el("p", { id: "topic-terms", class: "words" }, f.topic_terms.length ? f.topic_terms.slice(0, 30).join(", ") : "no topic (topic.enabled is off)"),
    el("h2", {}, `Best queued links (${fmt(f.queue.total)} queued)`),
    table("queue-table", [
      { label: "priority", cell: (q) => fmt(q.priority, 3) },
      { label: "URL", key: "url" },
      { label: "anchor", key: "anchor" },
      { label: "from", key: "parent" },
      { label: "label", key: "label" },
      { label: "score", cell: (q) => fmt(q.score, 3) },
      { label: "tags", cell: (q) => q.tags.join(" ") },
      { label: "depth", key: "depth" }], f.queue.items));
  return 3000;
}

const hostState = { sort: "queued", order: "desc", page: 1 };
async function hosts() {
  const q = `/api/hosts?sort=${hostState.sort}&order=${hostState.order}&page=${hostState.page}&size=50`;
  const h = await api(q);
  const resort = (key) => {
    hostState.order = hostState.sort === key && hostState.order === "desc" ? "asc" : "desc";
    hostState.sort = key;
    hostState.page = 1;
    route();
  };
  const endAt = (h.items.find((r) => r.state === "end-of-crawl") || {}).state_at;
  const caption = h.items.some((r) => r.state === "live") ? "Delay, robots.txt and Crawl-delay: live."
    : endAt ? `Delay, robots.txt and Crawl-delay: as at the end of the crawl (${endAt}).`
    : "Delay, robots.txt and Crawl-delay: not known for this store.";
  view.replaceChildren(el("h2", {}, "Hosts"),
    el("p", { id: "hosts-state", class: "note" }, caption),
    table("hosts-table", [
      { label: "host", key: "host" }, { label: "queued", key: "queued" },
      { label: "fetched", key: "fetched" }, { label: "failed", key: "failed" },
      { label: "in flight", key: "in_flight" },
      { label: "delay ms", key: "delay", cell: (r) => fmt(r.delay_ms, 0) },
      { label: "robots.txt", cell: (r) => r.robots || "-" },
      { label: "Crawl-delay ms", cell: (r) => r.crawl_delay_ms ? fmt(r.crawl_delay_ms, 0) : "-" },
      { label: "as of", cell: (r) => ({ "live": "live", "end-of-crawl": "end of crawl" })[r.state] || "-" }], h.items,
    { sort: { key: hostState.sort }, onSort: resort }),
    pager(h, (p) => { hostState.page = p; route(); }));
  return 3000;
}

let clusterPage = 1;
const recordsAt = { id: null, table: "", page: 1 };
async function clusters(id) {
  const c = await api(`/api/clusters?page=${clusterPage}&size=20`);
  const kids = [el("h2", {}, "Template clusters"),
    table("clusters-table", [
      { label: "cluster", cell: (r) => el("a", { href: `#clusters/${r.id}` }, String(r.id)) },
      { label: "size", key: "size" }, { label: "pages", key: "pages" }, { label: "records", key: "records" },
      { label: "sample pages", cell: (r) => el("div", {}, ...r.samples.map((p) => el("div", {}, el("a", { href: `#page/${p.seq}` }, p.title || p.url)))) }],
    c.items),
    pager(c, (p) => { clusterPage = p; route(); })];
  if (id === undefined && c.items.length) {
    id = (c.items.find((r) => r.records > 0) || c.items[0]).id;
  }
  if (id !== undefined) {
    id = String(id);
    if (recordsAt.id !== id) { recordsAt.id = id; recordsAt.table = ""; recordsAt.page = 1; }
    const r = await api(`/api/clusters/${id}/records?size=50&page=${recordsAt.page}&table=${encodeURIComponent(recordsAt.table)}`);
    // A table per kind of record, as the records export writes them: one
    // tab each, named by its file.
    const tabs = el("div", { class: "tabs", id: "records-tables" }, ...r.tables.map((t) => {
      const a = el("a", { href: `#clusters/${id}`, onclick: (e) => { e.preventDefault(); recordsAt.table = t.name; recordsAt.page = 1; route(); } },
        `${t.file} (${fmt(t.records)})`);
      if (t.name === r.table) a.classList.add("active");
      return a;
    }));
    kids.push(el("h2", {}, `Records of cluster ${id} (${fmt(r.total)})`), tabs,
      el("a", { class: "btn", id: "csv-link", href: r.csv }, "download CSV"),
      table("records-table", r.columns.map((c, i) => ({ label: c, key: i })), r.rows),
      pager(r, (p) => { recordsAt.page = p; route(); }));
  }
  view.replaceChildren(...kids);
  return 0;
}

async function topics() {
  const t = await api("/api/topics?size=100");
  view.replaceChildren(el("h2", {}, "Fuzzy topics"),
    el("p", {}, t.total ? `${fmt(t.total)} topics, largest first` : "No topics yet: fuzzy topics are stored by the crawl's last batch."),
    table("topics-table", [{ label: "topic", key: "id" }, { label: "pages", key: "pages" },
      { label: "top words", cell: (r) => el("span", { class: "words" }, r.words.slice(0, 12).join(", ")) }], t.items));
  return t.total ? 0 : 5000;
}

let pagesPage = 1;
async function pages() {
  const p = await api(`/api/pages?page=${pagesPage}&size=50`);
  view.replaceChildren(el("h2", {}, "Pages, newest first"),
    table("pages-table", [
      { label: "seq", cell: (r) => el("a", { href: `#page/${r.seq}` }, String(r.seq)) },
      { label: "URL", key: "url" }, { label: "status", key: "status" }, { label: "label", key: "label" },
      { label: "relevance", cell: (r) => fmt(r.relevance, 3) }, { label: "cluster", key: "cluster" }, { label: "topic", key: "topic" }],
    p.items),
    pager(p, (n) => { pagesPage = n; route(); }));
  return 0;
}

async function page(seq) {
  const p = await api(`/api/pages/${seq}`);
  const rows = [["URL", p.url], ["final URL", p.final_url], ["status", p.status], ["fetched at", p.fetched_at],
    ["depth", p.depth], ["parent", p.parent], ["title", p.title], ["content type", p.content_type], ["size", p.size],
    ["label", p.label], ["score", fmt(p.score, 3)], ["relevance", fmt(p.relevance, 3)], ["relevant", p.relevant],
    ["cluster", p.cluster], ["topic", `${p.topic} ${p.topic_words.slice(0, 8).join(", ")}`], ["records", p.records]];
  for (const name of Object.keys(p.annotations).sort()) rows.push([name, p.annotations[name]]);
  const link = (l) => l.seq ? el("a", { href: `#page/${l.seq}` }, l.url) : l.url;
  view.replaceChildren(el("h2", {}, `Page ${p.seq}`),
    table("page-table", [{ label: "field", key: 0 }, { label: "value", key: 1 }], rows),
    el("h2", {}, `Out-links (${p.out_links.length})`),
    table("outlinks-table", [{ label: "URL", cell: link }, { label: "anchor", key: "anchor" }, { label: "rel", key: "rel" }], p.out_links),
    el("h2", {}, `In-links (${p.in_links.length})`),
    table("inlinks-table", [{ label: "from", cell: link }, { label: "anchor", key: "anchor" }, { label: "rel", key: "rel" }], p.in_links));
  return 0;
}

const routes = { overview, focus, hosts, clusters, topics, pages, page };

async function route() {
  clearTimeout(timer);
  const [name, arg] = (location.hash.slice(1) || "overview").split("/");
  const fn = routes[name] || overview;
  for (const a of document.querySelectorAll("nav a")) {
    a.classList.toggle("active", a.getAttribute("href") === `#${name === "page" ? "pages" : name}`);
  }
  try {
    const again = await fn(arg);
    statusLine.textContent = `updated ${new Date().toLocaleTimeString()}`;
    // A hidden tab polls at most every 15 seconds; shown again, it updates at once.
    if (again > 0) timer = setTimeout(route, document.hidden ? Math.max(again, 15000) : again);
  } catch (e) {
    statusLine.textContent = `error: ${e.message}`;
    timer = setTimeout(route, 3000);
  }
}

window.addEventListener("hashchange", () => { hostState.page = 1; route(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && timer !== null) route(); });
route();
