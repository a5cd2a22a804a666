// The blackjack board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/blackjack.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, card, maxResults, freshRounds, countPct, fact } from '../kit.js';

export const classes = 'cards';

// stylesheet: this board has its own styles, boards/blackjack.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="blackjack-k-latest" class="panel k-latest" aria-labelledby="k-latest-h">
    <h2 id="k-latest-h">Last round <span id="k-latest-round" class="muted"></span></h2>
    <div id="k-latest" class="latest-body"><p class="empty">Waiting for the first round…</p></div>
  </section>

  <section data-panel="blackjack-k-facts" class="panel k-facts" aria-labelledby="k-facts-h">
    <h2 id="k-facts-h">Last <span id="k-rounds-n">0</span> rounds</h2>
    <dl id="k-facts" class="c-facts"></dl>
  </section>

  <section data-panel="blackjack-k-seats" class="panel k-seats" id="k-seats-panel" aria-labelledby="k-seats-h">
    <h2 id="k-seats-h">By seat <span class="muted">hands won, lost, pushed, surrendered; blackjacks; busts</span></h2>
    <table id="k-seats" class="k-seat-table"></table>
  </section>

  <section data-panel="blackjack-k-history" class="panel k-history" aria-labelledby="k-history-h">
    <h2 id="k-history-h" tabindex="-1">Rounds <span class="muted">newest first</span></h2>
    <ol id="k-history" class="k-strip"></ol>
  </section>
`;

function describe(bd) {
  return `Round ${bd.number}: the dealer has ${(bd.dealer || []).join(' ')}, ${bd.result === 'bust' ? 'bust' : bd.result}.`;
}

function beadBody(bd) {
  return [...(bd.dealer || []).map(card), el('span', { class: `k-result k-result-${bd.result}`, text: bd.result })];
}

// render draws the last round (the dealer's cards and result), the dealer's
// figures, each seat's hands and the rounds, newest first.
export function render(b, prev) {
  const s = b.stats;
  const fresh = freshRounds(b, prev);
  const beads = (s.beads || []).slice().reverse(); // newest first
  const last = beads[0];
  if (!last) {
    $('k-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first round…' }));
    $('k-latest-round').textContent = '';
  } else {
    $('k-latest-round').textContent = `· round ${last.number}`;
    $('k-latest').replaceChildren(el('div', { class: 'k-round' }, srOnly(describe(last)), el('span', { 'aria-hidden': 'true' }, ...beadBody(last))));
  }
  $('k-rounds-n').textContent = String(s.rounds || 0);
  const d = s.dealer || {};
  $('k-facts').replaceChildren(fact('Dealer bust rate', `${s.dealer_bust_rate || '0'}%`), fact('Dealer blackjacks', String(s.dealer_blackjacks || 0)),
    fact('Player blackjacks', String(s.player_blackjacks || 0)),
    ...['17', '18', '19', '20', '21'].map((t) => fact(`Dealer ${t}`, countPct(d[t]))));
  const head = el('tr', {}, ...['Seat', 'Hands', 'Won', 'Lost', 'Push', 'Surr.', 'BJ', 'Bust'].map((h) => el('th', { text: h })));
  const rows = (s.seats || []).map((x) => el('tr', {}, el('td', { text: String(x.seat) }), el('td', { text: String(x.hands) }),
    ...[x.won, x.lost, x.push, x.surrendered, x.blackjacks, x.busts].map((c) => el('td', { text: String((c && c.count) || 0) }))));
  $('k-seats').replaceChildren(head, ...rows);
  const items = beads.slice(0, maxResults()).map((bd) => el('li', { class: `k-round${fresh.has(bd.round) ? ' is-fresh' : ''}` },
    srOnly(describe(bd)),
    el('span', { 'aria-hidden': 'true' }, el('span', { class: 'k-round-no', text: String(bd.number) }), ...beadBody(bd))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No rounds yet.' }));
  $('k-history').replaceChildren(...items);
  const known = new Set(((prev && prev.stats.beads) || []).map((x) => x.round));
  return prev && last && !known.has(last.round) ? `New round. ${describe(last)}` : '';
}
