// wagerlog live board: the board stream, followed in a dedicated worker.
//
// Why a worker: Chromium's virtual time (`chromium --headless --screenshot
// --virtual-time-budget=…`, used to take a screenshot of a page once it is
// idle) does not advance while the page has a request in flight, and the
// board stream never ends: followed from the page, it keeps the page from
// ever going idle and the screenshot never comes. Requests made by a
// worker do not hold the page's virtual time, so the page stays live for
// people and idle for a headless screenshot.
//
// The worker only carries bytes; app.js keeps the protocol, the
// reconnection and the drawing. Messages from the page:
//
//   {op: 'events', id, url}            follow url with EventSource
//   {op: 'fetch', id, url, headers}    follow url with fetch (for a token)
//   {op: 'close', id}                  stop following
//
// and to the page, each with its id:
//
//   EventSource: {kind: 'open'}, {kind: 'board', data},
//                {kind: 'error', readyState}
//   fetch:       {kind: 'response', ok, status, problem}, {kind: 'chunk',
//                bytes}, {kind: 'end'}, {kind: 'fail', message}

'use strict';

// STREAMS_MAX bounds the streams one page may have open through the worker:
// a new one past it closes the oldest.
const STREAMS_MAX = 4;

const open = new Map(); // id → {close()}

function followEvents(id, url) {
  const es = new EventSource(url);
  es.addEventListener('open', () => postMessage({ id, kind: 'open' }));
  es.addEventListener('board', (e) => postMessage({ id, kind: 'board', data: e.data }));
  es.addEventListener('error', () => postMessage({ id, kind: 'error', readyState: es.readyState }));
  return { close() { es.close(); } };
}

function followFetch(id, url, headers) {
  const ctl = new AbortController();
  (async () => {
    try {
      const r = await fetch(url, { headers, cache: 'no-store', signal: ctl.signal });
      let problem = null;
      if (!r.ok) {
        try {
          problem = await r.json();
        } catch {
          problem = null;
        }
      }
      postMessage({ id, kind: 'response', ok: r.ok, status: r.status, problem });
      if (!r.ok) return;
      const reader = r.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        postMessage({ id, kind: 'chunk', bytes: value }, [value.buffer]);
      }
      postMessage({ id, kind: 'end' });
    } catch (err) {
      postMessage({ id, kind: 'fail', message: String((err && err.message) || err) });
    }
  })();
  return { close() { ctl.abort(); } };
}

addEventListener('message', (e) => {
  const m = e.data || {};
  if (m.op === 'close') {
    const s = open.get(m.id);
    if (s) s.close();
    open.delete(m.id);
    return;
  }
  if (open.size >= STREAMS_MAX) {
    const [oldest, s] = open.entries().next().value;
    s.close();
    open.delete(oldest);
  }
  if (m.op === 'events') open.set(m.id, followEvents(m.id, m.url));
  else if (m.op === 'fetch') open.set(m.id, followFetch(m.id, m.url, m.headers || {}));
});
