// The baccarat board of the wagerlog dashboard: this game's module, embedded
// in its game package and served at boards/baccarat.js. The dashboard mounts
// markup (this board's panels, each with its data-panel) in a <main> of
// the classes below and calls render with every board of a table that
// plays the game (docs/DASHBOARD.md, "Board modules").

import { $, el, srOnly, timeOf, fmtPct, renderSplit, freshRounds } from '../kit.js';

export const classes = 'baccarat';

// stylesheet: this board has its own styles, boards/baccarat.css (board.css
// beside this module in its game package).
export const stylesheet = true;

export const markup = `
  <section data-panel="baccarat-b-latest" class="panel b-latest" aria-labelledby="b-latest-h">
    <h2 id="b-latest-h">Last coup <span id="b-latest-round" class="muted"></span></h2>
    <div id="b-latest" class="latest-body"><p class="empty">Waiting for the first coup…</p></div>
  </section>

  <section data-panel="baccarat-b-shares" class="panel b-shares" aria-labelledby="b-shares-h">
    <h2 id="b-shares-h">Last <span id="b-shares-n">0</span> coups</h2>
    <div class="split" id="b-split"></div>
    <dl class="triples b-tie"><dt>Tie</dt><dd id="b-tie">–</dd></dl>
    <dl class="triples b-naturals"><dt>Naturals</dt><dd id="b-naturals">–</dd></dl>
    <dl class="triples b-natural-hands"><dt>by hand</dt><dd id="b-natural-hands">–</dd></dl>
    <dl class="triples b-tableaux" id="b-tableaux-dl" data-paytable="baccarat/deux-tableaux-1979" hidden><dt>Tableaux</dt><dd id="b-tableaux">–</dd></dl>
    <dl class="triples b-cagnotte" id="b-cagnotte-dl" data-paytable="baccarat/deux-tableaux-1979" hidden><dt>Cagnotte</dt><dd id="b-cagnotte">–</dd></dl>
  </section>

  <section data-panel="baccarat-b-history" class="panel b-history" aria-labelledby="b-plate-h">
    <h2 id="b-plate-h" tabindex="-1">Bead plate <span class="muted" id="b-plate-legend">oldest first, columns of six · P player, B banker, T tie, point of the winner, ring = natural</span></h2>
    <ol id="b-plate" class="bead-plate"></ol>
  </section>
`;

const SIDE = { player: ['P', 'Player'], banker: ['B', 'Banker'], tie: ['T', 'Tie'] };
const BEAD_ROWS = 6; // a bead plate fills columns of six, top to bottom

function bead(r, cls = '') {
  const side = SIDE[r.winner] || ['?', r.winner || ''];
  const point = r.winner === 'banker' ? r.banker : r.player;
  return el('span', {
    class: `bead bead-${r.winner}${r.natural ? ' is-natural' : ''} ${cls}`.trim(),
    title: `${side[1]} ${point}${r.natural ? ', natural' : ''}`,
  }, el('span', { class: 'bead-side', text: side[0] }), el('span', { class: 'bead-pt', text: String(point) }));
}

// A deux tableaux coup (its row or its bead) has "tableaux": each
// tableau's winner (the punters as "player", the banker, a tie or "void")
// and point against the banker's point.
const TABLEAU = { player: ['P', 'punters win'], banker: ['B', 'bank wins'], tie: ['T', 'tie'], void: ['V', 'void'] };

function isDeux(r) {
  return Array.isArray(r && r.tableaux);
}

function deuxBead(r, cls = '') {
  const halves = r.tableaux.map((t, i) => {
    const side = TABLEAU[t.winner] || ['?', t.winner || ''];
    return el('span', { class: `half half-${t.winner}`, title: `Tableau ${i + 1}: ${side[1]}${t.point === undefined ? '' : ` (${t.point})`}` },
      el('span', { class: 'bead-side', text: side[0] }), el('span', { class: 'bead-pt', text: t.point === undefined ? '–' : String(t.point) }));
  });
  return el('span', { class: `bead bead-deux${r.natural ? ' is-natural' : ''}${r.cagnotte ? ' has-cagnotte' : ''} ${cls}`.trim() },
    ...halves, el('span', { class: 'bead-bank', text: r.banker === undefined ? '–' : String(r.banker) }));
}

function describeDeux(r) {
  const parts = [`Round ${r.number}`];
  r.tableaux.forEach((t, i) => {
    const side = TABLEAU[t.winner] || ['', t.winner];
    parts.push(`tableau ${i + 1} ${side[1]}${t.point === undefined ? '' : ` with ${t.point}`}`);
  });
  parts.push(r.banker === undefined ? 'banker void' : `banker ${r.banker}`);
  if (r.cagnotte) parts.push(`cagnotte ${r.cagnotte}`);
  if (r.natural) parts.push('natural');
  if (r.cut_card) parts.push('last coup of the shoe');
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

function describeCoup(r) {
  if (isDeux(r)) return describeDeux(r);
  const side = SIDE[r.winner] || ['', r.winner];
  const parts = [`Round ${r.number}: ${side[1]}${r.winner === 'tie' ? '' : ' wins'}, player ${r.player}, banker ${r.banker}`];
  if (r.natural) parts.push('natural');
  if (r.corrected) parts.push('corrected result');
  return parts.join(', ') + '.';
}

function renderBaccaratLatest(b) {
  const box = $('b-latest');
  const r = b.results[0];
  if (!r) {
    box.replaceChildren(el('p', { class: 'empty', text: 'Waiting for the first coup…' }));
    $('b-latest-round').textContent = '';
    return;
  }
  $('b-latest-round').textContent = `· round ${r.number}`;
  if (isDeux(r)) {
    const tab = (t, i) => el('span', { class: `hand${t.winner === 'player' ? ' is-won' : ''}` },
      el('span', { class: 'hand-name', text: `Tableau ${i + 1}` }),
      el('span', { class: 'hand-pt', text: t.point === undefined ? 'void' : String(t.point) }));
    box.replaceChildren(
      el('div', { class: 'latest-coup' }, deuxBead(r, 'bead-xl'), srOnly(describeCoup(r))),
      el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
        ...r.tableaux.map(tab),
        el('span', { class: 'hand' }, el('span', { class: 'hand-name', text: 'Banker' }), el('span', { class: 'hand-pt', text: r.banker === undefined ? '–' : String(r.banker) })),
        r.natural ? el('span', { class: 'natural', text: 'natural' }) : '',
        r.cut_card ? el('span', { class: 'natural', text: 'cut card' }) : '',
        el('span', { class: 'latest-time', text: timeOf(r.at) }),
        r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
    );
    return;
  }
  const hand = (name, pt, won) => el('span', { class: `hand${won ? ' is-won' : ''}` },
    el('span', { class: 'hand-name', text: name }), el('span', { class: 'hand-pt', text: String(pt) }));
  box.replaceChildren(
    el('div', { class: 'latest-coup' }, bead(r, 'bead-xl'), srOnly(describeCoup(r))),
    el('div', { class: 'latest-meta', 'aria-hidden': 'true' },
      hand('Player', r.player, r.winner === 'player'), hand('Banker', r.banker, r.winner === 'banker'),
      r.natural ? el('span', { class: 'natural', text: 'natural' }) : '',
      el('span', { class: 'latest-time', text: timeOf(r.at) }),
      r.corrected ? el('span', { class: 'corrected', text: 'corrected' }) : ''),
  );
}

function renderBaccaratShares(b) {
  const s = b.stats;
  $('b-shares-n').textContent = String(s.coups || 0);
  renderSplit($('b-split'), s.player, s.banker, s.tie, 'player', 'banker', 'tie');
  $('b-tie').textContent = `${fmtPct(s.tie)} · ${(s.tie && s.tie.count) || 0}×`;
  const hands = s.natural_hands || [];
  $('b-naturals').textContent = `${fmtPct(s.naturals)} · ${(s.naturals && s.naturals.count) || 0}×`;
  $('b-natural-hands').textContent = hands.length === 2 ? `player ${hands[0]} · banker ${hands[1]}`
    : hands.length === 3 ? `tableau 1 ${hands[0]} · tableau 2 ${hands[1]} · banker ${hands[2]}` : '–';
  // Deux tableaux: the shares count tableau results (the punters as
  // "player"), each tableau apart, and the cagnotte the bank paid.
  const deux = s.form === 'deux_tableaux';
  const punters = $('b-split').querySelector('.split-player .split-name');
  if (deux && punters) punters.textContent = 'Punters';
  $('b-plate-legend').textContent = deux
    ? 'oldest first, columns of six · each tableau against the bank: P punters, B bank, T tie, V void, its point; the banker\'s point below; gold ring = cagnotte'
    : 'oldest first, columns of six · P player, B banker, T tie, point of the winner, ring = natural';
  $('b-tableaux-dl').hidden = !deux;
  $('b-cagnotte-dl').hidden = !deux;
  if (deux) {
    $('b-tableaux').textContent = (s.tableaux || []).map((t) =>
      `${t.tableau}: P ${fmtPct(t.punters)} · B ${fmtPct(t.banker)} · T ${fmtPct(t.tie)}${t.void ? ` · ${t.void} void` : ''}`).join(' | ') || '–';
    const c = s.cagnotte || {};
    $('b-cagnotte').textContent = `${c.amount === undefined ? '–' : c.amount} · ${(c.coups && c.coups.count) || 0} coups`;
  }
}

function renderBeadPlate(b, fresh) {
  const beads = b.stats.beads || [];
  const cols = Math.max(1, Math.ceil(beads.length / BEAD_ROWS));
  const plate = $('b-plate');
  plate.style.setProperty('--cols', String(Math.max(cols, 9)));
  const items = beads.map((r) => el('li', { class: fresh.has(r.round) ? 'is-fresh' : '' },
    srOnly(describeCoup(r)), el('span', { 'aria-hidden': 'true' }, isDeux(r) ? deuxBead(r) : bead(r))));
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'No coups yet.' }));
  plate.replaceChildren(...items);
}


export function render(b, prev) {
  const fresh = freshRounds(b, prev);
  renderBaccaratLatest(b);
  renderBaccaratShares(b);
  renderBeadPlate(b, fresh);
  const r = b.results[0];
  return r && fresh.has(r.round) ? `New result. ${describeCoup(r)}` : '';
}
