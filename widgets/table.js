// The scheissekopf card table: draws the synced position and turns clicks into requests.
//
// Synced from Python (scheissekopf/table.py):
//   state    the position as the viewer may see it (Game.to_dict() or Game.view(seat).to_dict())
//   info     what the picture needs beyond the position (scheissekopf/render.py: describe), and
//            what this table is, as data (the front end never asks which game it draws):
//              felt        "stack" (the stack to beat, the draw pile, the burned cards) or
//                          "tricks" (the trick being played, the last trick, the blind)
//              seat_zones  a seat's cards besides its hand: "rows" (bank beside gamble), "columns"
//                          (each bank card on its gamble card) or "hand" (the hand and its tricks)
//              controls    "pick" (cards are picked, then a button plays them) or "moves" (a click
//                          on a card plays it; every other move is a button of its own)
//              round_word  what one deal is called ("round", "hand")
//              refusal_hints  the words of a click that can do nothing where the rules differ:
//                          {out_of_turn (a note, or ""), jump_in, gamble} ({seat}, {card} filled in)
//              actor       the seat to act (null: nobody)
//   legal    the legal moves the viewer may make: {text, player, kind, cards, target, index}
//   log      the event texts, oldest first
//   message  a refusal or notice to show ("" for none)
//   version  bumped on every change; each request carries the version it was made for
//   hints    {} or the ranked moves of a hint for one seat: {seat, rows: [{text, kind, cards,
//            index, win, points, visits}], playouts, seconds, version, measure} (measure
//            "settlement" on a trick table: win = no loss of money, points = mean settlement)
//   interactive, and for a walkthrough (Scene): caption, step, steps
//   tone     how the message reads: "" a refusal, "good" a right answer, "miss" a legal move
//            that misses a lesson's goal, "info" information
//   review_panel  {} or the review of the finished round (scheissekopf/table.py: Table.review):
//            {state: "running", done, total, who} while it runs, then {state: "ready", who, summary,
//            moves: [{ply, number, seat, verdict, mark, words, move}], chart (an SVG picture),
//            at (the move whose position is shown, null at the end), best ({seat, kind, cards,
//            index, words}: the better move there, its cards marked as a hint's are), best_version,
//            trying (the learner plays on from there), round_word}
//   lesson   {} or, on a lesson's table, {solved, number, count, back, next}: the table shows the
//            lesson's controls (Hint, Retry, Back, Next) instead of Step / Undo / Edit, and once
//            the exercise is solved it invites no more moves and offers Next beside the feedback
//
// The front end never changes the game: it sends {action, version, player, cards, target, index}
// with model.send and Python answers by updating the traits above.

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const HIDDEN = "??";

// ---------------------------------------------------------------------------------------------
// Pure helpers (no DOM), exported for tests.

// German cards are written suit letter first ("EO", "S10"); they are drawn with their rank
// letter (O U G A 10 S K 9 8 7 6 P) and a suit mark in the suit's own colour: Eichel \u2663 brown,
// Gras \u2660 green, Herz \u2665 red, Schellen \u25cf gold (as render.py draws them).
const GERMAN = { E: ["\u2663", "eichel"], G: ["\u2660", "gras"], H: ["\u2665", "herz"], S: ["\u25cf", "schellen"] };

export function cardParts(text, family) {
  if (text == null || text === HIDDEN) return { rank: "", suit: "", colour: "back" };
  if (family === "german") {
    const t = String(text);
    const [suit, colour] = GERMAN[t[0].toUpperCase()] || ["?", "black"];
    return { rank: t.slice(1), suit, colour };
  }
  const t = String(text);
  if (t.toUpperCase() === "JK") return { rank: "JK", suit: "\u2605", colour: "joker" };
  const suit = t.slice(-1).toUpperCase();
  return { rank: t.slice(0, -1), suit: SUITS[suit] || suit, colour: "DH".includes(suit) ? "red" : "black" };
}

export function rankOf(text) {
  if (text == null || text === HIDDEN) return null;
  const t = String(text);
  return t.toUpperCase() === "JK" ? "JK" : t.slice(0, -1);
}

export function prettyCard(text, family) {
  if (family === "german" && cardWords[text]) return cardWords[text];
  const { rank, suit } = cardParts(text, family);
  return rank === "JK" ? "joker" : rank + suit;
}

// Each card as people say it ("10H" -> "10\u2665", "EO" -> "Eichel-Ober"), as Python sends it with
// the position (info.card_words, draft.card_words); set by each drawing before it draws a card.
let cardWords = {};

export function useCardWords(words) {
  cardWords = words || {};
}

// A card as people say it: its tooltip and the words of a button.
export function cardWord(text, family) {
  if (text == null || text === HIDDEN) return "face down";
  return cardWords[text] || prettyCard(text, family);
}

// The zone a player plays from: the hand while it holds cards, else the bank, else the gamble.
export function activeZone(player) {
  if (!player) return null;
  if ((player.hand || []).length) return "hand";
  if ((player.bank || []).some((c) => c != null)) return "bank";
  if ((player.gamble || []).some((c) => c != null)) return "gamble";
  return null;
}

// The zone seat p plays from (Python says so in info.seats; a bare position is read directly).
export function zoneOf(d, p) {
  const seat = (d.info.seats || [])[p];
  return seat && seat.zone ? seat.zone : activeZone(d.state.players[p]);
}

// A seat as people call it: its name (Python sends info.seat_words), else "Player 2".
export function seatLabel(info, i) {
  const said = (info.seat_words || [])[i];
  if (said != null) return String(said);
  const name = (info.names || [])[i];
  return name != null && name !== `P${i}` ? String(name) : `Player ${i}`;
}

// The one rule that makes a sentence agree with a seat called "You" (words.agree in Python):
// "You plays" -> "You play", "You still holds" -> "You still hold", "You's turn" -> "your turn",
// "not You's" -> "not yours", and "you" in lower case inside a sentence ("Waiting for you.").
// Every sentence built with seatLabel goes through it; a table without a "You" is left alone.
const IRREGULAR = { is: "are", has: "have", was: "were", does: "do" };
const NOT_VERBS = new Set(["as", "us", "plus", "yes", "this", "his", "its", "always", "unless"]);

export function pluralVerb(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (verb.endsWith("ies") && verb.length > 4) return verb.slice(0, -3) + "y";
  if (/(?:sses|shes|ches|xes|zes|oes)$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith("ss") || NOT_VERBS.has(verb)) return verb;
  return verb.slice(0, -1);
}

export function agree(text, info) {
  const seats = [...((info && info.seat_words) || []), ...((info && info.names) || [])];
  if (typeof text !== "string" || !text.includes("You") || !seats.includes("You")) return text;
  let t = text.replace(/\bYou's( (?=[a-z]))?/g, (_, space) => (space ? "your " : "yours"));
  t = t.replace(/\bYou\b[^.;:!?]*/g, (clause) => clause.replace(
    /(\bYou|\band|\bor|,)( (?:now |also |still |first |then )?)([a-z]+s)\b/g, (_, head, gap, verb) => head + gap + pluralVerb(verb)));
  if (t.startsWith("You ")) t = t.replace(/ themselves/g, " yourself").replace(/ their /g, " your ");
  return t.replace(/\b(?:You|you)(?:rs?|rself)?\b/g, (word, at) => {
    const head = t.slice(0, at);
    if (/called $/.test(head)) return word;   // the name itself: "you play the seat called You"
    return (/(?:^|[.!?]\s+)$/.test(head) ? word[0].toUpperCase() : word[0].toLowerCase()) + word.slice(1);
  });
}

// A hint and buttons whose words agree with a seat called "You".
function agreed({ hint, buttons }, info) {
  const said = (b) => ({ ...b, label: agree(b.label, info), ...(b.options ? { options: b.options.map(said) } : {}) });
  return { hint: agree(hint, info), buttons: buttons.map(said) };
}

// May the person at this table click for seat p?
export function controllable(d, p) {
  const { info } = d;
  if (!d.interactive || p == null || info.phase === "over" || solvedLesson(d)) return false;
  if (info.view !== "table" && info.view !== p) return false;
  const seat = (info.seats || [])[p];
  return !(seat && seat.bot);
}

// A lesson's exercise that has been answered: the table stops inviting moves.
export function solvedLesson(d) {
  return Boolean(d.lesson && d.lesson.solved);
}

function movesOf(d, p) {
  return (d.legal || []).filter((m) => m.player === p);
}

// Ranks seat p may play now (from the legal plays and jokers), for highlighting.
export function legalRanks(d, p) {
  const ranks = new Set();
  for (const m of movesOf(d, p)) {
    if (m.kind === "play" || m.kind === "joker" || (m.kind === "take" && m.cards.length)) {
      for (const c of m.cards) ranks.add(rankOf(c));
    }
  }
  return ranks;
}

// Can this card be clicked (selected) by the person at the table? A gamble card can when it
// may be turned (on a table of columns that can be while other columns still hold bank cards).
export function clickable(d, p, zone, index) {
  if (!controllable(d, p)) return false;
  const mine = movesOf(d, p);
  if (!mine.length) return false;
  const { info } = d;
  if (info.phase === "setup") {
    return (zone === "hand" || zone === "bank") && mine.some((m) => m.kind === "swap" || m.kind === "place");
  }
  if (info.pending === p) return false;
  if (zone === "gamble") return mine.some((m) => m.kind === "flip" && m.index === index);
  if (zone !== zoneOf(d, p)) return false;
  const toMove = info.actor === p;
  return toMove || mine.some((m) => m.kind === "play");   // others only to jump in
}

// Add or remove one card from the selection, following the zone rules of the phase.
export function toggle(sel, d, item) {
  const same = (a) => a.zone === item.zone && a.index === item.index;
  let items = sel.player === item.player ? sel.items.slice() : [];
  if (items.some(same)) return { player: item.player, items: items.filter((a) => !same(a)) };
  if (d.info.phase === "setup") {
    items = items.filter((a) => a.zone !== item.zone);          // one hand card and one bank card
  } else if (item.zone === "gamble" || items.some((a) => a.zone !== item.zone)) {
    items = [];                                                   // one zone; one gamble card
  }
  items.push({ zone: item.zone, index: item.index, card: item.card });
  if (d.info.phase === "play" && items.length > 1 && !fitsSomeMove(d, item.player, items.map((a) => a.card))) {
    items = [items[items.length - 1]];     // cards no move plays together: the new card starts afresh
  }
  return { player: item.player, items };
}

// Is there a legal move of seat p that plays all these cards (a play, a joker, a lay-and-take)?
export function fitsSomeMove(d, p, cards) {
  return movesOf(d, p).some((m) => {
    if (!["play", "take", "joker"].includes(m.kind) || !m.cards.length) return false;
    const left = m.cards.slice();
    return cards.every((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; });
  });
}

// The words of a click that can do nothing where the rules of tables differ (info.refusal_hints,
// written by each game's Python): {out_of_turn, jump_in, gamble}.
export function hintsOf(info) {
  return info.refusal_hints || {};
}

// A sentence of the table's words with its blanks filled: said("{seat} waits.", {seat: "Ada"})
// -> "Ada waits." (null where the table has no such sentence).
export function said(template, words) {
  if (!template) return null;
  return template.replace(/\{(\w+)\}/g, (blank, key) => (key in words ? String(words[key]) : blank));
}

// Why seat p's card cannot be picked in play although the zone is the right one: no legal move
// plays it (null when one does, or when the phase or the zone decides nothing here).
export function cannotGo(d, p, zone, card) {
  const why = cannotGoSaid(d, p, zone, card);
  return why == null ? null : agree(why, d.info);
}

function cannotGoSaid(d, p, zone, card) {
  const { info } = d;
  if (info.phase !== "play" || zone === "gamble" || fitsSomeMove(d, p, [card])) return null;
  const who = seatLabel(info, p);
  const mine = movesOf(d, p);
  const c = cardWord(card, info.family);
  if (info.actor !== p) return said(hintsOf(info).jump_in, { card: c });
  if (!mine.some((m) => m.kind === "play" || m.kind === "joker")) {
    return `${who} has no card that can go on the stack now: press Take the stack.`;
  }
  const top = info.effective_top == null ? "" : ` (the card to beat is ${prettyCard(info.effective_top)})`;
  return `${c} cannot go on the stack now${top}: the cards that can go have a gold frame.`;
}

// The buttons to offer for the current selection: [{label, msg, primary, disabled}] and a hint.
export function actionsFor(d, sel) {
  return agreed(shedActions(d, sel), d.info);
}

function shedActions(d, sel) {
  const { info } = d;
  const buttons = [];
  if (!d.interactive || info.phase === "over" || solvedLesson(d)) return { hint: "", buttons };
  let p = sel.player;
  // a table seen from one seat speaks to that seat whenever it may act (a jump-in out of turn)
  if (p == null && typeof info.view === "number" && info.view !== info.actor && movesOf(d, info.view).length) p = info.view;
  if (p == null) p = info.actor;
  if (p == null && typeof info.view === "number") p = info.view;
  if (p == null && typeof info.home === "number") p = info.home;   // a lesson: the learner's seat
  if (p == null) {
    return { hint: "Each player swaps: click one of your hand cards and one of your bank cards, then Swap; say Ready when done.", buttons };
  }
  const who = seatLabel(info, p);
  if (!controllable(d, p)) {
    const seat = (info.seats || [])[p];
    if (seat && seat.bot) {
      return { hint: info.bot_waiting ? `The bot at ${who}'s seat is thinking\u2026` : `${who} is played by a bot: press Step.`, buttons };
    }
    return { hint: `Waiting for ${who}.`, buttons };
  }
  const mine = movesOf(d, p);
  const picked = sel.player === p ? sel.items : [];
  const cards = picked.map((a) => a.card);
  if (info.phase === "setup") {
    const h = picked.filter((a) => a.zone === "hand");
    const b = picked.filter((a) => a.zone === "bank");
    if (mine.some((m) => m.kind === "swap")) {
      const ok = h.length === 1 && b.length === 1;
      buttons.push({
        label: ok ? `Swap ${prettyCard(h[0].card)} \u21c4 ${prettyCard(b[0].card)}` : "Swap",
        disabled: !ok, primary: ok,
        msg: ok ? { action: "swap", player: p, cards: [h[0].card, b[0].card] } : null,
      });
    }
    const columns = [...new Set(mine.filter((m) => m.kind === "place").map((m) => m.index))].sort();
    for (const i of columns) {
      const ok = h.length === 1;
      buttons.push({
        label: `Place on column ${i + 1}`, disabled: !ok,
        msg: ok ? { action: "place", player: p, cards: [h[0].card], index: i } : null,
      });
    }
    const hint = columns.length
      ? `${who}: click a hand card, then the column to lay it on.`
      : `${who}: click a hand card and a bank card, then Swap. Ready when done.`;
    return { hint: mine.length ? hint : `${who} is ready.`, buttons };
  }
  if (info.pending === p) {
    for (const m of mine.filter((m) => m.kind === "joker")) {
      buttons.push({ label: `${seatLabel(info, m.target)} takes the stack`, primary: true,
        msg: { action: "joker", player: p, target: m.target } });
    }
    return { hint: `${who} turned a joker: who takes the stack?`, buttons };
  }
  const layAndTake = mine.filter((m) => m.kind === "take" && m.cards.length);
  const gamble = picked.filter((a) => a.zone === "gamble");
  let hint = "";
  if (gamble.length) {
    buttons.push({ label: "Turn it over", primary: true, msg: { action: "flip", player: p, index: gamble[0].index } });
  } else if (cards.length) {
    const jokerTargets = mine.filter((m) => m.kind === "joker").map((m) => m.target);
    if (cards.length === 1 && rankOf(cards[0]) === "JK" && jokerTargets.length) {
      for (const t of jokerTargets) {
        buttons.push({ label: `Show the joker to ${seatLabel(info, t)}`, primary: true,
          msg: { action: "joker", player: p, target: t } });
      }
      hint = "Who takes the stack?";
    } else if (layAndTake.length && cards.length === 1 && picked[0].zone === "bank") {
      buttons.push({ label: `Lay ${prettyCard(cards[0])} and take the stack`, primary: true,
        msg: { action: "take", player: p, cards } });
    } else {
      const jump = info.actor !== p;
      // a jump-in is only these cards if some jump-in plays exactly them: else say what to add
      const exact = (m) => m.kind === "play" && m.cards.length === cards.length && fitsSomeMove({ ...d, legal: [m] }, p, cards);
      const whole = !jump || mine.some(exact);
      buttons.push({ label: `${jump ? "Jump in!" : "Play"} ${cards.map(prettyCard).join(" ")}`,
        primary: whole, disabled: !whole, jump, msg: whole ? { action: "play", player: p, cards } : null });
      if (!whole) {
        const more = mine.filter((m) => m.kind === "play" && fitsSomeMove({ ...d, legal: [m] }, p, cards))
          .sort((a, b) => a.cards.length - b.cards.length)[0];
        if (more) {
          const left = more.cards.slice();
          for (const c of cards) left.splice(left.indexOf(c), 1);
          hint = `${who}: to jump in, pick ${left.map(prettyCard).join(" ")} too.`;
        }
      }
    }
  } else if (layAndTake.length) {
    hint = `${who}: no bank card fits \u2014 pick one to lay on the stack and take it all.`;
  } else if (mine.some((m) => m.kind === "flip")) {
    hint = mine.some((m) => m.kind === "play")
      ? `${who}: play a bank card, or turn one of your gamble cards.`
      : `${who}: turn one of your gamble cards.`;
  } else if (info.actor === p) {
    hint = `${who} to move: click cards to select them, then Play.`;
  } else if (info.actor != null && mine.some((m) => m.kind === "play")) {
    hint = `Waiting for ${seatLabel(info, info.actor)}, but ${who} may jump in now: pick the cards, then Jump in!`;
  }
  if (mine.some((m) => m.kind === "take" && !m.cards.length)) {
    buttons.push({ label: "Take the stack", msg: { action: "take", player: p } });
  }
  return { hint, buttons };
}

// Why Step and why Undo can do nothing now ("" where they can): Python says so in info.step_off
// and info.undo_off; a bare position (no Python behind it) is read directly.
export function toolsOff(d) {
  const { info } = d;
  const over = info.phase === "over" ? `The ${info.round_word} is over.` : "";
  const step = info.step_off != null ? info.step_off : over;
  let undo = info.undo_off;
  if (undo == null) undo = !info.moves && !info.editor_back ? "No move has been made yet." : "";
  return { step, undo };
}

// Who the computer plays at this table, in a sentence ("" for nobody): "Ben, Cleo and Dev are
// played by the computer."
export function botsLine(info) {
  const seats = (info.seats || []).map((s, i) => (s && s.bot ? i : null)).filter((i) => i != null);
  if (!seats.length) return "";
  const names = seats.map((i) => seatLabel(info, i));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return agree(`${list} ${names.length === 1 && names[0] !== "You" ? "is" : "are"} played by the computer.`, info);
}

// The seat the Hint button asks for: the seat this table is seen by, else the player to move
// (in setup, the seat whose cards are selected). null: no button.
export function hintSeat(d, sel) {
  const { info } = d;
  if (!d.interactive || info.phase === "over") return null;
  let p = typeof info.view === "number" ? info.view
    : (info.controls !== "moves" && sel.player != null ? sel.player : info.actor);
  if (p == null || !controllable(d, p) || !movesOf(d, p).length) return null;
  return p;
}

// The selection that a hint row stands for: its cards picked from the seat's zones.
export function selectionFor(d, row, p) {
  const player = d.state.players[p] || {};
  const items = [];
  if (row.kind === "flip") {
    const card = (player.gamble || [])[row.index];
    return { player: p, items: [{ zone: "gamble", index: row.index, card }] };
  }
  const zones = row.kind === "swap" ? ["hand", "bank"] : [zoneOf(d, p)];
  const used = new Set();
  for (const c of row.cards || []) {
    for (const z of zones) {
      const cards = player[z] || [];
      const i = cards.findIndex((x, k) => x === c && !used.has(`${z}${k}`));
      if (i >= 0) { used.add(`${z}${i}`); items.push({ zone: z, index: i, card: c }); break; }
    }
  }
  return { player: p, items };
}

// The review's progress in words: "3 of 26 moves judged".
export function reviewProgress(rv) {
  if (!rv || !rv.total) return "Getting the moves ready\u2026";
  return `${rv.done} of ${rv.total} ${rv.total === 1 ? "move" : "moves"} judged\u2026`;
}

// The verdicts and their marks, as the review's list shows them (the marks come from Python).
export const VERDICT_ORDER = ["best", "good", "inaccuracy", "mistake", "blunder", "forced"];

export function verdictKey(moves) {
  const marks = {};
  for (const m of moves || []) marks[m.verdict] = m.mark;
  return VERDICT_ORDER.filter((v) => marks[v]).map((v) => [marks[v], v]);
}

// A hint row tried in fewer games than this says nothing about how good the move is.
export const FEW_GAMES = 30;

export function tooFew(row) {
  return row.visits < FEW_GAMES;
}

// One hint row's figures in words: how many of the search's games began with this move, and in
// how many of those the seat came off well. A move tried in too few games is marked so, without
// a share that would read as a verdict.
export function hintLine(row, measure) {
  const games = `${row.visits} ${row.visits === 1 ? "game" : "games"}`;
  if (tooFew(row)) return `tried in only ${games}: too few to judge`;
  const pct = `${Math.round(row.win * 100)} %`;
  if (measure === "settlement") {          // trick games: the money of the hand, in the game's stakes
    const x = row.points == null ? null : Math.abs(row.points).toFixed(2);
    const mean = x == null ? "" : `, and ${row.points >= 0 ? "wins" : "loses"} ${x} ${x === "1.00" ? "stake" : "stakes"} a hand on average`;
    return `tried in ${games}: loses no money in ${pct} of them${mean}`;
  }
  return `tried in ${games}: not the Schei\u00dfkopf in ${pct} of them`;
}

// A hint row's move in words (the engine's text is its tooltip).
export function hintMove(row, info) {
  return agree(hintMoveSaid(row, info), info);
}

function hintMoveSaid(row, info) {
  const fam = info.family;
  const cards = (row.cards || []).map((c) => prettyCard(c, fam)).join(" ");
  const target = /\bto P(\d+)$/.exec(row.text || "");
  switch (row.kind) {
    case null: case undefined: return row.text === "pass" ? "let the chance pass" : row.text;
    case "play": case "card": return cards;
    case "take": return cards ? `lay ${cards} and take the stack` : "take the stack";
    case "joker": return target ? `show the joker to ${seatLabel(info, Number(target[1]))}` : "joker";
    case "flip": return `turn gamble card ${row.index + 1}`;
    case "swap": return `swap ${cards.replace(" ", " \u21c4 ")}`;
    case "place": return `lay ${cards} on column ${row.index + 1}`;
    case "ready": return "ready";
    default: {
      const words = (row.text || "").split(" ").slice(1).filter((w) => !(row.cards || []).includes(w)).join(" ");
      return (words.charAt(0).toUpperCase() + words.slice(1) + (cards ? ` ${cards}` : "")).trim();
    }
  }
}

// Why a click on this card can do nothing now, in the table's words (null: it can).
export function whyNot(d, p, zone) {
  const why = whyNotSaid(d, p, zone);
  return why == null ? null : agree(why, d.info);
}

function whyNotSaid(d, p, zone) {
  const { info, state } = d;
  const who = seatLabel(info, p);
  if (!d.interactive) {
    return d.steps ? "This walkthrough is for looking: Back and Next step through it; nothing here is played."
      : "This table only shows a position: it is not for playing, so clicks change nothing.";
  }
  if (solvedLesson(d)) {
    return d.lesson.next ? "Solved! Press Next for the next exercise, or Retry to play this one again."
      : "Solved! That was the last exercise of this lesson; Retry plays this one again.";
  }
  if (info.phase === "over") return `The ${info.round_word} is over: there is nothing left to play.`;
  if (typeof info.home === "number" && info.home !== p) {   // a lesson: the learner plays one seat
    const me = seatLabel(info, info.home);
    return `In this exercise you play ${me === "You" ? "the seat called You" : me}, at the bottom: ${who}'s cards are not yours to play.`;
  }
  if (typeof info.view === "number" && info.view !== p) {
    return `This table is seen from ${seatLabel(info, info.view)}'s seat: only ${seatLabel(info, info.view)}'s cards can be played here.`;
  }
  const seat = (info.seats || [])[p] || {};
  if (seat.bot) return `${who} is played by a bot.`;
  if (info.phase === "setup") {
    return zone === "gamble" ? `${who}'s gamble cards stay face down; in the setup only hand and bank cards are swapped.`
      : `${who} has nothing left to do in the setup.`;
  }
  if (info.pending === p) return `${who} turned a joker: first say who takes the stack.`;
  if (info.pending != null) return `${seatLabel(info, info.pending)} turned a joker and must first say who takes the stack.`;
  const hints = hintsOf(info);
  const turn = info.actor;
  if (turn !== p) {
    if (turn == null) return "No card can be played now.";
    return `It is ${seatLabel(info, turn)}'s turn, not ${who}'s${hints.out_of_turn ? ` (${hints.out_of_turn})` : ""}.`;
  }
  if (info.controls === "moves") {      // a card is played by a click: none is offered yet
    return movesOf(d, p).some((m) => m.kind === "card") ? null : `${who} plays no card yet: first choose with the buttons below.`;
  }
  const player = state.players[p] || {};
  const hand = (player.hand || []).length;
  if (zone === "bank") {
    return `${who} still holds ${hand} hand ${hand === 1 ? "card" : "cards"}: the bank is played only once the hand is empty.`;
  }
  if (zone === "gamble") {
    if (hand) return `${who} still holds ${hand} hand ${hand === 1 ? "card" : "cards"}: gamble cards come last, after the hand and the bank.`;
    return said(hints.gamble, { seat: who }) || `${who} cannot play this card now.`;
  }
  return `${who} cannot play this card now.`;
}

// ---------------------------------------------------------------------------------------------
// A table whose moves are made by a click on a card or a button (info.controls === "moves")

// Moves whose cards are chosen in the hand: how many cards the seat selects for them.
const PICKED = { bury: 2, under: 1, accept: 1 };

function moveLabel(m) {
  if (m.words) return m.words;                       // what the move does, in card players' words
  const words = m.text.split(" ").slice(1).join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Which of seat p's hand cards may be clicked, and what a click does ("play" or "select").
export function trickClick(d, p) {
  if (!controllable(d, p) || d.info.turn !== p) return null;
  const mine = movesOf(d, p);
  if (mine.some((m) => m.kind === "card")) return "play";
  if (mine.some((m) => PICKED[m.kind])) return "select";
  return null;
}

// The buttons of a trick game for the seat to move: [{label, msg, primary, disabled, options}].
export function trickActionsFor(d, sel) {
  return agreed(trickActions(d, sel), d.info);
}

function trickActions(d, sel) {
  const { info } = d;
  const buttons = [];
  if (!d.interactive || info.phase === "over" || solvedLesson(d)) return { hint: "", buttons };
  const p = typeof info.view === "number" ? info.view : info.turn;
  const who = seatLabel(info, p);
  if (p == null) return { hint: "", buttons };
  if (!controllable(d, p)) {
    const seat = (info.seats || [])[p];
    if (seat && seat.bot) return { hint: info.bot_waiting ? `The bot at ${who}'s seat is thinking\u2026` : `${who} is played by a bot: press Step.`, buttons };
    return { hint: info.turn == null ? "" : `Waiting for ${seatLabel(info, info.turn)}.`, buttons };
  }
  const mine = movesOf(d, p);
  const picked = sel.player === p ? sel.items.map((a) => a.card) : [];
  const fam = info.family;
  const groups = new Map();
  for (const m of mine) {
    if (m.kind === "card") continue;
    const key = m.kind === "under" ? `under ${m.text.split(" ")[2]}` : (PICKED[m.kind] ? m.kind : m.kind + (m.kind === "must" ? "" : ` ${m.text}`));
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(m);
  }
  let hint = "";
  for (const [key, ms] of groups) {
    const m = ms[0];
    const need = PICKED[m.kind];
    if (need) {
      const ok = picked.length === need;
      const shown = picked.map((c) => prettyCard(c, fam)).join(" ");
      let label, text;
      if (m.kind === "bury") { label = ok ? `Bury ${shown}` : "Bury (pick 2 cards)"; text = `P${p} bury ${picked.join(" ")}`; }
      else if (m.kind === "under") {
        const called = m.text.split(" ")[2];            // "P1 under AH 7C": the ace called, then the hole card
        label = `Call ${prettyCard(called, fam)}, ${ok ? shown : "a card"} in the hole`;
        text = `P${p} under ${called} ${picked.join(" ")}`;
      }
      else { label = ok ? `Accept: give ${shown}` : "Accept (pick a card to give)"; text = `P${p} accept ${picked.join(" ")}`; }
      buttons.push({ label, primary: ok, disabled: !ok, msg: ok ? { action: "move", player: p, text } : null });
      hint = m.kind === "bury" ? `${who}: click two cards to bury.` : `${who}: click a card, then the button.`;
    } else if (ms.length > 6) {
      buttons.push({ label: m.kind.charAt(0).toUpperCase() + m.kind.slice(1), options: ms.map((x) => ({ label: moveLabel(x), msg: { action: "move", player: p, text: x.text } })) });
    } else {
      for (const x of ms) buttons.push({ label: moveLabel(x), primary: x.kind !== "pass", msg: { action: "move", player: p, text: x.text } });
    }
  }
  if (mine.some((m) => m.kind === "card")) hint = `${who}: click a card to play it.`;
  else if (!hint && mine.length) hint = `${who}: choose.`;
  else if (!mine.length && info.turn != null && info.turn !== p) hint = `Waiting for ${seatLabel(info, info.turn)}.`;
  return { hint, buttons };
}

// The hint and the buttons of the action bar, built as the table's controls say (info.controls).
export function controlsFor(d, sel) {
  return d.info.controls === "moves" ? trickActionsFor(d, sel) : actionsFor(d, sel);
}

// ---------------------------------------------------------------------------------------------
// DOM

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// How closely a hand's cards overlap: open cards keep their corner index readable, a hidden
// hand is only a count and packs tighter.
export function fanClass(hand) {
  const n = hand.length;
  if (n && hand.every((c) => c === HIDDEN)) return n > 3 ? "sk-fan sk-fan-backs" : "";
  if (n > 12) return "sk-fan sk-fan-3";
  if (n > 7) return "sk-fan sk-fan-2";
  if (n > 4) return "sk-fan sk-fan-1";
  return "";
}

// A trick game's hand: the hand that is played at this table gets a row of its own and no
// overlap (every card clicked at its centre); the others overlap only so far that each card's
// corner (rank and suit) stays in view.
export function trickFanClass(hand, wide) {
  const n = hand.length;
  if (wide || n <= 5) return "";
  if (hand.every((c) => c === HIDDEN)) return "sk-fan sk-fan-backs";
  return "sk-fan sk-fan-t";
}

function cardEl(text, opts = {}) {
  const { rank, suit, colour } = cardParts(text, opts.family);
  const cls = ["sk-card", `sk-${colour}`];
  if (opts.small) cls.push("sk-small");
  if (opts.big) cls.push("sk-big");
  if (opts.legal) cls.push("sk-legal");
  if (opts.selected) cls.push("sk-selected");
  if (opts.onclick) cls.push("sk-click");
  if (opts.ring) cls.push("sk-top");
  if (opts.ghost) cls.push("sk-ghost");
  if (opts.trump) cls.push("sk-trump");
  const attrs = { class: cls.join(" "), title: opts.title || (colour === "back" ? "face down" : cardWord(text, opts.family)), onclick: opts.onclick, dataset: opts.data };
  if (!opts.onclick && opts.why) attrs.onclick = opts.why;   // a click that can do nothing says why
  if (opts.onclick) {            // a card that can be picked is a toggle button for the keyboard too
    Object.assign(attrs, { tabindex: 0, role: "button", "aria-pressed": opts.selected ? "true" : "false",
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onclick(); } } });
  }
  if (colour === "back") {
    const peek = opts.peek != null && opts.peek !== HIDDEN ? cardParts(opts.peek, opts.family) : null;
    return h("div", attrs, peek && h("span", { class: `sk-peek sk-${peek.colour}` }, peek.rank + peek.suit));
  }
  return h("div", attrs,
    h("span", { class: "sk-corner" }, h("span", { class: "sk-r" }, rank), h("span", { class: "sk-s" }, suit)),
    h("span", { class: "sk-pip" }, suit),
    opts.note && h("span", { class: "sk-note" }, opts.note));
}

// ---------------------------------------------------------------------------------------------
// Edit mode (table_mode === "edit"): the draft position, its palette and the controls.
//
// Synced: draft = {variant, family (the cards: "french"|"german"), position (to_dict form, maybe
// impossible), palette (card texts not placed), error (the engine's words, "" when the draft is a
// position), words, greeting, valid, text (its position text), players, min_players, max_players,
// rows, and what the variant draws, as data: seat_zones (each seat's zones, in groups side by
// side: {zone, label, put, new_column}), table_zones (between the seats: {label, place, cards,
// big}), put_zones (the places to type cards into: {label, place}), controls (the settings:
// {label, field, value, choices, title, part, base, clears}), to_move, ticks_finished,
// put_example, empty}. This part names no variant: it draws what the draft says. Every change is
// a request {action: "edit", op, ...} checked by Python (scheissekopf/editor.py); {action:
// "mode", mode: "play"} is Play from here.

const EMPTY_SLOT = "-";

// 1 -> "1st", 2 -> "2nd", 11 -> "11th": the order of going out
export function ordinal(k) {
  const tens = k % 100;
  const end = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[k % 10] || "th");
  return `${k}${end}`;
}

// A seat of a draft by its name (the position's names, else "Player 0", "Player 1"...).
export function editSeatName(pos, s) {
  const name = Array.isArray(pos.names) ? pos.names[s] : null;
  return name != null && String(name) !== `P${s}` ? String(name) : `Player ${s}`;
}

// The zones of a draft, for the "type cards into" list: [{label, place}], as the draft lists them.
export function editorZones(dr) {
  return dr.put_zones || [];
}

// The palette's cards grouped by suit, with how many copies are left: [[suit, [{card, count}]]].
export function paletteGroups(palette, family) {
  const groups = new Map();
  for (const c of palette) {
    const key = family === "german" ? c[0] : (c.toUpperCase() === "JK" ? "JK" : c.slice(-1));
    if (!groups.has(key)) groups.set(key, new Map());
    const g = groups.get(key);
    g.set(c, (g.get(c) || 0) + 1);
  }
  return [...groups].map(([k, g]) => [k, [...g].map(([card, count]) => ({ card, count }))]);
}

function samePlace(a, b) {
  return a && b && a.zone === b.zone && a.seat === b.seat && a.trick === b.trick;
}

// Copy: puts the position text on the clipboard and says so on the button (or, where the page
// may not write the clipboard, that the text is selected for Ctrl+C).
function copyButton(input, disabled) {
  const button = h("button", { class: "sk-btn sk-copy", disabled, title: "copy the position text" }, "Copy");
  const say = (text) => {
    button.textContent = text;
    setTimeout(() => { button.textContent = "Copy"; }, 2500);
  };
  button.addEventListener("click", () => {
    input.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    const fallback = () => say(copied ? "Copied \u2713" : "Selected: press Ctrl+C");
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(() => say("Copied \u2713"), fallback);
    } else fallback();
  });
  return button;
}

function drawEditor(root, model, send, ui, redraw) {
  const dr = model.get("draft") || {};
  const pos = dr.position || { players: [] };
  const fam = dr.family;
  const n = dr.players || 0;
  const message = model.get("message") || "";
  const tone = model.get("tone") || "";
  const version = model.get("version");
  // which control sent the last request: its refusal is shown beside that control
  const edit = (msg, where) => {
    ui.pasteSent = msg.op === "paste" ? version : null;   // which request a refusal answers
    ui.sent = { where: where || (msg.op === "move" ? msg.to : "controls"), version };
    send({ action: "edit", ...msg });
  };
  const seatName = (s) => editSeatName(pos, s);
  // what is typed in the position-text box survives a redraw of the same draft (a refused paste
  // keeps its line, with the reason under it); a changed draft writes its own text there again
  if (ui.pasted && ui.pasted.version !== version) ui.pasted = null;
  const pasteRefused = !!(ui.pasted && ui.pasteSent === version && message && !tone);
  const refused = !!(message && !tone);
  const messageEl = message
    ? h("div", { class: tone ? `sk-message sk-${tone}` : "sk-message sk-erefused", role: tone ? "status" : "alert" }, h("span", { class: "sk-message-text" }, message))
    : null;
  // a refusal of this table's last request goes beside the control that sent it
  const sentHere = !!(refused && ui.sent && ui.sent.version === version);
  let placed = false;
  function placeMessage(place) {
    if (!sentHere || placed || typeof ui.sent.where !== "object" || !samePlace(ui.sent.where, place)) return null;
    placed = true;
    return messageEl;
  }

  // a click on a zone with a card picked moves it there; a click on a card picks it
  const drop = (place) => (e) => {
    if (e) e.stopPropagation();
    if (!ui.picked) return;
    const p = ui.picked;
    ui.picked = null;
    if (samePlace(p.from, place) && place.index == null) { redraw(); return; }
    edit({ op: "move", card: p.card, from: p.from, to: place });
  };
  const pickCard = (card, from) => (e) => {
    if (ui.picked && !samePlace(ui.picked.from, from) && from.zone !== "palette") return;   // bubbles: a drop
    if (e) e.stopPropagation();
    const again = ui.picked && ui.picked.card === card && samePlace(ui.picked.from, from) && ui.picked.from.index === from.index;
    ui.picked = again ? null : { card, from };
    redraw();
  };
  const isPicked = (card, from) => ui.picked && ui.picked.card === card && samePlace(ui.picked.from, from) && ui.picked.from.index === from.index;
  const dragFrom = (card, from) => ({
    draggable: "true",
    ondragstart: (e) => { ui.picked = { card, from }; e.dataTransfer.setData("text/plain", card); },
  });
  const dropAttrs = (place) => ({
    ondragover: (e) => e.preventDefault(),
    ondrop: (e) => { e.preventDefault(); drop(place)(e); },
  });

  function editCard(card, from, small) {
    const el = cardEl(card, { family: fam, small, selected: isPicked(card, from), onclick: pickCard(card, from),
      title: `${cardWord(card, fam)}: click, then click where it goes`, data: { card, ezone: from.zone, seat: from.seat, index: from.index } });
    for (const [k, v] of Object.entries(dragFrom(card, from))) {
      if (k.startsWith("on")) el.addEventListener(k.slice(2), v); else el.setAttribute(k, v);
    }
    return el;
  }

  function zoneEl(label, place, cards, opts = {}) {
    const list = cards || [];
    const items = list.map((c, i) => (c == null
      ? h("div", { class: "sk-slot sk-small sk-eslot", title: `empty column ${i + 1}`, onclick: drop({ ...place, index: i }),
        dataset: { ezone: place.zone, seat: place.seat, index: i } })
      : editCard(c, { ...place, index: i }, opts.small !== false)));
    if (opts.columns) {
      items.push(h("div", { class: "sk-slot sk-small sk-eslot", title: "a new column", onclick: drop({ ...place, index: list.length }),
        dataset: { ezone: place.zone, seat: place.seat, index: list.length } }, "+"));
    }
    const cls = `sk-ezone${ui.picked ? " sk-etarget" : ""}`;
    return h("div", { class: cls, onclick: drop(place), ...dropAttrs(place),
      dataset: { ezone: place.zone, seat: place.seat, trick: place.trick } },
      h("div", { class: "sk-zlabel" }, `${label} \u00b7 ${list.filter((c) => c != null).length}`),
      h("div", { class: "sk-cards" }, items.length ? items : h("span", { class: "sk-none" }, "empty")),
      placeMessage(place));
  }

  function seatBox(s) {
    const pl = pos.players[s] || {};
    // the seat's zones as the draft groups them: a group of more than one lies side by side
    const zones = (dr.seat_zones || []).map((group) => {
      const els = group.map((z) => zoneEl(z.label, { zone: z.zone, seat: s }, pl[z.zone], { columns: !!z.new_column }));
      return els.length > 1 ? h("div", { class: "sk-zone-row" }, els) : els[0];
    });
    const turn = dr.to_move != null && dr.to_move === s;   // the draft says who (in setup nobody yet)
    return h("div", { class: `sk-seat${turn ? " sk-actor" : ""}`, dataset: { seat: s } },
      h("div", { class: "sk-seat-head" }, h("span", { class: "sk-name" }, seatName(s)),
        turn ? h("span", { class: "sk-badge sk-b-turn" }, "to move") : null,
        pos.dealer === s ? h("span", { class: "sk-badge sk-b-bid" }, "dealer") : null,
        dr.ticks_finished ? finishedBox(s) : null),
      zones);
  }

  // where the draft has it, "finished" ticks a seat as out (it joins the end of the order of going out)
  function finishedBox(s) {
    const out = Array.isArray(pos.finished) ? pos.finished : [];
    const k = out.indexOf(s);
    return h("label", { class: `sk-efinished${k >= 0 ? " sk-efinished-on" : ""}`, title: k >= 0
      ? `${seatName(s)} went out ${ordinal(k + 1)}: untick to bring them back into the round`
      : `tick when ${seatName(s)} has gone out (played every card)` },
    h("input", { type: "checkbox", "aria-label": `${seatName(s)} finished`, checked: k >= 0,
      onchange: () => edit({ op: "set", field: "finished", value: k >= 0 ? out.filter((x) => x !== s) : [...out, s] }) }),
    k >= 0 ? `finished ${ordinal(k + 1)}` : "finished");
  }

  function select(label, value, options, onchange, title) {
    const el = h("select", { class: "sk-select", "aria-label": label, onchange: (e) => onchange(e.target.value) },
      options.map(([v, text]) => h("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value) }, text)));
    return h("label", { class: "sk-econtrol", title: title || null }, `${label} `, el);
  }
  // a control of the draft: a choice sets its field, or one part of the field's object (the
  // object the draft has, else the control's base); a control that clears empties the field
  const control = (c) => select(c.label, c.value, c.choices || [], (v) => {
    const value = JSON.parse(v);
    if (!c.part) edit({ op: "set", field: c.field, value });
    else if (value == null && c.clears) edit({ op: "set", field: c.field, value: null });
    else edit({ op: "set", field: c.field, value: { ...(pos[c.field] || c.base || {}), [c.part]: value } });
  }, c.title);

  const controls = [
    h("span", { class: "sk-econtrol" }, "seats ",
      h("button", { class: "sk-btn sk-small-btn", disabled: n <= dr.min_players, title: "one seat fewer",
        onclick: () => edit({ op: "set", field: "players", value: n - 1 }) }, "\u2212"),
      h("b", { class: "sk-eseats" }, String(n)),
      h("button", { class: "sk-btn sk-small-btn", disabled: n >= dr.max_players, title: "one seat more",
        onclick: () => edit({ op: "set", field: "players", value: n + 1 }) }, "+")),
    ...(dr.controls || []).map(control),
  ];

  const middle = (dr.table_zones || []).map((z) => zoneEl(z.label, z.place, z.cards, { small: !z.big }));

  const palette = h("div", { class: `sk-ezone sk-palette${ui.picked ? " sk-etarget" : ""}`, onclick: drop({ zone: "palette" }), ...dropAttrs({ zone: "palette" }), dataset: { ezone: "palette" } },
    h("div", { class: "sk-zlabel" }, `not placed yet \u00b7 ${(dr.palette || []).length}`),
    paletteGroups(dr.palette || [], fam).map(([, cards]) => h("div", { class: "sk-cards sk-prow" },
      cards.map(({ card, count }) => h("span", { class: "sk-pcard" }, editCard(card, { zone: "palette" }, true),
        count > 1 ? h("span", { class: "sk-pcount" }, `\u00d7${count}`) : null)))),
    (dr.palette || []).length ? null : h("span", { class: "sk-none" }, "every card is placed"));

  // typing cards into a zone
  const zones = editorZones(dr);
  if (ui.typeZone == null || ui.typeZone >= zones.length) ui.typeZone = 0;
  const typeSel = h("select", { class: "sk-select", "aria-label": "zone to type into", onchange: (e) => { ui.typeZone = Number(e.target.value); } },
    zones.map((z, i) => h("option", { value: i, selected: i === ui.typeZone }, z.label)));
  const typeIn = h("input", { class: "sk-input", "aria-label": "cards to put", placeholder: dr.put_example || "",
    value: ui.typeText || "", oninput: (e) => { ui.typeText = e.target.value; } });
  const put = () => { const text = typeIn.value.trim(); if (!text) return; ui.typeText = ""; edit({ op: "type", to: zones[ui.typeZone].place, text }, "put"); };
  typeIn.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); put(); } });
  const seedIn = h("input", { class: "sk-input sk-seed", type: "number", "aria-label": "seed", value: ui.seed == null ? 1 : ui.seed,
    oninput: (e) => { ui.seed = e.target.value; } });
  const textIn = h("input", { class: `sk-input sk-ptext${pasteRefused ? " sk-ebad" : ""}`, "aria-label": "position text",
    "aria-invalid": pasteRefused ? "true" : null, value: ui.pasted ? ui.pasted.text : (dr.text || ""),
    placeholder: "the position text appears here once the draft is a position",
    oninput: (e) => { ui.pasted = { text: e.target.value, version }; } });
  const paste = () => {
    const text = textIn.value.trim();
    if (!text) return;
    ui.pasted = { text: textIn.value, version };
    edit({ op: "paste", text }, "paste");
  };
  textIn.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); paste(); } });

  // one verdict line: a refusal just shown replaces "This is a position" (the draft is as it was);
  // an empty table is where everyone starts: it says what to do, in the information tone
  const empty = !dr.valid && !!dr.empty;
  const status = empty
    ? h("div", { class: "sk-message sk-info sk-estart", role: "status" }, h("span", { class: "sk-message-text" },
      dr.greeting))
    : !dr.valid
      ? h("div", { class: "sk-message sk-eerror", role: "alert" }, h("span", { class: "sk-message-text" }, `Not a position yet: ${dr.words || dr.error}. Play stays off until that is fixed.`))
      : (refused ? null : h("div", { class: "sk-eok" }, "This is a position: press Play from here to play it."));

  const rows = dr.rows || { top: [...Array(Math.ceil(n / 2)).keys()], bottom: [...Array(n).keys()].slice(Math.ceil(n / 2)) };
  const controlsBar = h("div", { class: "sk-econtrols" }, controls);
  const putBar = h("div", { class: "sk-ebar" }, "Put ", typeIn, " into ", typeSel, h("button", { class: "sk-btn", onclick: put }, "Put"));
  const dealBar = h("div", { class: "sk-ebar" },
    h("button", { class: "sk-btn", title: "deal the cards not placed yet to the places still short of cards", onclick: () => edit({ op: "deal", seed: Number(seedIn.value) || 0 }, "deal") }, "Deal the rest"),
    " seed ", seedIn,
    h("button", { class: "sk-btn", title: "every card back to the palette", onclick: () => { ui.picked = null; edit({ op: "clear" }, "deal"); } }, "Clear"),
    h("span", { class: "sk-grow" }));
  const pasteBar = h("div", { class: "sk-ebar" }, textIn, copyButton(textIn, !dr.text),
    h("button", { class: "sk-btn", title: "read the position text in the box", onclick: paste }, "Paste"));
  const parts = [
    h("div", { class: "sk-head" }, h("span", { class: "sk-variant" }, dr.variant), h("span", { class: "sk-status" }, "editing a position"),
      h("span", { class: "sk-grow" }),
      h("button", { class: "sk-btn sk-primary sk-playhere", disabled: !dr.valid, title: dr.valid ? "play from this position" : "the draft is not a position yet",
        onclick: () => { ui.pasteSent = null; ui.sent = null; send({ action: "mode", mode: "play" }); } }, "Play from here \u25b6")),
    status,
    controlsBar,
    h("div", { class: "sk-row sk-row-top sk-erow" }, rows.top.map(seatBox)),
    h("div", { class: "sk-felt sk-efelt" }, middle),
    h("div", { class: "sk-row sk-row-bottom sk-erow" }, rows.bottom.map(seatBox)),
    palette,
    putBar,
    dealBar,
    pasteBar,
  ];
  // a refused paste says why under its line, a refused Put or Deal under its own; a refused card
  // move in the zone it was to go to (above); any other message goes under the verdict
  const where = sentHere ? ui.sent.where : null;
  const after = { put: putBar, deal: dealBar, paste: pasteBar, controls: controlsBar }[pasteRefused ? "paste" : where];
  if (messageEl && !placed) {
    if (after) parts.splice(parts.indexOf(after) + 1, 0, messageEl);
    else parts.splice(2, 0, messageEl);
  }
  root.replaceChildren(...parts.filter((x) => x != null));
  // and scrolled into view once, so a refusal is never off screen
  const key = messageEl && !tone ? `${version}|${message}` : null;
  if (key && ui.shown !== key && (sentHere || pasteRefused) && messageEl.scrollIntoView) {
    messageEl.scrollIntoView({ block: "nearest" });
  }
  ui.shown = key;
}

function render({ model, el }) {
  let sel = { player: null, items: [] };
  let seenVersion = null;
  let queued = false;
  let asking = false;             // a hint was asked for and has not come back yet
  let note = null;                // why the last click could do nothing (until the table changes)
  let quiet = null;               // an information message the learner has moved on from ("version|text")
  let showTricks = false;         // a trick table lists the tricks taken (on request)
  let markedFor = null;           // the version whose review's better move has been marked
  let shownAt = null;             // the review's move whose position was last brought into view
  const editUi = { picked: null };   // edit mode: the card picked up, what is typed

  const root = h("div", { class: "sk-table" });
  // the table and, once a round is reviewed, the review beside it (below it where that does not fit)
  const frame = h("div", { class: "sk-frame" }, root);
  el.replaceChildren(frame);

  function data() {
    return {
      state: model.get("state") || { players: [] },
      info: model.get("info") || {},
      legal: model.get("legal") || [],
      log: model.get("log") || [],
      message: model.get("message") || "",
      tone: model.get("tone") || "",
      version: model.get("version"),
      interactive: model.get("interactive") !== false,
      lesson: model.get("lesson") || {},
      hints: model.get("hints") || {},
      review: model.get("review_panel") || {},
      caption: model.get("caption"),
      step: model.get("scene_step"),
      steps: model.get("scene_steps"),
      logMark: model.get("log_mark"),
    };
  }

  function send(msg) {
    note = null;
    sel = { player: null, items: [] };   // the cards picked went into this request: a refused try leaves none picked
    model.send({ ...msg, version: model.get("version") });
  }

  function draw() {
    queued = false;
    if (model.get("table_mode") === "edit") {
      useCardWords((model.get("draft") || {}).card_words);
      drawEditor(root, model, send, editUi, draw);
      drawReview(null);
      return;
    }
    const d = data();
    useCardWords(d.info.card_words);
    if (d.version !== seenVersion) {
      sel = { player: null, items: [] };
      note = null;
      seenVersion = d.version;
    }
    const rv = d.review;
    if (rv.best && rv.best_version === d.version && markedFor !== d.version) {
      sel = selectionFor(d, rv.best, rv.best.seat);   // the better move's cards, marked as a hint's row marks them
      markedFor = d.version;
    }
    const { info, state } = d;
    if (!info.seats) {
      root.replaceChildren(h("div", { class: "sk-empty" }, "(no game)"));
      return;
    }
    const isSel = (p, zone, index) => sel.player === p && sel.items.some((a) => a.zone === zone && a.index === index);
    // a card picked is the learner moving on: a note on an earlier click that could do nothing goes
    const pick = (p, zone, index, card) => () => {
      // a card no move can play is picked all the same (pressing Play asks the rules, which say
      // why in full), but the table says at once that it cannot go
      const why = isSel(p, zone, index) ? null : cannotGo(d, p, zone, card);
      sel = toggle(sel, d, { player: p, zone, index, card });
      note = why;
      if (d.message && d.tone === "info") quiet = `${d.version}|${d.message}`;   // the learner moved on
      draw();
    };
    const explain = (p, zone) => () => { note = whyNot(d, p, zone) || note; draw(); };

    function seatEl(p) {
      const player = state.players[p];
      const seat = info.seats[p];
      const zone = zoneOf(d, p);
      const ranks = info.phase === "play" ? legalRanks(d, p) : new Set();
      const mine = movesOf(d, p);
      const cardFor = (card, z, index, small) => {
        const click = clickable(d, p, z, index) ? pick(p, z, index, card) : null;
        const legal = click && (z === "gamble" || ranks.has(rankOf(card)));
        const hiddenOpen = z === "gamble";
        return cardEl(hiddenOpen ? HIDDEN : card, {
          small, legal, selected: isSel(p, z, index), onclick: click, why: explain(p, z), peek: hiddenOpen ? card : null,
          data: { seat: p, zone: z, index, card: card },
        });
      };
      const hand = player.hand || [];
      const handCards = hand.map((c, i) => cardFor(c, "hand", i, false));
      const badges = [];
      if (info.actor === p) badges.push(h("span", { class: "sk-badge sk-b-turn" }, info.pending === p ? "choosing" : "to move"));
      if (seat.out != null) badges.push(h("span", { class: "sk-badge sk-b-out" }, `out #${seat.out}`));
      if (seat.loser) badges.push(h("span", { class: "sk-badge sk-b-loser" }, "Schei\u00dfkopf"));
      if (info.phase === "setup" && seat.ready) badges.push(h("span", { class: "sk-badge sk-b-ready" }, "ready"));
      if (seat.bot) badges.push(h("span", { class: "sk-badge sk-b-bot", title: "played by a bot" }, "bot"));
      const extra = [];
      if (controllable(d, p) && info.phase === "setup" && mine.some((m) => m.kind === "ready")) {
        extra.push(h("button", { class: "sk-btn sk-small-btn", onclick: () => send({ action: "ready", player: p }) }, "Ready"));
      }
      const jumps = info.phase === "play" && info.actor !== p && controllable(d, p)
        ? mine.filter((m) => m.kind === "play") : [];
      if (jumps.length) {
        // a marker, not a second Jump in! button: it picks the cards, and the action bar's one
        // button plays exactly what is picked
        const m = jumps[0];
        extra.push(h("button", { class: "sk-btn sk-small-btn sk-canjump", title: `can complete four of a kind out of turn: click to pick ${m.cards.map(prettyCard).join(" ")}`,
          onclick: () => { sel = selectionFor(d, { kind: "play", cards: m.cards }, p); note = null; draw(); } }, "can jump in"));
      }
      let table;
      if (info.seat_zones === "columns") {
        const bank = player.bank || [];
        const gamble = player.gamble || [];
        const cols = [];
        for (let i = 0; i < Math.max(bank.length, gamble.length); i++) {
          cols.push(h("div", { class: "sk-col" },
            gamble[i] != null ? cardFor(gamble[i], "gamble", i, true) : h("div", { class: "sk-slot sk-small" }),
            bank[i] != null ? h("div", { class: "sk-col-top" }, cardFor(bank[i], "bank", i, true)) : null));
        }
        table = h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, "bank on gamble"),
          h("div", { class: "sk-cards sk-columns" }, cols.length ? cols : h("span", { class: "sk-none" }, "empty")));
      } else {
        const bank = (player.bank || []).map((c, i) => cardFor(c, "bank", i, true));
        const gamble = (player.gamble || []).map((c, i) => cardFor(c, "gamble", i, true));
        table = h("div", { class: "sk-zone-row" },
          h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, "bank"),
            h("div", { class: "sk-cards" }, bank.length ? bank : h("span", { class: "sk-none" }, "empty"))),
          h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, "gamble"),
            h("div", { class: "sk-cards" }, gamble.length ? gamble : h("span", { class: "sk-none" }, "empty"))));
      }
      const cls = ["sk-seat"];
      if (info.actor === p) cls.push("sk-actor");
      if (seat.out != null) cls.push("sk-is-out");
      if (seat.loser) cls.push("sk-is-loser");
      if (info.view === p) cls.push("sk-home");
      if (zone) cls.push(`sk-active-${zone}`);
      return h("div", { class: cls.join(" "), dataset: { seat: p } },
        h("div", { class: "sk-seat-head" }, h("span", { class: "sk-name" }, seatLabel(info, p)), badges, h("span", { class: "sk-grow" }), extra),
        h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, `hand \u00b7 ${hand.length}`),
          h("div", { class: `sk-cards ${fanClass(hand)}` }, handCards.length ? handCards : h("span", { class: "sk-none" }, "empty"))),
        table);
    }

    function feltEl() {
      const stack = state.stack || [];
      const eff = info.effective_index;
      const first = Math.max(0, stack.length - 9);
      const shown = [];
      // the 3s above the card to beat are drawn as ghosts; one label on the topmost says how many
      // (a label on each would run into the next, the cards being fanned)
      let ghosts = 0;
      for (let i = stack.length - 1; i >= 0 && info.three_note && rankOf(stack[i]) === "3" && (eff == null || i > eff); i--) ghosts++;
      for (let i = first; i < stack.length; i++) {
        const ghost = i >= stack.length - ghosts;
        const topNote = info.phase === "over" ? null : (info.pending != null ? "shown" : "to beat");
        const ghostNote = i === stack.length - 1 ? (ghosts > 1 ? `${ghosts} \u00d7 ${info.three_note}` : info.three_note) : null;
        shown.push(cardEl(stack[i], { big: true, ring: i === eff && info.phase !== "over", ghost, note: ghost ? ghostNote : (i === eff ? topNote : null), data: { stack: i, card: stack[i] } }));
      }
      let note;
      if (info.phase === "over") note = "the round is over";
      else if (info.pending != null) note = "the joker waits for its target";
      else if (!stack.length) note = "empty \u2014 anything goes";
      else if (info.effective_top == null) note = "anything goes";
      else note = h("span", {}, "to beat: ", h("b", { class: `sk-efftop sk-ink-${cardParts(info.effective_top).colour}` }, prettyCard(info.effective_top)));
      const pile = (cls, title, count, face) => h("div", { class: `sk-pile ${cls}` },
        count ? cardEl(face, { big: true }) : h("div", { class: "sk-slot sk-big" }),
        h("div", { class: "sk-pile-label" }, title, h("b", { class: "sk-count" }, String(count))));
      const discard = state.discard || [];
      return h("div", { class: "sk-felt" },
        pile("sk-draw", "draw pile", info.draw, HIDDEN),
        h("div", { class: "sk-stack-area" },
          h("div", { class: "sk-stack" }, shown.length ? shown : h("div", { class: "sk-slot sk-big" })),
          h("div", { class: "sk-stack-label" },
            `stack \u00b7 ${stack.length}`, first ? ` (${first} more below)` : "", " \u00b7 ", note)),
        pile("sk-discard", "burned", info.discard, discard.length ? discard[discard.length - 1] : HIDDEN));
    }

    const fam = info.family;
    const trumps = new Set(info.trumps || []);
    // the trick hand played at this table: the seat it is seen by, else the seat to move
    const wideSeat = typeof info.view === "number" ? info.view : (controllable(d, info.actor) ? info.actor : null);

    function trickSeatEl(p) {
      const player = state.players[p];
      const seat = info.seats[p];
      const mode = trickClick(d, p);
      const legalCards = new Set(movesOf(d, p).filter((m) => m.kind === "card").map((m) => m.cards[0]));
      const cardFor = (card, zone, index, small) => {
        const click = mode && card !== HIDDEN && (zone === "hand" || zone === "bank")
          ? (mode === "play" ? () => send({ action: "card", player: p, cards: [card] }) : pick(p, zone, index, card)) : null;
        return cardEl(card, { family: fam, small, onclick: click, why: explain(p, zone), legal: mode === "play" && legalCards.has(card),
          selected: isSel(p, zone, index), trump: trumps.has(card), title: click && mode === "play" ? `play ${cardWord(card, fam)}` : null,
          data: { seat: p, zone, index, card } });
      };
      const hand = player.hand || [];
      const badges = [];
      if (info.actor === p) badges.push(h("span", { class: "sk-badge sk-b-turn" }, "to move"));
      if (seat.declarer) badges.push(h("span", { class: "sk-badge sk-b-declarer" }, info.declarer_word));
      if (seat.partner) badges.push(h("span", { class: "sk-badge sk-b-partner" }, "partner"));
      if (seat.out) badges.push(h("span", { class: "sk-badge sk-b-bot" }, "sits out"));
      if (seat.bid && ["pick", "auction", "declare"].includes(info.phase)) badges.push(h("span", { class: "sk-badge sk-b-bid" }, seat.bid));
      if (seat.double === "double") badges.push(h("span", { class: "sk-badge sk-b-bid" }, "knocked"));
      if (seat.bot) badges.push(h("span", { class: "sk-badge sk-b-bot", title: "played by a bot" }, "bot"));
      const zones = [];
      if (info.layout) {
        const up = (player.bank || []).map((c, i) => (c == null ? h("div", { class: "sk-slot sk-small" }) : cardFor(c, "bank", i, true)));
        const down = (player.gamble || []).map((c, i) => (c == null ? h("div", { class: "sk-slot sk-small" }) : cardEl(HIDDEN, { small: true, family: fam, peek: c, data: { seat: p, zone: "gamble", index: i } })));
        zones.push(h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, "face up"), h("div", { class: "sk-cards" }, up)),
          h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, "face down"), h("div", { class: "sk-cards" }, down)));
      } else {
        zones.push(h("div", { class: "sk-zone" }, h("div", { class: "sk-zlabel" }, `hand \u00b7 ${hand.length}`),
          h("div", { class: `sk-cards ${trickFanClass(hand, p === wideSeat)}` }, hand.length ? hand.map((c, i) => cardFor(c, "hand", i, false)) : h("span", { class: "sk-none" }, "empty"))));
      }
      const tally = [`tricks ${seat.tricks}`];
      if (seat.points != null) tally.push(`${seat.points} points`);
      const cls = ["sk-seat"];
      if (p === wideSeat && !info.layout) cls.push("sk-wide");
      if (info.actor === p) cls.push("sk-actor");
      if (seat.out) cls.push("sk-is-out");
      if (info.view === p) cls.push("sk-home");
      return h("div", { class: cls.join(" "), dataset: { seat: p } },
        h("div", { class: "sk-seat-head" }, h("span", { class: "sk-name" }, seatLabel(info, p)), badges),
        zones,
        h("div", { class: "sk-tally" }, h("span", {}, tally.join(" \u00b7 ")),
          seat.score != null ? h("b", { class: `sk-score ${String(seat.score).startsWith("-") ? "sk-minus" : "sk-plus"}` }, `${String(seat.score).startsWith("-") ? "" : "+"}${seat.score}`) : null));
    }

    function trickFeltEl() {
      const plays = (list, small) => list.map((x) => h("div", { class: "sk-play", dataset: { seat: x.seat } },
        cardEl(x.card, { family: fam, big: !small, small, trump: trumps.has(x.card), data: { trick: x.seat, card: x.card } }),
        h("div", { class: "sk-play-who" }, seatLabel(info, x.seat))));
      const parts = [];
      const blind = state.blind || [];
      if (blind.length) {
        parts.push(h("div", { class: "sk-pile sk-blind" }, h("div", { class: "sk-cards" }, blind.map((c) => cardEl(HIDDEN, { family: fam, peek: c }))),
          h("div", { class: "sk-pile-label" }, "blind")));
      }
      const trick = info.trick || [];
      parts.push(h("div", { class: "sk-trick-area" },
        h("div", { class: "sk-trick" }, trick.length ? plays(trick, false) : h("div", { class: "sk-slot sk-big" })),
        h("div", { class: "sk-stack-label" }, info.phase === "play" ? `trick ${(state.tricks || []).length + 1}${trick.length ? "" : " \u00b7 waiting for the lead"}` : "no trick being played")));
      const last = info.last_trick;
      if (last) {
        parts.push(h("div", { class: "sk-last" }, h("div", { class: "sk-trick" }, plays(last.plays, true)),
          h("div", { class: "sk-pile-label" }, `last trick: ${seatLabel(info, last.winner)}${last.points == null ? "" : ` \u00b7 ${last.points} points`}`),
          h("button", { class: "sk-btn sk-tool sk-taken-btn", "aria-expanded": showTricks ? "true" : "false",
            title: "every trick taken so far, by the seat that took it",
            onclick: () => { showTricks = !showTricks; draw(); } }, `${showTricks ? "Hide" : "Show"} the tricks taken (${(state.tricks || []).length})`)));
      }
      return h("div", { class: "sk-felt sk-felt-trick" }, parts);
    }

    // The tricks taken so far, by the seat that took them: every card of them was played face up
    // in front of everyone (a card no seat may see, such as the one in the hole, stays "??").
    function takenEl() {
      const tricks = state.tricks || [];
      const seats = info.seats.map((_, s) => s);
      const rows = seats.map((s) => {
        const mine = tricks.map((t, k) => ({ t, k })).filter(({ t }) => t.winner === s);
        const seat = info.seats[s];
        const side = seat.declarer ? info.declarer_word : (seat.partner ? "partner" : null);
        const sum = [`${mine.length} ${mine.length === 1 ? "trick" : "tricks"}`];
        if (seat.points != null) sum.push(`${seat.points} points`);
        return h("div", { class: "sk-taken-seat", dataset: { seat: s } },
          h("div", { class: "sk-taken-who" }, h("b", {}, seatLabel(info, s)), side ? h("span", { class: `sk-badge ${seat.partner ? "sk-b-partner" : "sk-b-declarer"}` }, side) : null,
            h("span", { class: "sk-taken-sum" }, sum.join(" \u00b7 "))),
          h("div", { class: "sk-taken-tricks" }, mine.length ? mine.map(({ t, k }) => h("span", { class: "sk-taken-trick", title: agree(`trick ${k + 1}, led by ${seatLabel(info, t.leader)}`, info), dataset: { trick: k } },
            t.cards.map((c) => cardEl(c, { family: fam, small: true, trump: trumps.has(c), data: { card: c } })))) : h("span", { class: "sk-none" }, "none")));
      });
      return h("div", { class: "sk-taken" }, h("div", { class: "sk-log-title" }, "Tricks taken, by the seat that took them"), rows);
    }

    // Many moves of one kind (naming any card for a must game): a list to choose from and a button.
    function optionsEl(b) {
      const select = h("select", { class: "sk-select", "aria-label": b.label },
        b.options.map((o, i) => h("option", { value: i }, o.label)));
      return h("span", { class: "sk-choose" }, select,
        h("button", { class: "sk-btn sk-primary", onclick: () => send(b.options[Number(select.value)].msg) }, b.label));
    }

    function hintButton() {
      const p = hintSeat(d, sel);
      if (p == null) return null;
      if (asking) return h("button", { class: "sk-btn sk-tool sk-hint-btn", disabled: true }, "Thinking\u2026");
      return h("button", { class: "sk-btn sk-tool sk-hint-btn", title: agree(`rank ${seatLabel(info, p)}'s moves by search (only what ${seatLabel(info, p)} can see)`, info),
        onclick: () => { asking = true; send({ action: "hint", player: p }); draw(); } }, "Hint");
    }

    function hintList(hinted) {
      const p = hinted.seat;
      const rows = hinted.rows.slice(0, 8).map((row, k) => {
        // a row is a click only where it has cards to pick (a turned joker's target rows have none:
        // the joker already lies on the stack, and its buttons name the targets)
        const picks = info.controls !== "moves" && (row.cards.length || row.kind === "flip") ? selectionFor(d, row, p) : null;
        const choose = picks && picks.items.length ? () => { sel = picks; draw(); } : null;
        return h("li", { class: `sk-hint-row${k === 0 ? " sk-hint-best" : ""}${tooFew(row) ? " sk-hint-few" : ""}${choose ? " sk-click" : ""}`, onclick: choose,
          title: choose ? "select these cards" : null, dataset: { text: row.text } },
          h("span", { class: "sk-hint-move" }, row.words || hintMove(row, info)),  // Python's card words, else the front end's (no engine text: its slots count from 0)
          h("span", { class: "sk-hint-bar" }, h("span", { style: `width:${tooFew(row) ? 0 : Math.round(row.win * 100)}%` })),
          h("span", { class: "sk-hint-figs" }, hintLine(row, hinted.measure)));
      });
      const more = hinted.rows.length > 8 ? h("li", { class: "sk-none" }, `\u2026 ${hinted.rows.length - 8} more`) : null;
      return h("div", { class: "sk-hints" },
        h("div", { class: "sk-log-title" }, agree(`Hint for ${seatLabel(info, p)}`, info)),
        h("div", { class: "sk-hint-about" }, agree(`The computer played ${hinted.playouts} practice games from ${seatLabel(info, p)}'s seat, `
          + `dealing the cards ${seatLabel(info, p)} cannot see at random, and tried the moves that kept doing well more often. `
          + `The move it tried most comes first; a move tried in fewer than ${FEW_GAMES} games is too little tried to judge.`
          + (hinted.measure === "settlement" ? " A stake is what the plainest game of the table costs; bigger games cost several." : ""), info)),
        h("ol", { class: "sk-hint-list" }, rows, more));
    }

    const headBits = [
      h("span", { class: "sk-variant" }, info.variant),
      h("span", { class: "sk-status" }, info.status || ""),
      // what the table has to say of the round: the game being played, the direction of play
      info.contract && h("span", { class: "sk-contract" }, info.contract + (info.multiplier > 1 ? ` \u00b7 counts \u00d7${info.multiplier}` : "")),
      info.direction != null && h("span", { class: "sk-dir", title: "direction of play" }, info.direction === -1 ? "\u21ba reversed" : "\u21bb clockwise"),
    ];
    if ((info.finished || []).length) {
      headBits.push(h("span", { class: "sk-order" }, "out: " + info.finished.map((s, k) => `${k + 1}. ${seatLabel(info, s)}`).join(", ")));
    }
    headBits.push(h("span", { class: "sk-grow" }));
    headBits.push(h("span", { class: "sk-viewtag" }, info.view === "table" ? "all cards open" : agree(`seen by ${seatLabel(info, info.view)}`, info)));

    // a lesson's table: its own controls, and Next beside the feedback once solved
    const lesson = d.lesson && d.lesson.count ? d.lesson : null;
    const solved = solvedLesson(d);
    function lessonTools() {
      const nav = lesson.count > 1;
      return [
        h("button", { class: "sk-btn sk-tool sk-retry", title: "start this exercise again from its position", onclick: () => send({ action: "retry" }) }, "Retry"),
        nav ? h("button", { class: "sk-btn sk-tool", title: "the exercise before", disabled: !lesson.back, onclick: () => send({ action: "back" }) }, "\u25c0 Back") : null,
        nav ? h("span", { class: "sk-stepno" }, `${lesson.number} / ${lesson.count}`) : null,
        nav ? h("button", { class: `sk-btn ${solved ? "sk-primary" : "sk-tool"}`, title: "the next exercise", disabled: !lesson.next, onclick: () => send({ action: "next" }) }, "Next \u25b6") : null,
      ];
    }
    const nextHere = solved && lesson.next
      ? h("button", { class: "sk-btn sk-primary sk-next", onclick: () => send({ action: "next" }) }, "Next exercise \u25b6") : null;

    const parts = [];
    if (d.steps != null && d.steps > 0) {
      parts.push(h("div", { class: "sk-scene" },
        h("div", { class: "sk-caption" }, d.caption || ""),
        h("div", { class: "sk-nav" },
          h("button", { class: "sk-btn", disabled: d.step <= 0, onclick: () => send({ action: "back" }) }, "\u2190 Back"),
          h("span", { class: "sk-stepno" }, `${d.step + 1} / ${d.steps}`),
          h("button", { class: "sk-btn sk-primary", disabled: d.step >= d.steps - 1, onclick: () => send({ action: "next" }) }, "Next \u2192"))));
    }
    parts.push(h("div", { class: "sk-head" }, headBits));
    const bots = lesson ? "" : botsLine(info);
    if (bots) parts.push(h("div", { class: "sk-botnote" }, bots));
    const trickFelt = info.felt === "tricks";
    root.classList.toggle("sk-lesson-trick", Boolean(lesson) && trickFelt);   // compact, to fit one screen (table.css)
    root.classList.toggle("sk-lesson-shed", Boolean(lesson) && !trickFelt);
    const seatOf = info.seat_zones === "hand" ? trickSeatEl : seatEl;
    parts.push(h("div", { class: "sk-row sk-row-top" }, info.rows.top.map(seatOf)));
    parts.push(trickFelt ? trickFeltEl() : feltEl());
    if (trickFelt && showTricks && (state.tricks || []).length) parts.push(takenEl());
    parts.push(h("div", { class: "sk-row sk-row-bottom" }, info.rows.bottom.map(seatOf)));

    const off = toolsOff(d);
    if (d.interactive) {
      const { hint, buttons } = controlsFor(d, sel);
      parts.push(h("div", { class: "sk-actions" },
        h("span", { class: "sk-hint" }, hint),
        buttons.map((b) => (b.options ? optionsEl(b) : h("button", {
          class: `sk-btn${b.primary ? " sk-primary" : ""}${b.jump ? " sk-jump" : ""}`,
          disabled: b.disabled, onclick: b.msg ? () => send(b.msg) : null,
        }, b.label))),
        h("span", { class: "sk-grow" }),
        hintButton(),
        lesson ? lessonTools() : [
          h("button", { class: "sk-btn sk-tool sk-step-btn", title: off.step ? `Step is off. ${off.step}` : (typeof info.view === "number" ? "the computer makes its next move now" : "the player to move makes one move (their bot, or a random legal move)"), disabled: Boolean(off.step), onclick: () => send({ action: "step" }) }, "Step \u25b6"),
          h("button", { class: "sk-btn sk-tool sk-undo-btn", title: off.undo ? `Undo is off. ${off.undo}` : "take back the last move", disabled: Boolean(off.undo), onclick: () => send({ action: "undo" }) }, "\u21b6 Undo"),
          info.view === "table" && info.editable !== false ? h("button", { class: "sk-btn sk-tool sk-edit-btn", title: "edit this position (every card open)", onclick: () => send({ action: "mode", mode: "edit" }) }, "\u270e Edit") : null,
          // at a position of the review, its two ways on are in reach here too (the list may be below)
          rv.at != null && !rv.trying ? h("button", { class: "sk-btn sk-tool sk-review-try-bar", title: "play on from this position (the bots play their seats)", onclick: () => send({ action: "review_try" }) }, "Try from here") : null,
          rv.at != null ? h("button", { class: "sk-btn sk-tool sk-review-end-bar", title: "back to the round as it was played, with its review", onclick: () => send({ action: "review_end" }) }, "Back to the end") : null,
          info.review_button ? h("button", { class: "sk-btn sk-tool sk-review-btn", title: `look back at the ${info.round_word} move by move: what each move cost, and what was better`,
            onclick: () => send({ action: "review" }) }, rv.state === "running" ? "Reviewing\u2026" : "Review") : null]));
      const offLine = lesson ? [] : [off.step && `Step is off. ${off.step}`, off.undo && `Undo is off. ${off.undo}`].filter(Boolean);
      if (offLine.length) parts.push(h("div", { class: "sk-off" }, offLine.join(" ")));
    }
    if (info.scores) {                  // a hand's settlement
      parts.push(h("div", { class: "sk-result" }, h("b", {}, "Settlement: "),
        info.rows.bottom.concat(info.rows.top).sort((a, b) => a - b)
          .map((s) => `${seatLabel(info, s)} ${String(info.seats[s].score).startsWith("-") ? "" : "+"}${info.seats[s].score}`).join(", ")));
    }
    // the message's tone: "" a refusal or a notice, "good" a right answer, "miss" a legal move
    // that misses the lesson's goal, "info" a hint
    // one message area, the newest word wins: a note on a click that could do nothing is newer
    // than the table's message (a new message clears the note); an information message goes
    // once the learner picks a card
    const current = d.message && !(d.tone === "info" && quiet === `${d.version}|${d.message}`);
    if (note && current && d.tone === "good") {   // a right answer stays, the note under it in the same box
      parts.push(h("div", { class: "sk-message sk-good", role: "status" }, h("span", { class: "sk-message-text" }, d.message,
        h("span", { class: "sk-why sk-why-under" }, note)), nextHere));
    } else if (note) {
      parts.push(h("div", { class: "sk-message sk-info sk-why", role: "status" }, h("span", { class: "sk-message-text" }, note), nextHere));
    } else if (current) {
      parts.push(h("div", { class: d.tone ? `sk-message sk-${d.tone}` : "sk-message", role: d.tone ? "status" : "alert" },
        h("span", { class: "sk-message-text" }, d.message), nextHere));
    } else if (nextHere) {
      parts.push(h("div", { class: "sk-message sk-good", role: "status" }, h("span", { class: "sk-message-text" }, "Solved."), nextHere));
    }
    const hinted = d.hints && d.hints.rows && d.hints.version === d.version ? d.hints : null;
    if (hinted) parts.push(hintList(hinted));

    const mark = d.logMark == null ? d.log.length : d.logMark;
    const entries = d.log.map((t, i) => h("li", { class: i >= mark ? "sk-new" : null }, t));
    const list = h("ol", { class: "sk-log-list" }, entries.length ? entries : h("li", { class: "sk-none" }, "nothing has happened yet"));
    // The scroller lays its content out bottom-up, so it opens on the newest line even when
    // the table is drawn before it is attached to the page (no height to scroll by yet).
    parts.push(h("div", { class: "sk-log" }, h("div", { class: "sk-log-title" }, "What happened"),
      h("div", { class: "sk-log-scroll" }, list)));
    // Redrawing replaces every element: keep the keyboard focus on the same card.
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset : null;
    root.replaceChildren(...parts);
    drawReview(d);
    // a move of the review clicked below the table (a narrow page): its position is brought into
    // view, at the better move's cards, once
    if (rv.at == null) shownAt = null;
    else if (rv.at !== shownAt && rv.best_version === d.version) {
      shownAt = rv.at;
      const spot = root.querySelector(".sk-card.sk-selected") || root.querySelector(".sk-seat.sk-home") || root;
      if (spot.scrollIntoView) spot.scrollIntoView({ block: "nearest" });
    }
    if (focused && focused.zone) {
      const again = root.querySelector(`.sk-card[data-seat="${focused.seat}"][data-zone="${focused.zone}"][data-index="${focused.index}"]`);
      if (again) again.focus();
    }
  }

  // The review beside the table: its progress while it runs, then the summary, the chart of the
  // seat's chances, the moves with their verdicts (a click shows the position before one), and
  // Try from here / Back to the end while an earlier position is shown.
  function drawReview(d) {
    const rv = d && d.review && d.review.state ? d.review : null;
    const old = frame.querySelector(".sk-review");
    const scrolled = old && old.querySelector(".sk-review-list") ? old.querySelector(".sk-review-list").scrollTop : null;
    frame.classList.toggle("sk-with-review", Boolean(rv));
    if (!rv) { if (old) old.remove(); return; }
    const info = d.info;
    const title = h("div", { class: "sk-log-title" }, agree(`Review of ${rv.who}'s moves`, info));
    let body;
    if (rv.state === "running") {
      const pct = rv.total ? Math.round((100 * rv.done) / rv.total) : 0;
      body = [
        h("div", { class: "sk-review-progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(pct) },
          h("span", { style: `width:${pct}%` })),
        h("div", { class: "sk-review-about" }, reviewProgress(rv), " The computer plays each position out many times, seeing only what the seat saw."),
      ];
    } else {
      const chart = h("div", { class: "sk-review-chart" });
      if (rv.chart) chart.innerHTML = rv.chart;   // drawn by Python as the tutorial's charts are
      const items = (rv.moves || []).map((m) => h("li", {
        class: `sk-review-move sk-rv-${m.verdict}${m.ply === rv.at ? " sk-rv-at" : ""}`, dataset: { ply: m.ply, verdict: m.verdict },
        tabindex: 0, role: "button", title: `show the position before move ${m.number}`,
        onclick: () => send({ action: "review_move", ply: m.ply }),
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send({ action: "review_move", ply: m.ply }); } } },
        h("span", { class: "sk-rv-no" }, String(m.number)),
        h("span", { class: "sk-rv-mark", title: m.verdict }, m.mark),
        h("span", { class: "sk-rv-text" }, h("b", { class: "sk-rv-verdict" }, m.verdict), " ", agree(m.words, info))));
      const at = rv.at != null ? (rv.moves || []).find((m) => m.ply === rv.at) : null;
      const nav = at ? h("div", { class: "sk-review-nav" },
        h("span", { class: "sk-review-where" }, rv.trying ? `Playing on from before move ${at.number}.` : `The position before move ${at.number}${rv.best ? `; the better move is marked: ${agree(rv.best.words, info)}` : ""}.`),
        h("span", { class: "sk-grow" }),
        h("button", { class: "sk-btn sk-primary sk-review-try", disabled: rv.trying, title: "play on from this position (the bots play their seats)", onclick: () => send({ action: "review_try" }) }, "Try from here"),
        h("button", { class: "sk-btn sk-tool sk-review-end", title: `back to the ${rv.round_word} as it was played, with its review`, onclick: () => send({ action: "review_end" }) }, "Back to the end")) : null;
      body = [
        h("p", { class: "sk-review-summary" }, agree(rv.summary, info)),
        chart,
        h("div", { class: "sk-review-key" }, verdictKey(rv.moves).map(([mark, v]) => h("span", { class: `sk-rv-${v}` }, h("b", { class: "sk-rv-mark" }, mark), v))),
        nav,
        h("ol", { class: "sk-review-list" }, items.length ? items : h("li", { class: "sk-none" }, "no move to show")),
        h("div", { class: "sk-review-about" }, "Click a move to see the position before it. A move is called a mistake only when the search is sure of what it cost."),
      ];
    }
    const panel = h("div", { class: "sk-review", dataset: { state: rv.state } }, title, body);
    if (old) old.replaceWith(panel); else frame.append(panel);
    const list = panel.querySelector(".sk-review-list");
    if (list && scrolled != null) list.scrollTop = scrolled;
  }

  function schedule() {
    if (queued) return;
    queued = true;
    queueMicrotask(draw);
  }

  const names = ["state", "info", "legal", "log", "message", "tone", "version", "interactive", "hints", "caption", "scene_step", "scene_steps", "log_mark", "table_mode", "draft", "lesson", "review_panel"];
  const fresh = () => { note = null; };   // a new message replaces the note on why a click did nothing
  model.on("change:message", fresh);
  const answered = () => { asking = false; };
  const answers = ["hints", "message", "version"];
  for (const n of answers) model.on(`change:${n}`, answered);
  for (const n of names) model.on(`change:${n}`, schedule);
  draw();
  return () => {
    for (const n of names) model.off(`change:${n}`, schedule);
    for (const n of answers) model.off(`change:${n}`, answered);
    model.off("change:message", fresh);
  };
}

export default { render };
