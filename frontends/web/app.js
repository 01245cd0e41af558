// The vdl play page. It knows no particular variant: the board is drawn from
// the variant's description (cells with coordinates, axes with their labels,
// the drawing style the file asks for, the zones its rules use, the pieces'
// glyphs) and every move comes from the server's list of legal moves. The JSON
// API is documented in docs/web.md.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const MARGIN = 12;     // px round the drawing
const GAP = 0.6;       // between blocks (levels), in cells
const LABEL = 30;      // px above each row of blocks, for their names
const FOLD = 24;       // px below a row of blocks, for the names of folds
const MAX_CELL = 150;  // px: a small board does not grow without end
const MIN_CELL = 28;
const MIN_TEXT = 10;   // px: no text is drawn smaller
const NAME_TEXT = 11;  // px: cell names are never smaller (small cells of 3D boards)
// The hands (games with pieces in hand): a strip left and right of the board.
const HAND_LABEL = 24; // the strip's title line
const HAND_SLOT = [50, 88]; // px: a slot's least and greatest size
const HAND_PAD = 6;
const HAND_GAP = 10;   // between a strip and the board

const $ = (id) => document.getElementById(id);

const app = {
  variants: [],
  variantId: null,
  desc: null,          // the variant's description
  geometry: null,      // cell shapes and marks, computed per variant and pane size
  game: null,          // the game state from the server
  selected: null,      // the selected cell index
  selectedHand: null,  // or the symbol of the selected piece in hand
  placing: null,       // or the moves of a chosen piece move, differing in where the blocker goes
  flipped: false,
  thinking: false,
  busy: false,         // a request that changes the game is under way
  token: 0,            // changes on new game / undo: stale answers are dropped
  lastSearch: null,
  glyphs: false,       // draw the pieces' glyphs (every type has one), else their symbols
};

// ---- the API --------------------------------------------------------------

class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch('/api/' + path, init);
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new ApiError(`bad answer from the server (${response.status})`, response.status);
  }
  if (!data.ok) throw new ApiError(data.error || 'request failed', response.status);
  return data;
}

function showError(message) {
  const el = $('error');
  el.textContent = message;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { el.textContent = ''; }, 6000);
}

// ---- geometry ---------------------------------------------------------------
//
// The board is drawn from its geometry, not from position strings: rows run
// across the first player's forward axis (its side at the bottom), columns
// along the next axis, and every further axis (the levels of a 3D board) makes
// blocks, laid out in a grid that fits the pane. A folded board is thus drawn
// as its folded levels.

// Which axis runs up the screen, which across, and which make levels.
function drawingAxes(desc) {
  const forward = (desc.players[0] && desc.players[0].forward) || [];
  let row = forward.findIndex((v) => v !== 0);
  if (row < 0) row = desc.axes.length - 1;
  const others = desc.axes.map((_, a) => a).filter((a) => a !== row);
  return { row, up: (forward[row] || 1) > 0, col: others[0], levels: others.slice(1) };
}

function axisLabel(axis, value) {
  return (axis.labels && axis.labels[value]) || String(value + 1);
}

// The blocks: one per combination of level coordinates, each a grid of cells
// (`rows[r][k]`, the first player's far side first).
function blocksOf(desc, axes) {
  const rowSize = desc.axes[axes.row].size;
  const colSize = axes.col === undefined ? 1 : desc.axes[axes.col].size;
  const byLevel = new Map();
  desc.cells.forEach((cell, c) => {
    const levels = axes.levels.map((a) => cell.coords[a]);
    const key = levels.join(',');
    if (!byLevel.has(key)) {
      const label = axes.levels.map((a, i) => `${desc.axes[a].name} ${axisLabel(desc.axes[a], levels[i])}`).join(', ');
      byLevel.set(key, { levels, label, rows: Array.from({ length: rowSize }, () => new Array(colSize).fill(null)) });
    }
    const rc = cell.coords[axes.row];
    const r = axes.up ? rowSize - 1 - rc : rc;
    const k = axes.col === undefined ? 0 : cell.coords[axes.col];
    byLevel.get(key).rows[r][k] = c;
  });
  const blocks = [...byLevel.values()];
  blocks.sort((a, b) => {
    for (let i = 0; i < a.levels.length; i++) if (a.levels[i] !== b.levels[i]) return a.levels[i] - b.levels[i];
    return 0;
  });
  return blocks;
}

// A block along a wrapped axis is drawn as a ring: the wrapped axis goes
// round, the other one outwards (its first label outermost).
function ringOf(desc, axes) {
  if (axes.col !== undefined && desc.axes[axes.col].wrap) return { round: axes.col, radial: axes.row };
  if (desc.axes[axes.row].wrap) return { round: axes.row, radial: axes.col };
  return null;
}

// The size of one block, in cells.
function blockUnits(desc, axes, ring) {
  const rowSize = desc.axes[axes.row].size;
  const colSize = axes.col === undefined ? 1 : desc.axes[axes.col].size;
  if (!ring) return { w: colSize, h: rowSize };
  const rings = ring.radial === undefined ? 1 : desc.axes[ring.radial].size;
  const d = 2 * (Math.max(1.2, desc.axes[ring.round].size / (2 * Math.PI)) + rings);
  return { w: d, h: d };
}

// Cells that are neighbours in the named layout (position strings) but drawn
// in different blocks: the seams of a fold. One pair per seam, from the near
// row of the layout.
function foldSeams(desc, blockOf) {
  const near = desc.layout.rows[desc.layout.rows.length - 1] || [];
  const seams = [];
  for (let i = 1; i < near.length; i++) {
    if (blockOf[near[i - 1]] !== blockOf[near[i]]) seams.push([near[i - 1], near[i]]);
  }
  return seams;
}

// How many types a hand can hold (the server lists them: what captures
// bring, royals aside, and what the setup puts in hand).
function handTypes(desc) {
  return desc.hand_pieces ? desc.hand_pieces.length : 0;
}

// Lays the board out in a pane of `paneW` x `paneH` pixels: the grid of
// blocks (levels) and the cell size that make the board largest, the hands
// beside it. All sizes are pixels, so text sizes are what the reader sees.
function computeGeometry(desc, paneW, paneH) {
  // The slots of the hands grow with the board: lay out once to find the cell size.
  const first = layOut(desc, paneW, paneH, HAND_SLOT[0]);
  if (!desc.hand_pieces) return first;
  const slot = Math.max(HAND_SLOT[0], Math.min(HAND_SLOT[1], Math.floor(first.S * 0.92)));
  return slot === HAND_SLOT[0] ? first : layOut(desc, paneW, paneH, slot);
}

function layOut(desc, paneW, paneH, slot) {
  if (desc.drawing && desc.drawing.cells === 'hexagons' && (desc.layout.centres || []).length) return layOutHexagons(desc, paneW, paneH);
  const axes = drawingAxes(desc);
  const blocks = blocksOf(desc, axes);
  const ring = ringOf(desc, axes);
  const unit = blockUnits(desc, axes, ring);
  const blockOf = [];
  blocks.forEach((b, i) => b.rows.flat().forEach((c) => { if (c !== null) blockOf[c] = i; }));
  const seams = blocks.length > 1 ? foldSeams(desc, blockOf) : [];
  const labelH = blocks.length > 1 ? LABEL : 0;
  const foldH = seams.length ? FOLD : 0;
  // The hands: a strip on each side, as many slots high as the pane allows.
  const held = handTypes(desc);
  const hands = desc.hand_pieces ? (() => {
    const perCol = Math.max(1, Math.floor((paneH - 2 * MARGIN - HAND_LABEL - 2 * HAND_PAD) / slot));
    const cols = Math.max(1, Math.ceil(held / perCol));
    const rows = Math.max(1, Math.min(perCol, held));
    return { perCol, cols, w: Math.max(cols * slot + 2 * HAND_PAD, 84), h: HAND_LABEL + rows * slot + 2 * HAND_PAD };
  })() : null;
  const sideW = hands ? 2 * (hands.w + HAND_GAP) : 0;
  let best = null;
  for (let across = 1; across <= blocks.length; across++) {
    const down = Math.ceil(blocks.length / across);
    const wU = across * unit.w + (across - 1) * GAP;
    const hU = down * unit.h + (down - 1) * GAP;
    const fit = Math.min((paneW - 2 * MARGIN - sideW) / wU, (paneH - 2 * MARGIN - down * (labelH + foldH)) / hU);
    const S = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(fit)));
    const area = S * S * wU * hU;
    if (!best || S > best.S || (S === best.S && area > best.area)) best = { S, across, down, area, wU, hU };
  }
  const { S, across, down } = best;
  const boardW = best.wU * S;
  const boardH = best.hU * S + down * (labelH + foldH);
  const left = MARGIN + (hands ? hands.w + HAND_GAP : 0);
  const height = 2 * MARGIN + Math.max(boardH, hands ? hands.h : 0);
  const top = MARGIN + (height - 2 * MARGIN - boardH) / 2;
  const width = left + boardW + MARGIN + (hands ? hands.w + HAND_GAP : 0);
  const shapes = new Array(desc.cells.length);
  const labels = [];
  blocks.forEach((block, b) => {
    const x0 = left + (b % across) * (unit.w + GAP) * S;
    const y0 = top + Math.floor(b / across) * ((unit.h + GAP) * S + labelH + foldH) + labelH;
    block.box = { x: x0, y: y0, w: unit.w * S, h: unit.h * S };
    if (blocks.length > 1) labels.push({ x: x0 + (unit.w * S) / 2, y: y0 - labelH / 2, text: block.label });
    if (ring) placeRing(desc, block, ring, x0, y0, unit, S, shapes);
    else {
      block.rows.forEach((row, r) => row.forEach((c, k) => {
        if (c !== null) shapes[c] = { kind: 'rect', x: x0 + k * S, y: y0 + r * S, w: S, h: S, parity: (k + r) % 2, r, k, block: b };
      }));
    }
  });
  const strips = hands ? [
    { x: MARGIN, y: MARGIN, w: hands.w, h: hands.h },
    { x: width - MARGIN - hands.w, y: height - MARGIN - hands.h, w: hands.w, h: hands.h },
  ] : null;
  const geometry = {
    S, width, height, shapes, labels, blocks, ring: !!ring,
    points: desc.drawing && desc.drawing.cells === 'points' && !ring,
    tiles: desc.drawing && desc.drawing.pieces === 'tiles',
    hands: hands && { strips, perCol: hands.perCol, slot },
    seams: seams.map(([a, b]) => ({ a, b })),
  };
  geometry.marks = zoneMarks(desc, geometry);
  return geometry;
}

// Hexagons stand at the centres the compiler gives (one unit between
// neighbours, y towards the first player's forward), scaled to fit the pane.
// Their corners point between neighbours, and they take three colours (two
// neighbours never share one).
function layOutHexagons(desc, paneW, paneH) {
  const centres = desc.layout.centres;
  const radius = 1 / Math.sqrt(3);
  const xs = centres.map((c) => c[0]), ys = centres.map((c) => c[1]);
  const minX = Math.min(...xs) - radius, maxX = Math.max(...xs) + radius;
  const minY = Math.min(...ys) - radius, maxY = Math.max(...ys) + radius;
  const fit = Math.min((paneW - 2 * MARGIN) / (maxX - minX), (paneH - 2 * MARGIN) / (maxY - minY));
  const S = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(fit)));
  const width = 2 * MARGIN + (maxX - minX) * S, height = 2 * MARGIN + (maxY - minY) * S;
  // The direction of a neighbour: the nearest other centre.
  let near = null;
  centres.forEach((c, i) => {
    if (i === 0) return;
    const d = Math.hypot(c[0] - centres[0][0], c[1] - centres[0][1]);
    if (!near || d < near.d) near = { d, a: Math.atan2(-(c[1] - centres[0][1]), c[0] - centres[0][0]) };
  });
  const corner = (near ? near.a : 0) + Math.PI / 6;
  const shapes = centres.map((c, i) => {
    const coords = desc.cells[i].coords;
    const cube = coords.length === 2 ? [coords[0], coords[1]] : coords;
    return {
      kind: 'hex', cx: MARGIN + (c[0] - minX) * S, cy: MARGIN + (maxY - c[1]) * S, r: radius * S * 0.98, corner,
      parity: (((cube[0] - cube[1]) % 3) + 3) % 3,
    };
  });
  const geometry = {
    S, width, height, shapes, labels: [], blocks: [], ring: false, points: false,
    tiles: desc.drawing.pieces === 'tiles', hands: null, seams: [],
  };
  geometry.marks = zoneMarks(desc, geometry);
  return geometry;
}

function placeRing(desc, block, ring, x0, y0, unit, S, shapes) {
  const n = desc.axes[ring.round].size;
  const rings = ring.radial === undefined ? 1 : desc.axes[ring.radial].size;
  const outer = (unit.w / 2) * S;
  const cx = x0 + outer, cy = y0 + outer;
  for (const c of block.rows.flat()) {
    if (c === null) continue;
    const coords = desc.cells[c].coords;
    const k = ring.radial === undefined ? 0 : coords[ring.radial]; // 0: outermost
    const a = coords[ring.round];
    const a0 = -Math.PI / 2 + (a / n) * 2 * Math.PI - Math.PI / n;
    const a1 = a0 + (2 * Math.PI) / n;
    const r1 = outer - k * S, r0 = r1 - S;
    shapes[c] = { kind: 'sector', cx, cy, r0, r1, a0, a1, parity: (a + k + rings) % 2 };
  }
}

// ---- the zones the rules use ------------------------------------------------
//
// What to draw is found from the rules, never from names:
// - a river: a zone that splits the board between two players (each player's
//   image is the other's complement) and whose border runs between two rows of
//   a block: a gap between the halves on points, a heavy line on squares;
// - palace lines: the diagonals of a square zone (3x3, 5x5...) a piece is
//   confined to;
// - promotion zones, shaded (when they do not simply split the board).

function zoneMarks(desc, g) {
  const all = desc.cells.length;
  const zones = (desc.zones || []).map((z) => ({ ...z, sets: z.cells.map((cells) => new Set(cells)) }));
  const splits = (z) => z.sets.length === 2 && z.sets[0].size + z.sets[1].size === all
    && [...z.sets[0]].every((c) => !z.sets[1].has(c));
  const rivers = new Map(); // block index -> set of row indices a river follows
  const ringRivers = new Set(); // on a ring: cells whose far side (round) a river follows
  const palaces = [];
  const shaded = new Set();
  for (const zone of zones) {
    if (splits(zone)) {
      if (g.ring) ringBorders(desc, zone.sets[0]).forEach((c) => ringRivers.add(c));
      else g.blocks.forEach((block, b) => {
        const inside = block.rows.map((row) => row.map((c) => zone.sets[0].has(c)));
        if (!inside.every((row) => row.every((v) => v === row[0]))) return;
        const borders = [];
        for (let r = 1; r < inside.length; r++) if (inside[r][0] !== inside[r - 1][0]) borders.push(r - 1);
        if (borders.length !== 1) return;
        if (!rivers.has(b)) rivers.set(b, new Set());
        rivers.get(b).add(borders[0]);
      });
      continue;
    }
    // A promotion zone is shaded for the players whose pieces promote there.
    if (zone.uses.includes('promotion')) {
      zone.sets.forEach((set, player) => {
        if (!zone.promotes_for || zone.promotes_for.includes(player)) set.forEach((c) => shaded.add(c));
      });
    }
    if (zone.uses.includes('confinement') && !g.ring) {
      for (const set of zone.sets) {
        g.blocks.forEach((block) => {
          const at = block.rows.flatMap((row, r) => row.map((c, k) => (set.has(c) ? [r, k] : null))).filter(Boolean);
          if (at.length === 0) return;
          const rs = at.map(([r]) => r), ks = at.map(([, k]) => k);
          const r0 = Math.min(...rs), r1 = Math.max(...rs), k0 = Math.min(...ks), k1 = Math.max(...ks);
          const side = r1 - r0;
          if (side < 2 || side % 2 !== 0 || k1 - k0 !== side || at.length !== (side + 1) * (side + 1)) return;
          const corner = (r, k) => block.rows[r][k];
          palaces.push([corner(r0, k0), corner(r1, k1)], [corner(r0, k1), corner(r1, k0)]);
        });
      }
    }
  }
  return { rivers, ringRivers, palaces, shaded };
}

// On a ring, the cells of `set` whose next cell round the ring is not in it,
// and the other way: the border runs along their far side.
function ringBorders(desc, set) {
  const axes = drawingAxes(desc);
  const ring = ringOf(desc, axes);
  const n = desc.axes[ring.round].size;
  const at = new Map(desc.cells.map((cell, c) => [cell.coords.join(','), c]));
  return desc.cells.map((cell, c) => {
    const next = [...cell.coords];
    next[ring.round] = (next[ring.round] + 1) % n;
    return set.has(c) !== set.has(at.get(next.join(','))) ? c : null;
  }).filter((c) => c !== null);
}

// ---- drawing primitives -----------------------------------------------------

// Flipping turns the picture half round: points are mirrored through the
// centre, sectors turn by pi; text stays upright.
function flipPoint(x, y) {
  const g = app.geometry;
  return app.flipped ? [g.width - x, g.height - y] : [x, y];
}

function centerOf(shape) {
  if (shape.kind === 'hex') return flipPoint(shape.cx, shape.cy);
  if (shape.kind === 'rect') return flipPoint(shape.x + shape.w / 2, shape.y + shape.h / 2);
  const a = (shape.a0 + shape.a1) / 2, r = (shape.r0 + shape.r1) / 2;
  return flipPoint(shape.cx + r * Math.cos(a), shape.cy + r * Math.sin(a));
}

function shapeElement(shape) {
  if (shape.kind === 'rect') {
    const [x, y] = flipPoint(shape.x + (app.flipped ? shape.w : 0), shape.y + (app.flipped ? shape.h : 0));
    return el('rect', { x, y, width: shape.w, height: shape.h });
  }
  if (shape.kind === 'hex') {
    const points = [0, 1, 2, 3, 4, 5].map((k) => {
      const a = shape.corner + (k * Math.PI) / 3;
      const [x, y] = flipPoint(shape.cx + shape.r * Math.cos(a), shape.cy + shape.r * Math.sin(a));
      return `${x.toFixed(2)},${y.toFixed(2)}`;
    });
    return el('polygon', { points: points.join(' ') });
  }
  const [cx, cy] = flipPoint(shape.cx, shape.cy);
  const turn = app.flipped ? Math.PI : 0;
  const a0 = shape.a0 + turn, a1 = shape.a1 + turn;
  const p = (r, a) => `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const d = `M ${p(shape.r1, a0)} A ${shape.r1} ${shape.r1} 0 ${large} 1 ${p(shape.r1, a1)} `
    + `L ${p(shape.r0, a1)} A ${shape.r0} ${shape.r0} 0 ${large} 0 ${p(shape.r0, a0)} Z`;
  return el('path', { d });
}

// The mark of a royal piece in check: its cell in red, and on points (where
// the piece covers the point) a wide red halo round the piece.
function checkMark(shape) {
  const g = app.geometry;
  if (!g.points) return markElement(shape, 'highlight-check');
  const [cx, cy] = centerOf(shape);
  return el('circle', { cx, cy, r: g.S * 0.62, class: 'highlight-check halo' });
}

// A mark on a cell: its square (or sector), or a disc round a point.
function markElement(shape, cls) {
  const g = app.geometry;
  let node;
  if (g.points) {
    const [cx, cy] = centerOf(shape);
    node = el('circle', { cx, cy, r: g.S * 0.46 });
  } else node = shapeElement(shape);
  node.setAttribute('class', cls);
  return node;
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function line(a, b, cls) {
  return el('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls });
}

// ---- pieces -------------------------------------------------------------------

function pieceType(symbol) {
  return app.desc.pieces.find((p) => p.symbol === symbol);
}

// Glyphs are drawn only when every piece type of the game has them, so that
// a board never mixes figurines (or characters) with letters.
function drawsGlyphs(desc) {
  return desc.pieces.every((p) => p.glyphs && p.glyphs.length > 0);
}

// What is written on a piece: the glyph the file declares for its owner, or
// its symbol.
function glyphOf(symbol, owner) {
  const type = pieceType(symbol);
  if (!app.glyphs || !type) return symbol;
  return type.glyphs[owner] || type.glyphs[0];
}

// Does `owner`'s piece point up the screen? Tiles face the opponent: the
// owner's forward direction, as drawn.
function facesUp(owner) {
  const axes = drawingAxes(app.desc);
  const forward = (app.desc.players[owner] && app.desc.players[owner].forward) || [];
  const first = (app.desc.players[0].forward || [])[axes.row] || 1;
  const same = Math.sign(forward[axes.row] || first) === Math.sign(first);
  return same !== app.flipped;
}

// A piece drawn at (cx, cy) in a square of side `size`: a disc, or a pointed
// tile turned towards the opponent; the glyph on it.
function pieceFigure(symbol, owner, cx, cy, size, extra = '') {
  const g = app.geometry;
  const glyph = glyphOf(symbol, owner);
  const promoted = symbol.startsWith('+') ? ' promoted' : '';
  const group = el('g', { class: `${extra} owner-${owner}${g.tiles ? ' tile' : ' disc-piece'}${promoted}`.trim() });
  const chars = [...glyph].length;
  const fontSize = Math.max(MIN_TEXT, size * (chars > 1 ? 0.36 : /[A-Za-z]/.test(glyph) ? 0.46 : 0.54));
  if (g.tiles) {
    const w = size * 0.8, h = size * 0.88;
    const turn = facesUp(owner) ? 0 : 180;
    const path = `M 0 ${-h / 2} L ${w * 0.38} ${-h * 0.3} L ${w / 2} ${h / 2} L ${-w / 2} ${h / 2} L ${-w * 0.38} ${-h * 0.3} Z`;
    const body = el('g', { transform: `translate(${cx.toFixed(2)} ${cy.toFixed(2)}) rotate(${turn})` });
    body.appendChild(el('path', { class: 'body', d: path }));
    body.appendChild(el('text', { class: 'glyph', x: 0, y: h * 0.08, 'font-size': fontSize.toFixed(1) }, glyph));
    group.appendChild(body);
  } else {
    group.appendChild(el('circle', { class: 'body', cx, cy, r: size * 0.42 }));
    group.appendChild(el('text', { class: 'glyph', x: cx, y: cy + 1, 'font-size': fontSize.toFixed(1) }, glyph));
  }
  return group;
}

// ---- drawing ------------------------------------------------------------------

function legalFrom(cell) {
  return app.game.legal.filter((m) => m.from === cell);
}

// The legal drops of a type in hand: moves whose `held` is its symbol (in
// upper case whichever side drops), as itself or, where the game lets a piece
// be dropped promoted, as its other side.
function dropsOf(symbol) {
  const upper = symbol.toUpperCase();
  return app.game.legal.filter((m) => m.from === null && m.held && m.held.toUpperCase() === upper);
}

// The moves the current selection (a cell or a piece in hand) makes to `cell`.
function movesTo(cell) {
  if (app.selectedHand !== null) return dropsOf(app.selectedHand).filter((m) => m.to === cell);
  // A castling is also picked by its partner's cell (the King taking its own
  // Rook, as Chess960 players point at it when the King stays put).
  if (app.selected !== null) return app.game.legal.filter((m) => m.from === app.selected && (m.to === cell || m.partner === cell));
  return [];
}

// Can the user move for the side to move now?
function userToMove() {
  const game = app.game;
  return game && !game.result && !app.busy && !app.thinking && !computerSides()[game.side_index];
}

function render() {
  renderBoard();
  renderPanel();
}

// The pane the board fills.
function paneSize() {
  const pane = $('board-area');
  return [Math.max(240, pane.clientWidth), Math.max(240, pane.clientHeight)];
}

function layoutBoard() {
  const [w, h] = paneSize();
  app.geometry = computeGeometry(app.desc, w, h);
  app.geometry.pane = [w, h];
}

function renderBoard() {
  const svg = $('board');
  const desc = app.desc;
  const game = app.game;
  const [w, h] = paneSize();
  if (!app.geometry || app.geometry.pane[0] !== w || app.geometry.pane[1] !== h) layoutBoard();
  const g = app.geometry;
  const S = g.S;
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  svg.setAttribute('width', g.width);
  svg.setAttribute('height', g.height);
  svg.classList.toggle('points', g.points);
  svg.replaceChildren();
  svg.appendChild(el('rect', { x: 0, y: 0, width: g.width, height: g.height, rx: 8, class: 'backdrop' }));
  for (const label of g.labels) {
    const [x, y] = flipPoint(label.x, label.y);
    svg.appendChild(el('text', { x, y, class: 'block-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, label.text));
  }
  const boardLayer = el('g', { class: 'boards' });
  const cellLayer = el('g', { class: 'cells' });
  const zoneLayer = el('g', { class: 'zones' });
  const names = el('g', { class: 'names' });
  const marks = el('g', { class: 'marks' });
  const pieces = el('g', { class: 'pieces' });
  const targets = el('g', { class: 'targets' });
  // Cell names lie over the pieces (with a halo), so that no piece hides them.
  svg.append(boardLayer, cellLayer, zoneLayer, marks, pieces, names, targets);
  if (!g.ring) drawBlocks(boardLayer, zoneLayer);
  else drawRingRivers(zoneLayer);
  drawSeams(zoneLayer);

  const last = game ? game.last : null;
  const selectedTargets = new Map();
  if (game && app.selected !== null) {
    for (const m of legalFrom(app.selected)) {
      selectedTargets.set(m.to, (selectedTargets.get(m.to) || 0) + 1);
      if (m.partner !== null && m.partner !== undefined && m.partner !== m.to) selectedTargets.set(m.partner, (selectedTargets.get(m.partner) || 0) + 1);
    }
  }
  if (game && app.selectedHand !== null) {
    for (const m of dropsOf(app.selectedHand)) selectedTargets.set(m.to, (selectedTargets.get(m.to) || 0) + 1);
  }
  // The piece has moved in the user's mind: its targets are where the
  // blocker may go.
  if (game && app.placing) {
    selectedTargets.clear();
    for (const m of app.placing) selectedTargets.set(m.blocker, 1);
  }
  desc.cells.forEach((cell, i) => {
    const shape = g.shapes[i];
    if (!shape) return;
    const node = shapeElement(shape);
    const look = g.points ? 'cell-point' : ['cell-light', 'cell-dark', 'cell-mid'][shape.parity];
    node.setAttribute('class', `cell ${look}${g.marks.shaded.has(i) ? ' zone-promotion' : ''}`);
    node.dataset.cell = cell.name;
    node.dataset.index = i;
    node.appendChild(el('title', {}, cell.name));
    cellLayer.appendChild(node);
    if (g.marks.shaded.has(i) && g.points) {
      const area = shapeElement(shape);
      area.setAttribute('class', 'zone-promotion-area');
      zoneLayer.appendChild(area);
    }
    const [cx, cy] = centerOf(shape);
    names.appendChild(nameLabel(shape, cx, cy, cell.name));

    if (last && (last.from === i || last.to === i)) marks.appendChild(markElement(shape, 'highlight-last'));
    if (app.selected === i) marks.appendChild(markElement(shape, 'highlight-selected'));

    const piece = game && game.board[i];
    if (piece) {
      if (piece.royal && game.in_check && piece.owner === game.side_index) marks.appendChild(checkMark(shape));
      const size = shape.kind === 'rect' ? S * (g.points ? 0.96 : 0.92) : S * 0.8;
      const checked = piece.royal && game.in_check && piece.owner === game.side_index;
      const group = pieceFigure(piece.symbol, piece.owner, cx, cy, size, checked ? 'piece in-check' : 'piece');
      group.dataset.cell = cell.name;
      group.dataset.index = i;
      group.dataset.piece = piece.text;
      group.dataset.owner = piece.owner;
      group.appendChild(el('title', {}, `${pieceName(piece)} on ${cell.name}`));
      pieces.appendChild(group);
    }
    if (selectedTargets.has(i)) {
      const t = el('g', { class: 'target' });
      t.dataset.cell = cell.name;
      t.dataset.index = i;
      if (piece) t.appendChild(el('circle', { class: 'ring', cx, cy, r: S * 0.46 }));
      else t.appendChild(el('circle', { class: 'dot', cx, cy, r: S * 0.14 }));
      // An invisible disc makes the whole target easy to click.
      t.appendChild(el('circle', { cx, cy, r: S * 0.47, fill: 'transparent' }));
      targets.appendChild(t);
    }
  });
  if (g.hands && game && game.hands) svg.appendChild(renderHands(g.hands, game));
}

// The blocks' boards: on points, a wooden board with lines through the points
// (the river a gap in the inner lines); on squares, a frame (the cells are
// drawn per cell) and a heavy line for a river. Palace diagonals on both.
function drawBlocks(boardLayer, zoneLayer) {
  const g = app.geometry;
  const S = g.S;
  const at = (c) => centerOf(g.shapes[c]);
  g.blocks.forEach((block, b) => {
    const rows = block.rows, last = rows.length - 1, lastCol = rows[0].length - 1;
    const rivers = g.marks.rivers.get(b) || new Set();
    const [x0, y0] = flipPoint(block.box.x, block.box.y);
    const [x1, y1] = flipPoint(block.box.x + block.box.w, block.box.y + block.box.h);
    const frame = { x: Math.min(x0, x1), y: Math.min(y0, y1), width: block.box.w, height: block.box.h };
    if (g.points) {
      boardLayer.appendChild(el('rect', { ...frame, class: 'point-board', rx: 4 }));
      for (const r of rivers) {
        const a = at(rows[r][0]), z = at(rows[r + 1][lastCol]);
        boardLayer.appendChild(el('rect', {
          x: Math.min(a[0], z[0]), y: Math.min(a[1], z[1]), width: Math.abs(z[0] - a[0]), height: Math.abs(z[1] - a[1]), class: 'river',
        }));
      }
      rows.forEach((row, r) => boardLayer.appendChild(line(at(row[0]), at(row[lastCol]), r === 0 || r === last ? 'grid-line edge' : 'grid-line')));
      for (let k = 0; k <= lastCol; k++) {
        const edge = k === 0 || k === lastCol;
        let start = 0;
        for (let r = 0; r <= last; r++) {
          if (r === last || (!edge && rivers.has(r))) {
            if (r > start) boardLayer.appendChild(line(at(rows[start][k]), at(rows[r][k]), edge ? 'grid-line edge' : 'grid-line'));
            start = r + 1;
          }
        }
      }
    } else {
      zoneLayer.appendChild(el('rect', { ...frame, class: 'square-frame' }));
      for (const r of rivers) {
        const y = block.box.y + (r + 1) * S;
        zoneLayer.appendChild(line(flipPoint(block.box.x, y), flipPoint(block.box.x + block.box.w, y), 'river-line'));
      }
    }
  });
  for (const [a, z] of g.marks.palaces) zoneLayer.appendChild(line(at(a), at(z), 'palace-line'));
}

// A river on a ring: a heavy line along the far side of each border cell.
function drawRingRivers(layer) {
  const g = app.geometry;
  for (const c of g.marks.ringRivers) {
    const shape = g.shapes[c];
    const a = shape.a1 + (app.flipped ? Math.PI : 0);
    const [ox, oy] = flipPoint(shape.cx, shape.cy);
    const p = (r) => [ox + r * Math.cos(a), oy + r * Math.sin(a)];
    layer.appendChild(line(p(shape.r0), p(shape.r1), 'river-line'));
  }
}

// A fold: cells that are neighbours in the named layout but stand in
// different levels sit on the edges of their levels; each such pair of edges
// is marked with one colour and one number (`fold 1`), so that a move across
// the fold is seen to be a step along the folded board.
function drawSeams(layer) {
  const g = app.geometry;
  g.seams.forEach((seam, i) => {
    const names = `${app.desc.cells[seam.a].name} and ${app.desc.cells[seam.b].name}`;
    for (const c of [seam.a, seam.b]) {
      const shape = g.shapes[c];
      if (!shape || shape.kind !== 'rect') continue;
      const box = g.blocks[shape.block].box;
      const last = g.blocks[shape.block].rows[0].length - 1;
      if (shape.k !== 0 && shape.k !== last) continue;
      const x = shape.k === 0 ? box.x - 7 : box.x + box.w + 2;
      const [x0, y0] = flipPoint(x, box.y);
      const [x1, y1] = flipPoint(x + 5, box.y + box.h);
      const band = el('rect', { class: `fold fold-${i % 4}`, x: Math.min(x0, x1), y: Math.min(y0, y1), width: 5, height: box.h, rx: 2 });
      band.appendChild(el('title', {}, `fold ${i + 1}: the board is folded here (${names} are neighbours)`));
      layer.appendChild(band);
      // The name runs under the level, away from the neighbouring one.
      const left = (shape.k === 0) !== app.flipped;
      const [tx, ty] = flipPoint(shape.k === 0 ? x : x + 5, box.y + box.h + FOLD / 2);
      layer.appendChild(el('text', {
        class: `fold-label fold-${i % 4}`, x: tx, y: ty, 'text-anchor': left ? 'start' : 'end', 'dominant-baseline': 'central',
      }, `fold ${i + 1}`));
    }
  });
}

// The pieces in hand: the player at the bottom of the board in the strip at
// the bottom right, the other one at the top left. Each type held is a piece
// with a badge counting it; the side to move's pieces that can be dropped are
// clickable.
function renderHands(layout, game) {
  const layer = el('g', { class: 'hands' });
  const players = app.desc.players.length;
  const bottom = app.flipped && players > 1 ? 1 : 0;
  const order = [players > 1 ? 1 - bottom : null, bottom];
  order.forEach((player, i) => {
    if (player === null) return;
    const strip = layout.strips[i];
    const held = game.hands[player] || [];
    const toMove = !game.result && game.side_index === player;
    const group = el('g', { class: `hand hand-${i === 0 ? 'top' : 'bottom'} owner-${player}${toMove ? ' to-move' : ''}` });
    group.dataset.owner = player;
    group.appendChild(el('rect', { class: 'hand-strip', x: strip.x, y: strip.y, width: strip.w, height: strip.h, rx: 6 }));
    const name = app.desc.players[player].name;
    const title = el('text', { class: 'hand-label', x: strip.x + strip.w / 2, y: strip.y + HAND_LABEL * 0.62, 'text-anchor': 'middle' }, name);
    title.appendChild(el('title', {}, `${name}: pieces in hand${toMove ? ' (to move)' : ''}`));
    group.appendChild(title);
    if (held.length === 0) {
      group.appendChild(el('text', { class: 'hand-empty', x: strip.x + strip.w / 2, y: strip.y + HAND_LABEL + layout.slot / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, 'none'));
    }
    held.forEach((piece, k) => {
      const col = Math.floor(k / layout.perCol), row = k % layout.perCol;
      const cx = strip.x + HAND_PAD + layout.slot * (col + 0.5);
      const cy = strip.y + HAND_LABEL + HAND_PAD + layout.slot * (row + 0.5);
      const droppable = toMove && userToMove() && dropsOf(piece.symbol).length > 0;
      const selected = app.selectedHand === piece.symbol && toMove;
      const item = el('g', { class: `hand-piece owner-${player}${droppable ? ' droppable' : ''}${selected ? ' selected' : ''}` });
      item.dataset.hand = piece.symbol;
      item.dataset.owner = player;
      item.dataset.count = piece.count;
      if (selected) item.appendChild(el('circle', { class: 'highlight-selected', cx, cy, r: layout.slot * 0.48 }));
      item.appendChild(pieceFigure(piece.symbol, player, cx, cy, layout.slot * 0.92));
      const bx = cx + layout.slot * 0.32, by = cy - layout.slot * 0.3;
      item.appendChild(el('circle', { class: 'badge', cx: bx, cy: by, r: 10 }));
      item.appendChild(el('text', { class: 'badge-text', x: bx, y: by + 0.5 }, String(piece.count)));
      const what = `${pieceName({ symbol: piece.symbol, owner: player })} in hand ×${piece.count}`;
      item.appendChild(el('title', {}, droppable ? `${what}: click, then a cell, to drop it` : what));
      group.appendChild(item);
    });
    layer.appendChild(group);
  });
  return layer;
}

// A cell's name: in the lower left corner of a square, beside a point, by the
// outer edge of a sector (on the centre line, so that it clears the piece).
function nameLabel(shape, cx, cy, name) {
  const g = app.geometry;
  const size = Math.max(NAME_TEXT, Math.min(14, g.S * 0.2)).toFixed(1);
  if (shape.kind === 'hex') {
    return el('text', { x: cx, y: cy + g.S * 0.4, class: 'cell-name', 'font-size': size, 'text-anchor': 'middle' }, name);
  }
  if (shape.kind === 'rect') {
    const dx = g.points ? g.S * 0.06 : -g.S * 0.46;
    return el('text', { x: cx + dx, y: cy + g.S * 0.44, class: 'cell-name', 'font-size': size }, name);
  }
  const a = (shape.a0 + shape.a1) / 2 + (app.flipped ? Math.PI : 0);
  const [ox, oy] = flipPoint(shape.cx, shape.cy);
  const r = shape.r1 - 7;
  return el('text', {
    x: ox + r * Math.cos(a), y: oy + r * Math.sin(a), class: 'cell-name', 'font-size': size,
    'text-anchor': 'middle', 'dominant-baseline': 'central',
  }, name);
}

function pieceName(piece) {
  const type = pieceType(piece.symbol);
  const player = app.desc.players[piece.owner];
  return `${player ? player.name : ''} ${type ? type.name : piece.symbol}`.trim();
}

function computerSides() {
  const value = $('computer').value;
  return app.desc.players.map((_, i) => value === 'both' || value === String(i));
}

function renderPanel() {
  const game = app.game;
  const desc = app.desc;
  $('title').textContent = desc.name;
  const status = $('status');
  status.replaceChildren();
  const result = $('result');
  if (game.result) {
    result.hidden = false;
    result.textContent = game.result.text;
    status.textContent = 'Game over';
  } else {
    result.hidden = true;
    result.textContent = '';
    status.append(`${game.side} to move`);
    if (game.in_check) {
      const check = document.createElement('span');
      check.className = 'check';
      check.textContent = ' — in check';
      status.append(check);
    }
    if (app.thinking) status.append(' — the computer is thinking…');
  }
  $('search').textContent = app.lastSearch ? `Computer: ${app.lastSearch.san || app.lastSearch.move} (${app.lastSearch.summary})` : '';
  const list = $('moves');
  list.replaceChildren();
  for (let i = 0; i < game.history.length; i += 2) {
    const li = document.createElement('li');
    for (let j = i; j < Math.min(i + 2, game.history.length); j++) {
      const span = document.createElement('span');
      span.className = 'move' + (j === game.history.length - 1 ? ' last' : '');
      span.dataset.ply = j + 1;
      // SAN, as players read moves; vdl's move text on hovering.
      span.textContent = (game.history_san || game.history)[j];
      span.title = game.history[j];
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $('fen').value = game.fen;
  $('move-input').placeholder = movePlaceholder(game);
  $('undo').disabled = game.history.length === 0;
  updateState();
}

// The move box suggests a legal move of the position, in the game's notation.
function movePlaceholder(game) {
  const example = game.legal.find((m) => m.from !== m.to) || game.legal[0];
  return example ? `Type a move, e.g. ${example.san || example.move}` : 'No legal move';
}

// The page's state for people and tests: busy (a request is under way),
// thinking (the computer), over, or ready.
function updateState() {
  const game = app.game;
  document.body.dataset.state = app.busy ? 'busy' : app.thinking ? 'thinking' : (game && game.result ? 'over' : 'ready');
}

function setBusy(busy) {
  app.busy = busy;
  updateState();
}

// ---- actions ------------------------------------------------------------------

function clearError() {
  clearTimeout(showError.timer);
  $('error').textContent = '';
}

function setGame(data) {
  app.game = data;
  app.selected = null;
  app.selectedHand = null;
  app.placing = null;
  render();
}

async function loadVariant(id) {
  app.variantId = id;
  app.desc = await api('GET', `variants/${id}`);
  app.glyphs = drawsGlyphs(app.desc);
  app.geometry = null; // laid out for the pane at the next drawing
  const select = $('computer');
  const previous = select.value;
  select.replaceChildren();
  const options = [['none', 'Nobody'], ...app.desc.players.map((p, i) => [String(i), p.name]), ['both', 'Both sides']];
  for (const [value, text] of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    select.appendChild(o);
  }
  select.value = options.some(([v]) => v === previous) ? previous : String(app.desc.players.length - 1);
  app.flipped = select.value === '0';
  history.replaceState(null, '', `#variant=${id}`);
  // The previous game's position string means nothing in this one.
  $('load-input').value = '';
  await newGame();
}

async function newGame(fen) {
  const token = ++app.token;
  app.thinking = false;
  app.lastSearch = null;
  const body = { variant: app.variantId };
  if (fen) body.fen = fen;
  setBusy(true);
  let data;
  try {
    data = await api('POST', 'games', body);
  } finally {
    setBusy(false);
  }
  if (token !== app.token) return;
  clearError();
  setGame(data);
  maybeComputer();
}

// Runs `change` (a request that returns the game after it) with the page
// busy; on failure shows the server's game as it is and the error. Then the
// computer moves if it is its turn.
async function changeGame(change) {
  setBusy(true);
  try {
    setGame(await change());
    clearError();
  } catch (e) {
    await refresh();
    showError(e.message);
  } finally {
    setBusy(false);
  }
  maybeComputer();
}

async function playMove(text) {
  if (app.busy || app.thinking || !app.game) return;
  await changeGame(() => api('POST', `games/${app.game.game}/move`, { move: text, ply: app.game.ply }));
}

async function refresh() {
  if (!app.game) return;
  try {
    setGame(await api('GET', `games/${app.game.game}`));
  } catch (e) {
    showError(e.message);
  }
}

async function undo() {
  if (app.busy || !app.game || app.game.history.length === 0) return;
  app.token++;
  app.thinking = false;
  await changeGame(async () => {
    let data = await api('POST', `games/${app.game.game}/undo`, { ply: app.game.ply });
    const sides = computerSides();
    // Take back the computer's answer too, so that it is the user's turn.
    if (sides[data.side_index] && !sides.every(Boolean) && data.history.length > 0) {
      data = await api('POST', `games/${data.game}/undo`, { ply: data.ply });
    }
    app.lastSearch = null;
    return data;
  });
}

async function maybeComputer() {
  const game = app.game;
  if (!game || game.result || app.thinking || app.busy) return;
  if (!computerSides()[game.side_index]) return;
  const token = app.token;
  app.thinking = true;
  renderPanel();
  const movetime = Math.max(50, Math.min(60000, Number($('movetime').value) || 1000));
  try {
    const data = await api('POST', `games/${game.game}/computer`, { movetime, ply: game.ply });
    if (token !== app.token) return;
    app.lastSearch = data.search;
    app.thinking = false;
    setGame(data);
  } catch (e) {
    if (token !== app.token) return;
    app.thinking = false;
    if (e.status !== 409) showError(e.message);
    await refresh();
    return;
  } finally {
    if (token === app.token) app.thinking = false;
  }
  // Computer against computer: a short pause between moves.
  setTimeout(maybeComputer, computerSides().every(Boolean) ? 300 : 0);
}

function chooseMove(moves, prompt = 'Several moves go there. Choose one:', chosen = (move) => playMove(move.move)) {
  const box = $('choice');
  const buttons = $('choice-buttons');
  buttons.replaceChildren();
  const gates = gatingChoices(moves);
  const pieces = gates || promotionChoices(moves);
  const drops = moves.every((m) => m.from === null);
  $('choice-prompt').textContent = gates ? 'Bring from hand:' : pieces ? (drops ? 'Drop as:' : 'Promote to:') : prompt;
  buttons.classList.toggle('pieces', !!pieces);
  for (const { move, symbol } of pieces || moves.map((move) => ({ move }))) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = move.move;
    if (symbol) {
      b.dataset.piece = symbol;
      b.appendChild(pieceButtonFigure(symbol, app.game.side_index));
      const name = document.createElement('span');
      name.textContent = pieceType(symbol) ? pieceType(symbol).name : symbol;
      b.appendChild(name);
      b.title = move.san || move.move;
    } else if (gates) {
      b.textContent = 'No piece';
      b.title = move.san || move.move;
    } else {
      b.textContent = move.san || move.move;
      b.title = move.move;
    }
    b.addEventListener('click', () => { box.hidden = true; chosen(move); });
    buttons.appendChild(b);
  }
  box.hidden = false;
  buttons.firstChild.focus();
}

// Moves that differ only in what the piece becomes (a promotion, or not
// promoting; a drop as the piece in hand or as its other side): each with
// the type it ends as, the strongest first by the computer's piece values.
// `null` when the moves differ otherwise.
function promotionChoices(moves) {
  if (!moves.some((m) => m.promotion)) return null;
  const mover = (m) => (m.from === null ? m.held : app.game.board[m.from] && app.game.board[m.from].symbol);
  const choices = moves.map((move) => ({ move, symbol: move.promotion || mover(move) }));
  const symbols = new Set(choices.map((c) => c.symbol));
  if (symbols.has(null) || symbols.has(undefined) || symbols.size !== choices.length) return null;
  const value = (symbol) => (app.desc.values && app.desc.values[symbol]) || 0;
  return choices.sort((a, b) => value(b.symbol) - value(a.symbol) || a.move.move.localeCompare(b.move.move));
}

// Moves that differ only in the piece they bring from hand onto the cell
// they leave (gating, or none): each with that piece's symbol (`null` for
// none), none first, then the strongest. `null` when the moves differ
// otherwise.
function gatingChoices(moves) {
  if (!moves.some((m) => m.gate)) return null;
  const same = (m) => `${m.from}/${m.to}/${m.promotion}`;
  const gates = new Set(moves.map((m) => m.gate || null));
  if (moves.some((m) => same(m) !== same(moves[0])) || gates.size !== moves.length) return null;
  const value = (symbol) => (symbol === null ? Infinity : (app.desc.values && app.desc.values[symbol]) || 0);
  const choices = moves.map((move) => ({ move, symbol: move.gate || null }));
  return choices.sort((a, b) => value(b.symbol) - value(a.symbol) || a.move.move.localeCompare(b.move.move));
}

// A piece as the board draws it, in a small picture of its own.
function pieceButtonFigure(symbol, owner) {
  const size = 56;
  const svg = el('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: app.geometry.points ? 'points' : '' });
  svg.appendChild(pieceFigure(symbol, owner, size / 2, size / 2, size * 0.98));
  return svg;
}

function onBoardClick(event) {
  if (!app.game || app.busy || app.thinking || app.game.result) return;
  const hand = event.target.closest('[data-hand]');
  if (hand) return void onHandClick(hand.dataset.hand, Number(hand.dataset.owner));
  const target = event.target.closest('[data-index]');
  if (!target) return;
  const cell = Number(target.dataset.index);
  if (app.placing) return void placeBlockerOn(cell);
  const moves = movesTo(cell);
  if (moves.some(hasBlocker)) return void choosePieceMove(moves);
  if (app.selected === cell && moves.length > 0) {
    // Moves that end where they start (a null move): asked, never played by accident.
    return void chooseMove(moves, moves.length > 1 ? 'Choose a move:' : 'Play this move?');
  }
  if (moves.length === 1) return void playMove(moves[0].move);
  if (moves.length > 1) return void chooseMove(moves);
  app.selected = app.selected !== cell && legalFrom(cell).length > 0 && userToMove() ? cell : null;
  app.selectedHand = null;
  renderBoard();
}

// In a game with a blocker (Duck chess), a move is a piece's move and then
// the blocker's placing: the piece's move is chosen first, then a click on a
// target places the blocker.
function hasBlocker(move) {
  return move.blocker !== null && move.blocker !== undefined;
}

// The piece's move among `moves` (asked when they differ otherwise than in
// the blocker's cell, as a promotion's choices do), then the blocker's
// targets shown.
function choosePieceMove(moves) {
  const pieceMove = (m) => `${m.from}/${m.to}/${m.promotion}/${m.partner}`;
  const placing = (chosen) => {
    app.placing = moves.filter((m) => pieceMove(m) === pieceMove(chosen));
    app.selected = null;
    app.selectedHand = null;
    renderBoard();
  };
  const distinct = [...new Map(moves.map((m) => [pieceMove(m), m])).values()];
  if (distinct.length === 1) return placing(distinct[0]);
  const choices = distinct.map((m) => ({ ...m, move: m.move.split(',')[0], san: m.san.split(',')[0] }));
  chooseMove(choices, 'Several moves go there. Choose one:', (choice) => placing(distinct[choices.indexOf(choice)]));
}

// A click while placing the blocker: on one of its targets, plays the move;
// elsewhere, takes the piece's move back.
function placeBlockerOn(cell) {
  const move = app.placing.find((m) => m.blocker === cell);
  app.placing = null;
  if (move) return void playMove(move.move);
  renderBoard();
}

// A click on a piece in hand selects it (its drop targets are shown) when
// its owner is to move and can drop it; another click deselects it.
function onHandClick(symbol, owner) {
  const canDrop = owner === app.game.side_index && userToMove() && dropsOf(symbol).length > 0;
  app.selectedHand = canDrop && app.selectedHand !== symbol ? symbol : null;
  app.selected = null;
  renderBoard();
}

async function start() {
  $('board').addEventListener('click', onBoardClick);
  $('new').addEventListener('click', () => newGame().catch((e) => showError(e.message)));
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; renderBoard(); });
  $('variant').addEventListener('change', (e) => loadVariant(Number(e.target.value)).catch((err) => showError(err.message)));
  $('computer').addEventListener('change', () => {
    app.flipped = $('computer').value === '0';
    render();
    maybeComputer();
  });
  $('choice-cancel').addEventListener('click', () => { $('choice').hidden = true; });
  // The board fills its pane: a new pane size lays it out again.
  let resizing = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { if (app.desc && app.game) renderBoard(); }, 60);
  });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (text) { input.value = ''; playMove(text); }
  });
  $('load-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('load-input').value.trim();
    if (text) newGame(text).catch((err) => showError(err.message));
  });

  const data = await api('GET', 'variants');
  app.variants = data.variants;
  $('movetime').value = data.movetime;
  const select = $('variant');
  for (const v of app.variants) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = `${v.name} (${v.file})`;
    select.appendChild(o);
  }
  const match = /variant=(\d+)/.exec(location.hash);
  const id = match && Number(match[1]) < app.variants.length ? Number(match[1]) : 0;
  select.value = id;
  await loadVariant(id);
}

start().catch((e) => showError(e.message));
