// The page's words: the person's own seat called "you" (the verb made to agree) in the
// move, chance and score lines the games write as "seat N takes ...", and long names
// (game and bot specs, file paths) broken only between their parts, never mid-word.
import { el, moveText } from './api.js';

/** Verbs whose form after "you" is not the third person's without its `s`. */
const IRREGULAR = { has: 'have', is: 'are', does: 'do', goes: 'go', was: 'were' };

/** The form of a verb after "you": `takes` -> `take`, `reshuffles` -> `reshuffle`; past tenses and other words unchanged. */
export function youForm(word) {
  if (Object.hasOwn(IRREGULAR, word)) return IRREGULAR[word];
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** In the rest of a clause whose subject became "you": `and ends` / `then spends`, `its`, `it has`. */
function agree(rest) {
  return rest
    .replace(/\b(and|then) ([a-z]+s)\b/g, (m, joint, verb) => `${joint} ${youForm(verb)}`)
    .replace(/\bits\b/g, 'your')
    .replace(/\bit has\b/g, 'you have');
}

/**
 * `text` with seat `seat` (the person's) called "you": `seat 0 takes 2 Shells` -> `You take
 * 2 Shells`, `seat 0 keeps the Flip-Flops and ends the turn` -> `You keep ... and end ...`,
 * `from seat 0` -> `from you`, `seat 0's turn` -> `Your turn`, `seat 0 to move` -> `Your
 * move`, `seat 0: 3 Shells` -> `You: 3 Shells`; a column heading (`seat 0` then two or more
 * spaces) keeps its width. Capitalised at the start of a line, and at the text's start
 * unless `start` is false (a text that goes after `last move: `). Other seats and a `seat`
 * of null (a replay: nobody is "you") leave the text as it is.
 */
export function personal(text, seat, { start = true } = {}) {
  if (seat === null || seat === undefined || typeof text !== 'string') return text;
  const re = new RegExp(`\\bseat ${Number(seat)}(?![0-9])(?:('s)|( {2,})| to move\\b| ([a-z]+))?`, 'g');
  const out = [];
  let last = 0;
  const matches = [...text.matchAll(re)];
  // A subject's clause runs to the next mention of a seat or the line's end (Seashells'
  // `take d4 (square 27): Scallop/Yellow, then spends a bottle` is one action).
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k];
    const at = m.index;
    const before = text.slice(0, at);
    const lineStart = before.lastIndexOf('\n') + 1;
    const capital = /^\s*$/.test(before.slice(lineStart)) && (lineStart > 0 || start);
    const you = capital ? 'You' : 'you';
    const your = capital ? 'Your' : 'your';
    out.push(text.slice(last, at));
    const [whole, possessive, column, verb] = m;
    let said;
    let subject = false;
    if (possessive) said = your;
    else if (column) said = you + ' '.repeat(whole.length - you.length);
    else if (whole.endsWith(' to move')) said = `${your} move`;
    else if (verb) { said = `${you} ${youForm(verb)}`; subject = true; } else said = you;
    out.push(said);
    last = at + whole.length;
    if (subject) {
      const next = k + 1 < matches.length ? matches[k + 1].index : text.length;
      const rest = text.slice(last, next);
      const end = rest.search(/\n|\bseat \d/);
      const clause = end < 0 ? rest : rest.slice(0, end);
      out.push(agree(clause));
      last += clause.length;
    }
  }
  out.push(text.slice(last));
  return out.join('');
}

/**
 * A move as the play page lists it: `moveText` (api.js), the person's own move in the second
 * person (`You take d4 (square 27): ...`, `You flip row 0, column 2: Sand`).
 */
export function playMoveText(m, labels, seat, opts) {
  const own = m.seat === seat && !/^seat \d/.test(m.text);
  return personal(own ? `seat ${seat} ${m.text}` : moveText(m, labels), seat, opts);
}

/** `seat N` or, for the person's seat, `you` (`You` with `capital`). */
export function seatName(seat, person, capital = false) {
  if (person === null || person === undefined || seat !== person) return `seat ${seat}`;
  return capital ? 'You' : 'you';
}

/** A seat's heading on a board: `seat 1 (greedy)`, or `You` for the person's seat (`ctx.person`). */
export function seatHeading(seat, ctx) {
  if (ctx.person !== null && ctx.person !== undefined && seat === ctx.person) return 'You';
  const label = ctx.labels && ctx.labels[seat];
  return `seat ${seat}${label ? ` (${label})` : ''}`;
}

/** `1 Shell`, `2 Shells`. */
export function count(n, what) {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The longest part of a name kept whole on one line (a title's line holds some 20 characters). */
const LONGEST_PART = 20;

/**
 * A long name (a game or bot spec, a file path) that wraps only between its parts: after a
 * comma, a slash or a space, before an opening parenthesis (`seaside` | `(removed=rulebook)`,
 * `(mode=board,` | `scoring=simple,`), each part of at most 20 characters kept whole (no
 * break at the hyphen of `Flip-Flop:6,`); a longer part (a file name, a generated name) breaks
 * where text may (after a hyphen), and mid-word only if it is too long for a line by itself.
 */
export function breakable(text, tag = 'span', attrs = {}) {
  const box = el(tag, { ...attrs, class: `${attrs.class ? attrs.class + ' ' : ''}words` });
  // A break after a comma, slash or space (not the leading `/` of a path), before `(`.
  const parts = String(text).split(/(?<=.[,/])(?! )|(?<= )|(?=\()/);
  parts.forEach((p, i) => {
    if (i > 0) box.append(el('wbr'));
    box.append(p.length <= LONGEST_PART ? el('span', { class: 'part' }, p) : p);
  });
  return box;
}
