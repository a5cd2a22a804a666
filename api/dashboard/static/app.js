// wagerlog live board. Plain ES modules: no build step, no dependency, and
// nothing fetched from anywhere but this server (the page's CSP forbids it).
//
// Data flow: GET /v1/tables fills the picker; for the chosen table the page
// GETs the board once (to show it at once and to learn of a missing token),
// then follows /v1/tables/{table}/board/stream, whose `board` events carry
// the whole Board JSON on connect and after every change. Boards older than
// the one shown (by seq) are ignored, so a reconnect never goes back in time.
//
// Each game draws its own board: the table's terms name its game ("game"
// in GET /v1/tables), and the page loads that game's board module (boards/<game>.js, shipped by the
// game's package and served by the dashboard), mounts its panels and hands
// it every board. This page knows no game: a board of a game without a
// module is drawn as a plain list of results. The drawing helpers the
// modules share are in kit.js.

import { $, el, timeOf } from './kit.js';

const API = '/v1';
// Limits on what the page takes from the server.
const TABLES_MAX = 500; // options in the picker
const EVENT_BYTES_MAX = 4 << 20; // one server-sent event
// Reconnect delays: doubled from the first up to the last, with jitter.
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15000;
const TABLES_RETRY_MS = 5000;
const STREAM_SILENCE_MS = 45000; // three missed heartbeats
const TOKEN_KEY = 'wagerlog.token';
const TABLE_KEY = 'wagerlog.table';
// A game's name, as a board module's file name.
const GAME_NAME = /^[a-z0-9_-]{1,32}$/;

const state = {
  token: '',
  table: '',
  tables: [],
  board: null,
  stream: null,
  retry: 0,
  wallForced: null,
  infoAt: 0, // when the table's terms were last read
  game: '', // the game whose board module is mounted
  view: null, // that module, once loaded
  pending: null, // the last board that came while its module loaded
  pool: '', // the progressive pool shown beside the board (?pool=)
};

// ---------- the board, drawn by its game's module ----------

// modules caches the board modules by game; a failed load is cached as
// null (the plain board), so a missing module is asked for once.
const modules = new Map();

async function boardModule(game) {
  if (!GAME_NAME.test(game)) return null;
  if (!modules.has(game)) {
    let m = null;
    try {
      m = await import(`./boards/${game}.js`);
      if (typeof m.render !== 'function' || typeof m.markup !== 'string') m = null;
    } catch (err) {
      console.warn(`wagerlog: no board module for ${game}`, err);
    }
    modules.set(game, m);
  }
  return modules.get(game);
}

// The plain board of a game without a module: its last results as the
// server rows them.
const plain = {
  classes: 'plain',
  markup: `
  <section data-panel="plain-history" class="panel history" aria-labelledby="results-h">
    <h2 id="results-h" tabindex="-1">Results <span class="muted">newest first</span></h2>
    <ol id="plain-results" class="plain-results"></ol>
  </section>`,
  render(b) {
    const items = b.results.slice(0, 50).map((r) => el('li', {},
      el('span', { class: 'result-no', text: `#${r.number}` }), ' ',
      el('code', { text: JSON.stringify(r.result ?? Object.fromEntries(Object.entries(r).filter(([k]) => !['round', 'number', 'at', 'seq', 'corrected'].includes(k)))) }),
      ' ', el('span', { class: 'muted', text: timeOf(r.at) })));
    if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No results yet.' }));
    $('plain-results').replaceChildren(...items);
    return '';
  },
};

// host is what a board module may ask of the page: the table's terms as
// last read, and reading them again (as of a sequence) when the board
// needs what they hold (an announcement a game's board shows).
const host = {
  table: (id) => state.tables.find((x) => x.id === id) || null,
  refreshTable: async (id, minSeq) => {
    let t = null;
    try {
      t = tableList(await getJSON(`/tables?min_seq=${minSeq}`)).find((x) => x.id === id) || null;
    } catch {
      return; // the periodic refresh of the table brings it later
    }
    if (!t || id !== state.table) return;
    const i = state.tables.findIndex((x) => x.id === id);
    if (i >= 0) state.tables[i] = t;
    else state.tables.push(t);
    if (state.board && state.board.table === id && state.view) state.view.render(state.board, state.board, host);
  },
};

// mount puts view's panels in the page's <main>, in place of the last
// game's.
function mount(game, view) {
  // The module's stylesheet, when its game ships one (boards/<game>.css):
  // linked while the module is mounted, so the page's own style.css holds
  // only what every board shares.
  let link = $('board-style');
  if (view.stylesheet) {
    if (!link) {
      link = el('link', { id: 'board-style', rel: 'stylesheet' });
      document.head.append(link);
    }
    link.href = `boards/${game}.css`;
  } else if (link) {
    link.remove();
  }
  const main = $('board');
  main.className = `board ${view.classes || ''}`.trim();
  main.dataset.game = game;
  main.replaceChildren(document.createRange().createContextualFragment(view.markup));
  state.game = game;
  state.view = view;
}

// gameOf returns the game a table plays, as its terms say (the list of
// tables, or the table's own answer): the board module is chosen by it,
// never by the shape of a board.
function gameOf(table) {
  const t = state.tables.find((x) => x.id === table);
  return t && typeof t.game === 'string' ? t.game : '';
}

function render(b) {
  const game = gameOf(b.table);
  if (game !== state.game || !state.view) {
    // Load the game's module, then draw the last board that came.
    state.pending = b;
    if (state.loading === game) return;
    state.loading = game;
    boardModule(game).then((m) => {
      state.loading = undefined;
      const next = state.pending;
      state.pending = null;
      if (!next || gameOf(next.table) !== game) {
        if (next) render(next);
        return;
      }
      state.board = null;
      mount(game, m || plain);
      draw(next);
    });
    return;
  }
  draw(b);
}

function draw(b) {
  // Results are new (highlighted, announced) only against a real board
  // shown before: not on the first board, nor after a change of table.
  const prev = state.board && state.board.table === b.table && state.board.seq > 0 ? state.board : null;
  state.board = b;
  let said = '';
  try {
    said = state.view.render(b, prev, host) || '';
  } catch (err) {
    console.error('wagerlog: the board module failed', err);
  }
  if (b.seq === 0) return;
  if (Date.now() - (state.infoAt || 0) > TABLE_INFO_MS) refreshTableInfo(b.table);
  $('board').setAttribute('aria-busy', 'false');
  $('updated').textContent = `seq ${b.seq} · updated ${timeOf(new Date())}`;
  if (prev && said) $('announce').textContent = said;
}


// accept takes a board from the server, dropping one for another table or
// older than the one shown.
function accept(b) {
  if (!b || b.table !== state.table || !Array.isArray(b.results)) return;
  if (state.board && state.board.table === b.table && b.seq < state.board.seq) return;
  render(b);
}

// ---------- connection status and notices ----------

const CONN_TEXT = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

function setConn(s, text) {
  const c = $('conn');
  c.dataset.state = s;
  $('conn-text').textContent = text || CONN_TEXT[s] || s;
}

function notice(text) {
  const n = $('notice');
  n.textContent = text || '';
  n.hidden = !text;
}

// ---------- HTTP ----------

class HTTPError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
  }
}

function authHeaders(accept) {
  const h = { Accept: accept };
  if (state.token) h.Authorization = `Bearer ${state.token}`;
  return h;
}

// problem reads an RFC 9457 problem document's detail, if the answer is one.
async function problem(r) {
  try {
    const p = await r.json();
    return p.detail || p.title || '';
  } catch {
    return '';
  }
}

async function getJSON(path) {
  const r = await fetch(API + path, { headers: authHeaders('application/json'), cache: 'no-store' });
  if (!r.ok) throw new HTTPError(r.status, await problem(r));
  return r.json();
}

function explain(err) {
  if (err instanceof HTTPError) {
    if (err.status === 401) return 'This board needs a viewer token: open “Token” and paste one.';
    if (err.status === 403) return 'This token may not read the board: use a viewer token.';
    if (err.status === 404) return `Not found: ${err.message}`;
    return `The server answered ${err.status}: ${err.message}`;
  }
  return 'The server cannot be reached; retrying…';
}

// ---------- the live stream ----------

function boardPath(table) {
  return `/tables/${encodeURIComponent(table)}/board`;
}

function retryDelay() {
  const d = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(state.retry, 10));
  state.retry++;
  return d / 2 + Math.random() * (d / 2);
}

function onEvent(name, data) {
  if (name !== 'board') return;
  try {
    accept(JSON.parse(data));
  } catch (e) {
    console.warn('wagerlog: bad board event', e);
  }
}

// ---------- the stream's worker ----------

// The stream is followed in a dedicated worker (stream.js) when the browser
// has one: a request in flight from the page itself keeps Chromium's
// virtual time from advancing, so a page following an endless stream never
// goes idle for `chromium --headless --screenshot --virtual-time-budget`.
// Requests from a worker do not hold it. Without a worker the page follows
// the stream itself.
const worker = {
  w: null,
  failed: false,
  next: 1,
  handlers: new Map(), // stream id → fn(message)
};

function streamWorker() {
  if (worker.w || worker.failed) return worker.w;
  try {
    worker.w = new Worker('stream.js');
    worker.w.addEventListener('message', (e) => {
      const h = worker.handlers.get(e.data && e.data.id);
      if (h) h(e.data);
    });
  } catch (err) {
    console.warn('wagerlog: no stream worker, following the stream from the page', err);
    worker.failed = true;
  }
  return worker.w;
}

// openEventSource returns an EventSource, or the same interface (open,
// board and error events, readyState, close) over the worker's.
function openEventSource(url) {
  const w = streamWorker();
  if (!w) return new EventSource(url);
  const id = worker.next++;
  const target = new EventTarget();
  const es = {
    readyState: EventSource.CONNECTING,
    addEventListener: (name, fn) => target.addEventListener(name, fn),
    close() {
      es.readyState = EventSource.CLOSED;
      worker.handlers.delete(id);
      w.postMessage({ op: 'close', id });
    },
  };
  worker.handlers.set(id, (m) => {
    if (m.kind === 'open') {
      es.readyState = EventSource.OPEN;
      target.dispatchEvent(new Event('open'));
    } else if (m.kind === 'board') {
      const e = new Event('board');
      e.data = m.data;
      target.dispatchEvent(e);
    } else if (m.kind === 'error') {
      es.readyState = m.readyState;
      target.dispatchEvent(new Event('error'));
    }
  });
  w.postMessage({ op: 'events', id, url });
  return es;
}

// fetchStream fetches url as fetch does, the body as a stream, through the
// worker when there is one; aborting signal ends it.
function fetchStream(url, headers, signal) {
  const w = streamWorker();
  if (!w) return fetch(url, { headers, cache: 'no-store', signal });
  const id = worker.next++;
  return new Promise((resolve, reject) => {
    let body = null;
    const stop = (err) => {
      worker.handlers.delete(id);
      w.postMessage({ op: 'close', id });
      if (body) {
        try {
          body.error(err);
        } catch {
          // already closed
        }
      }
      reject(err);
    };
    signal.addEventListener('abort', () => stop(new DOMException('aborted', 'AbortError')), { once: true });
    worker.handlers.set(id, (m) => {
      if (m.kind === 'response') {
        const stream = new ReadableStream({ start(c) { body = c; } });
        resolve({ ok: m.ok, status: m.status, body: stream, json: async () => m.problem || {} });
      } else if (m.kind === 'chunk' && body) {
        body.enqueue(m.bytes);
      } else if (m.kind === 'end') {
        worker.handlers.delete(id);
        w.postMessage({ op: 'close', id });
        if (body) body.close();
      } else if (m.kind === 'fail') {
        stop(new Error(m.message));
      }
    });
    w.postMessage({ op: 'fetch', id, url, headers });
  });
}

// streamWithEventSource follows the stream with the browser's EventSource,
// which reconnects by itself after a dropped connection; when it gives up
// (an HTTP error), the page asks the board once to say why and tries again.
function streamWithEventSource(table) {
  let closed = false;
  let timer = 0;
  let es = null;
  const open = () => {
    es = openEventSource(API + boardPath(table) + '/stream');
    es.addEventListener('open', () => {
      state.retry = 0;
      setConn('live');
      notice('');
    });
    es.addEventListener('board', (e) => onEvent('board', e.data));
    es.addEventListener('error', () => {
      if (closed) return;
      if (es.readyState === EventSource.CONNECTING) {
        setConn('reconnecting');
        return;
      }
      es.close();
      setConn('reconnecting');
      probe(table);
      timer = setTimeout(open, retryDelay());
    });
  };
  open();
  return { close() { closed = true; clearTimeout(timer); if (es) es.close(); } };
}

// streamWithFetch follows the stream with fetch, which, unlike EventSource,
// can send the Authorization header: the token never goes into a URL. The
// server sends a heartbeat comment every 15 s; a connection silent for
// STREAM_SILENCE_MS is taken for dead and opened again.
function streamWithFetch(table) {
  let closed = false;
  let ctl = null;
  (async () => {
    while (!closed) {
      ctl = new AbortController();
      const mine = ctl;
      let watchdog = 0;
      const feed = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => mine.abort(), STREAM_SILENCE_MS);
      };
      try {
        feed();
        const r = await fetchStream(API + boardPath(table) + '/stream', authHeaders('text/event-stream'), mine.signal);
        if (!r.ok) throw new HTTPError(r.status, await problem(r));
        state.retry = 0;
        setConn('live');
        notice('');
        await readEvents(r.body, onEvent, feed);
      } catch (err) {
        if (closed) return;
        if (err instanceof HTTPError) {
          setConn('offline', err.status === 401 || err.status === 403 ? 'Token needed' : 'Offline');
          notice(explain(err));
        }
      } finally {
        clearTimeout(watchdog);
      }
      if (closed) return;
      if ($('conn').dataset.state === 'live') setConn('reconnecting');
      await new Promise((res) => setTimeout(res, retryDelay()));
    }
  })();
  return { close() { closed = true; if (ctl) ctl.abort(); } };
}

// readEvents parses a text/event-stream body (the WHATWG format: fields,
// blank line ends an event, ':' starts a comment) and calls fn per event.
async function readEvents(body, fn, onBytes) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let name = 'message';
  let data = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buf += value;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      let line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length > 0) fn(name, data.join('\n'));
        name = 'message';
        data = [];
        size = 0;
        continue;
      }
      if (line.startsWith(':')) continue;
      const c = line.indexOf(':');
      const field = c < 0 ? line : line.slice(0, c);
      let val = c < 0 ? '' : line.slice(c + 1);
      if (val.startsWith(' ')) val = val.slice(1);
      if (field === 'event') name = val;
      else if (field === 'data') {
        data.push(val);
        size += val.length;
      }
    }
    if (buf.length + size > EVENT_BYTES_MAX) throw new Error('server-sent event over the size limit');
  }
}

// probe asks for the board once, to show it and to explain a failure.
async function probe(table) {
  try {
    const b = await getJSON(boardPath(table));
    if (table !== state.table) return;
    notice('');
    accept(b);
    return true;
  } catch (err) {
    if (table !== state.table) return false;
    if (err instanceof HTTPError && (err.status === 401 || err.status === 403)) {
      setConn('offline', 'Token needed');
      showTokenForm(true);
    } else if (err instanceof HTTPError) {
      setConn('offline');
    }
    notice(explain(err));
    return false;
  }
}

async function follow(table) {
  if (state.stream) state.stream.close();
  state.stream = null;
  state.retry = 0;
  state.board = null;
  $('board').setAttribute('aria-busy', 'true');
  setConn('connecting');
  if (!gameOf(table)) await refreshTableInfo(table);
  if (table !== state.table) return;
  await probe(table);
  if (table !== state.table) return;
  state.stream = state.token ? streamWithFetch(table) : streamWithEventSource(table);
}

// ---------- tables ----------

function tableList(v) {
  const list = Array.isArray(v) ? v : (v && Array.isArray(v.tables) ? v.tables : []);
  return list.slice(0, TABLES_MAX).filter((t) => t && typeof t.id === 'string');
}

function describeTable(t) {
  return [t.id, t.paytable || t.game, t.currency, t.status === 'closed' ? 'closed' : ''].filter(Boolean).join(' · ');
}

async function loadTables() {
  const sel = $('table');
  const wanted = new URLSearchParams(location.search).get('table') || state.table || localStorage.getItem(TABLE_KEY) || '';
  let tables;
  try {
    tables = tableList(await getJSON('/tables'));
  } catch (err) {
    if (err instanceof HTTPError && (err.status === 401 || err.status === 403)) {
      // Listing the tables needs a role the board does not (a public
      // board, or a viewer token): follow the table the address names.
      if (wanted) {
        tables = [];
      } else {
        sel.replaceChildren(el('option', { value: '', text: 'No table chosen' }));
        setConn('offline', 'No table');
        notice('This server lists its tables only to a token that may read them. Type the id of a table (the demo’s is demo-1), or use “Token”.');
        showTableForm(true);
        return;
      }
    } else {
      notice(explain(err));
      setConn('offline');
      setTimeout(loadTables, TABLES_RETRY_MS);
      return;
    }
  }
  state.tables = tables;
  if (wanted && !tables.some((t) => t.id === wanted)) {
    // A table named in the URL may be opened later: list it anyway.
    tables.unshift({ id: wanted, status: 'unknown' });
  }
  if (tables.length === 0) {
    sel.replaceChildren(el('option', { value: '', text: 'No tables yet' }));
    sel.disabled = true;
    setConn('offline', 'No tables');
    notice('No table is open yet. Open one through the API, or run “wagerlog serve --demo”.');
    setTimeout(loadTables, TABLES_RETRY_MS);
    return;
  }
  sel.replaceChildren(...tables.map((t) => el('option', { value: t.id, text: describeTable(t) })));
  sel.disabled = false;
  const open = tables.find((t) => t.status === 'open');
  const pick = wanted || (open || tables[0]).id;
  sel.value = pick;
  selectTable(pick);
}

function selectTable(id) {
  if (!id || id === state.table) return;
  state.table = id;
  localStorage.setItem(TABLE_KEY, id);
  const u = new URL(location.href);
  u.searchParams.set('table', id);
  history.replaceState(null, '', u);
  const t = state.tables.find((x) => x.id === id);
  $('table-info').textContent = t ? describeTable(t) : id;
  document.title = `${id} · wagerlog live board`;
  renderTableMeta(t);
  state.infoAt = t && t.paytable ? Date.now() : 0;
  follow(id);
  // The pool's panel lists this table's prizes: read them now, not at
  // the next poll.
  if (state.pool) refreshPool(state.pool);
}

// ---------- the table's terms ----------

// The header shows the table's paytable, limits and dealer, from the list
// of tables (or the table's own answer when the list is refused), read
// again at most every TABLE_INFO_MS while boards arrive: a supervisor may
// change the limits or the dealer between rounds.
const TABLE_INFO_MS = 30000;
const LIMITS_SHOWN = 3; // bet limits named in the header; the rest in its title

function limitRange(l) {
  return l && l.min !== undefined ? `${l.min}–${l.max}` : '';
}

function renderTableMeta(t) {
  const box = $('table-meta');
  if (!t || !t.paytable) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $('meta-paytable').textContent = t.paytable;
  $('meta-paytable').title = t.paytable_hash ? `paytable hash ${t.paytable_hash}` : '';
  const codes = Object.keys(t.limits || {}).sort((a, b) => (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b)));
  const bets = codes.map((c) => `${c === '*' ? 'each bet' : c} ${limitRange(t.limits[c])}`);
  const parts = [];
  if (t.band && limitRange(t.band)) parts.push(`table ${limitRange(t.band)}`);
  parts.push(...bets.slice(0, LIMITS_SHOWN));
  if (bets.length > LIMITS_SHOWN) parts.push(`+${bets.length - LIMITS_SHOWN} more`);
  const limits = $('meta-limits');
  limits.textContent = `${parts.join(' · ')}${t.currency ? ` ${t.currency}` : ''}`;
  limits.title = bets.join('\n');
  $('meta-dealer').textContent = t.dealer || '–';
  // A player-banked table: who holds the bank
  // and its balance now.
  $('meta-bank-row').hidden = !t.bank;
  $('meta-bank').textContent = t.bank ? `${t.bank.banker} · ${t.bank.balance}${t.currency ? ` ${t.currency}` : ''}` : '';
}

async function refreshTableInfo(id) {
  state.infoAt = Date.now();
  let t = null;
  try {
    t = tableList(await getJSON('/tables')).find((x) => x.id === id) || null;
  } catch {
    t = null;
  }
  if (!t) {
    try {
      t = await getJSON(`/tables/${encodeURIComponent(id)}`);
    } catch {
      t = null;
    }
  }
  if (id !== state.table) return;
  if (t) {
    const i = state.tables.findIndex((x) => x.id === id);
    if (i >= 0) state.tables[i] = t;
    else state.tables.push(t);
  }
  renderTableMeta(t);
  // The table's game known at last (or changed): draw the board with its
  // module.
  if (state.board && state.board.table === id && gameOf(id) !== state.game) render(state.board);
}

// ---------- token ----------

function readToken() {
  // #token=… in the URL is taken once and removed, so the token does not
  // stay in the address bar, the history or a screenshot of the page.
  const h = new URLSearchParams(location.hash.slice(1));
  const t = h.get('token');
  if (t) {
    localStorage.setItem(TOKEN_KEY, t);
    const u = new URL(location.href);
    u.hash = '';
    history.replaceState(null, '', u);
  }
  state.token = localStorage.getItem(TOKEN_KEY) || '';
}

function showTableForm(show) {
  $('table-form').hidden = !show;
  if (show) $('table-input').focus();
}

function showTokenForm(show) {
  $('token-form').hidden = !show;
  $('token-open').setAttribute('aria-expanded', String(show));
  if (show) $('token-input').focus();
}

function setToken(t) {
  if (t) localStorage.setItem(TOKEN_KEY, t);
  else localStorage.removeItem(TOKEN_KEY);
  state.token = t;
  showTokenForm(false);
  notice('');
  const table = state.table;
  state.table = '';
  if (table && state.tables.length > 0) selectTable(table);
  else loadTables();
}

// ---------- layout ----------

// The wall layout (large type, everything on one 1920×1080 screen) is
// chosen by ?wall=1, refused by ?wall=0, and otherwise used on any screen
// at least 1600×860.
function setupWall() {
  const p = new URLSearchParams(location.search).get('wall');
  state.wallForced = p === '1' ? true : p === '0' ? false : null;
  const mq = window.matchMedia('(min-width: 1600px) and (min-height: 860px)');
  const apply = () => {
    const wall = state.wallForced ?? mq.matches;
    document.documentElement.classList.toggle('wall', wall);
    if (state.board && state.view) draw(state.board);
  };
  mq.addEventListener('change', apply);
  apply();
}

// ---------- the progressive pool ----------

// ?pool=<id> shows the pool's amount (its main pool, the balance players
// can win) and its last winners beside the board, and the chosen table's
// last 50 prizes (GET /v1/pools/{pool}, /v1/pools/{pool}/tables/{table}/prizes),
// read again every POOL_POLL_MS (the live stream is
// /v1/pools/{pool}/stream for a table display).
const POOL_POLL_MS = 5000;
const POOL_ID = /^[A-Za-z0-9_-]{1,64}$/;

function prizeItem(p) {
  const amount = String(p.amount).replace(/^-/, '');
  const who = String(p.other || '').replace(/^wallet:/, '');
  return el('li', {}, `${amount} · ${who} · ${p.table || ''} · ${timeOf(p.at)}`);
}

async function refreshPool(pool) {
  // A prize is a flush or better on a progressive bet (about one hand in
  // 270): a pool may go a long while without one, and the lists say so
  // rather than stay blank.
  const none = (text) => [el('li', { class: 'empty', text })];
  try {
    const v = await getJSON(`/pools/${encodeURIComponent(pool)}`);
    $('pool-main').textContent = String(v.main);
    $('pool-currency').textContent = v.currency || '';
    const winners = (v.last_winners || []).slice(0, 10);
    $('pool-winners').replaceChildren(...(winners.length ? winners.map(prizeItem) : none('No prize won yet.')));
    if (state.table) {
      const ps = await getJSON(`/pools/${encodeURIComponent(pool)}/tables/${encodeURIComponent(state.table)}/prizes`);
      $('pool-table-prizes').replaceChildren(...(Array.isArray(ps) && ps.length ? ps.map(prizeItem) : none('No prize at this table yet.')));
    }
    $('pool').hidden = false;
  } catch (e) {
    console.warn('wagerlog: pool', e);
  }
}

function setupPool() {
  const pool = new URLSearchParams(location.search).get('pool');
  if (!pool || !POOL_ID.test(pool)) return;
  $('pool-id').textContent = pool;
  state.pool = pool;
  refreshPool(pool);
  setInterval(() => refreshPool(pool), POOL_POLL_MS);
}

function setup() {
  setupWall();
  setupPool();
  readToken();
  $('table').addEventListener('change', (e) => selectTable(e.target.value));
  $('token-open').addEventListener('click', () => showTokenForm($('token-form').hidden));
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    setToken($('token-input').value.trim());
    $('token-input').value = '';
  });
  $('token-clear').addEventListener('click', () => setToken(''));
  $('table-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = $('table-input').value.trim();
    if (!id) return;
    showTableForm(false);
    notice('');
    const u = new URL(location.href);
    u.searchParams.set('table', id);
    history.replaceState(null, '', u);
    loadTables();
  });
  // A board module that draws to its box's size (a chart) redraws when
  // the board's size changes.
  let pending = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => state.board && state.view && typeof state.view.resize === 'function' && state.view.resize(state.board));
  }).observe($('board'));
  window.addEventListener('online', () => state.table && follow(state.table));
  loadTables();
}

setup();
