// The Draw Poker board of the wagerlog dashboard: this game's module,
// embedded in its game package and served at boards/drawpoker.js. The
// dashboard mounts markup (this board's panels, each with its data-panel)
// in a <main> of the classes below and calls render with every board of a
// table that plays the game (docs/DASHBOARD.md, "Board modules"). The rows
// come from the game's BoardRow (games/drawpoker/game.go): the dealer's
// hand and whether it qualifies, each seat's final hand, exchange, fold
// and outcome. The deals' layout and classes are the
// dashboard's shared "deals with seats" (style.css); board.css adds the
// exchange.

import { $, el, srOnly, timeOf, card, maxResults, freshRounds, countPct, fact, renderBars, words } from '../kit.js';

export const classes = 'deals';

export const markup = `
  <section data-panel="drawpoker-latest" class="panel p-latest" aria-labelledby="d-latest-h">
    <h2 id="d-latest-h">Last deal <span id="d-latest-round" class="muted"></span></h2>
    <div id="d-latest" class="p-deal"><p class="empty">Waiting for the first deal…</p></div>
  </section>

  <section data-panel="drawpoker-stats" class="panel p-stats" aria-labelledby="d-stats-h">
    <h2 id="d-stats-h">Last <span id="d-hands-n">0</span> hands</h2>
    <dl id="d-facts" class="c-facts"></dl>
    <h3 class="group-h">Players' final hands</h3>
    <ol id="d-hands" class="group-list"></ol>
  </section>

  <section data-panel="drawpoker-history" class="panel p-history" aria-labelledby="d-history-h">
    <h2 id="d-history-h" tabindex="-1">Deals <span class="muted">newest first · the dealer's hand, then each seat's final hand</span></h2>
    <ol id="d-history" class="p-strip"></ol>
  </section>`;

// Hand categories as the game names them, best last.
const HANDS = ['high_card', 'pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush', 'royal_flush'];

const OUTCOME = {
  folded: 'did not go',
  dealer_not_qualified: 'dealer does not qualify: ante paid',
  player_wins: 'wins',
  tie: 'tie',
  dealer_wins: 'dealer wins',
};

// The hands' outcomes as the figures name them.
const OUTCOME_FACT = {
  player_wins: 'Player wins', dealer_wins: 'Dealer wins', dealer_not_qualified: 'Dealer not qualified', tie: 'Ties', folded: 'Did not go',
};

const handName = words;

function isDeal(r) {
  return Boolean(r && r.dealer && Array.isArray(r.dealer.cards) && Array.isArray(r.seats));
}

function exchanged(h) {
  return Array.isArray(h.discard) && h.discard.length > 0;
}

function exchangeText(h) {
  return exchanged(h) ? `exchanged ${h.discard.join(' ')} for ${h.draw.join(' ')}` : 'stood pat';
}

function describe(r) {
  if (!isDeal(r)) return `Round ${r.number}.`;
  const parts = [`Round ${r.number}: the dealer has ${handName(r.dealer.hand)}${r.dealer.qualifies ? '' : ', not qualifying'}`];
  for (const s of r.seats) {
    parts.push(`seat ${s.seat} ${s.fold ? `did not go with ${handName(s.hand)}` : `called, ${exchangeText(s)}, ${handName(s.hand)}, ${OUTCOME[s.outcome] || s.outcome}`}`);
  }
  if (r.corrected) parts.push('corrected result');
  return parts.join('; ') + '.';
}

// hand draws a final hand, the drawn cards marked.
function hand(h) {
  const drawn = new Set(h.draw || []);
  return el('span', { class: 'p-cards' }, ...(h.cards || []).map((c) => {
    const node = card(c);
    if (drawn.has(c)) node.classList.add('d-drawn');
    return node;
  }));
}

function exchangeTag(h) {
  return el('span', { class: `d-exchange${exchanged(h) ? ' is-on' : ''}`, text: exchanged(h) ? `drew ${h.draw.length}` : 'pat' });
}

// seatRow is one seat of a deal: its final cards, hand, exchange, and
// called or folded with how the deal ended for it.
function seatRow(s) {
  return el('li', { class: `p-seat p-${s.fold ? 'fold' : 'call'} p-out-${s.outcome}` },
    el('span', { class: 'p-who', text: `Seat ${s.seat}` }),
    hand(s),
    el('span', { class: 'p-hand', text: handName(s.hand) }),
    el('span', { class: `p-act ${s.fold ? 'is-fold' : 'is-call'}`, text: s.fold ? 'no go' : 'call' }),
    s.fold ? '' : exchangeTag(s),
    s.fold ? '' : el('span', { class: 'p-outcome', text: OUTCOME[s.outcome] || s.outcome }));
}

function renderLatest(b) {
  const r = b.results[0];
  if (!isDeal(r)) {
    $('d-latest').replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first deal…' }));
    $('d-latest-round').textContent = '';
    return;
  }
  $('d-latest-round').textContent = `· round ${r.number}`;
  $('d-latest').replaceChildren(
    srOnly(describe(r)),
    el('div', { class: 'p-dealer', 'aria-hidden': 'true' },
      el('span', { class: 'p-who', text: 'Dealer' }), hand(r.dealer),
      el('span', { class: 'p-hand', text: handName(r.dealer.hand) }),
      el('span', { class: `p-qual ${r.dealer.qualifies ? 'is-on' : ''}`, text: r.dealer.qualifies ? 'qualifies' : 'does not qualify' }),
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
    el('ol', { class: 'p-seats', 'aria-hidden': 'true' }, ...r.seats.map(seatRow)));
}

function renderStats(b) {
  const s = b.stats || {};
  $('d-hands-n').textContent = String(s.rounds || 0);
  const o = s.outcomes || {};
  $('d-facts').replaceChildren(fact('Dealer qualifies', countPct(s.dealer_qualified)), fact('Exchanged', countPct(s.exchanged)),
    ...Object.entries(OUTCOME_FACT).map(([k, name]) => fact(name, countPct(o[k]))));
  const hands = s.player_hands || {};
  renderBars($('d-hands'), HANDS.slice().reverse().filter((h) => hands[h] && hands[h].count)
    .map((h) => ({ label: handName(h), labelClass: 'p-hand', sr: `${handName(h)}: `, count: hands[h].count, share: hands[h] })));
}

function renderHistory(b, fresh) {
  const items = b.results.filter(isDeal).slice(0, maxResults()).map((r) => el('li', { class: `p-row${fresh.has(r.round) ? ' is-fresh' : ''}` },
    srOnly(describe(r)),
    el('span', { class: 'p-row-body', 'aria-hidden': 'true' },
      el('span', { class: 'result-no', text: `#${r.number}${r.corrected ? ' ✎' : ''}` }),
      el('span', { class: `p-row-dealer${r.dealer.qualifies ? '' : ' is-nq'}`, text: `D ${handName(r.dealer.hand)}` }),
      ...r.seats.map((s) => el('span', { class: `p-row-seat ${s.fold ? 'is-fold' : `p-out-${s.outcome}`}`,
        text: `${s.seat}: ${handName(s.hand)}${s.fold ? ' · no go' : exchanged(s) ? ` · drew ${s.draw.length}` : ''}` })))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No deals yet.' }));
  $('d-history').replaceChildren(...items);
}

// render draws the last deal (the dealer's hand, each seat's final hand
// with its rank and exchange, who did not go, who called and how each
// ended), the figures of the last hands and the deals, newest first.
export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  renderLatest(b);
  renderStats(b);
  renderHistory(b, fresh);
  const r = b.results[0];
  return r && fresh.has(r.round) ? `New deal. ${describe(r)}` : '';
}
