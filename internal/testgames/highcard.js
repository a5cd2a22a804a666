// The board of the highcard test game (internal/testgames): its module,
// embedded in its package and served at boards/highcard.js like any
// game's (docs/DASHBOARD.md, "Board modules"). It draws the last card
// and the shares of high, low and seven cards, with the dashboard's kit.

import { $, el, srOnly, timeOf, renderBars, freshRounds, maxResults } from '../kit.js';

export const classes = 'highcard';

// stylesheet: this board has its own styles, boards/highcard.css
// (highcard.css beside this module in its package).
export const stylesheet = true;

export const markup = `
  <section data-panel="highcard-latest" class="panel" aria-labelledby="hc-latest-h">
    <h2 id="hc-latest-h">Last card <span id="hc-latest-round" class="muted"></span></h2>
    <div id="hc-latest" class="latest-body"><p class="empty">Waiting for the first card…</p></div>
  </section>

  <section data-panel="highcard-shares" class="panel" aria-labelledby="hc-shares-h">
    <h2 id="hc-shares-h">Last <span id="hc-shares-n">0</span> cards</h2>
    <ol id="hc-shares" class="group-list"></ol>
  </section>

  <section data-panel="highcard-history" class="panel" aria-labelledby="hc-history-h">
    <h2 id="hc-history-h">Last cards <span class="muted">newest first</span></h2>
    <ol id="hc-history" class="strip"></ol>
  </section>
`;

function describe(r) {
  return `Round ${r.number}: ${r.rank}, ${r.side}${r.corrected ? ', corrected result' : ''}.`;
}

export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  const s = b.stats || {};
  const r = b.results[0];
  if (r) {
    $('hc-latest-round').textContent = `· round ${r.number}`;
    $('hc-latest').replaceChildren(
      el('span', { class: 'latest-total', 'aria-hidden': 'true', text: r.rank }),
      srOnly(describe(r)),
      el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
        el('span', { class: 'hc-side', text: r.side }),
        el('span', { class: 'latest-time', text: timeOf(r.at) })),
    );
  }
  $('hc-shares-n').textContent = String(s.results || 0);
  const share = (n) => ({ count: n || 0, percent: String(s.results ? Math.round((1000 * (n || 0)) / s.results) / 10 : 0) });
  renderBars($('hc-shares'), [
    { label: 'High', sr: 'High: ', count: s.high || 0, share: share(s.high) },
    { label: 'Low', sr: 'Low: ', count: s.low || 0, share: share(s.low) },
    { label: 'Seven', sr: 'Seven: ', count: s.seven || 0, share: share(s.seven) },
  ]);
  const items = b.results.slice(0, maxResults()).map((x) => el('li', { class: `spin${fresh.has(x.round) ? ' is-fresh' : ''}` },
    srOnly(describe(x)),
    el('span', { 'aria-hidden': 'true', text: x.rank }),
    el('span', { class: 'result-no', 'aria-hidden': 'true', text: `#${x.number}` })));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No cards yet.' }));
  $('hc-history').replaceChildren(...items);
  return r && fresh.has(r.round) ? `New result. ${describe(r)}` : '';
}
