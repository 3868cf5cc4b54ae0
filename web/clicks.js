// clicks.js: a turn built click by click. A legal turn is a list of
// groups, one a move (web_api.h): a drop "d" [to], a step "m" [from, to],
// a capture and the captures chained after it "x" [from, to, to...], a
// removal "r" [from]. The clicks so far match a turn when they spell its
// groups, each group's points in order, the groups in any order. So the
// tigers' three removals may be clicked in any order, and a chain one
// landing after another.

// The ways CLICKS match TURN: [{used: [bool], cur, pos}], cur the group
// being clicked (-1: none) and pos its points clicked.
function ways(turn, clicks) {
  let states = [{ used: turn.groups.map(() => false), cur: -1, pos: 0 }];
  for (const c of clicks) {
    const next = [];
    const seen = new Set();
    const add = (st) => {
      const key = st.used.map(Number).join("") + "/" + st.cur + "/" + st.pos;
      if (!seen.has(key)) { seen.add(key); next.push(st); }
    };
    for (const st of states) {
      if (st.cur >= 0) {
        const g = turn.groups[st.cur];
        if (g.pts[st.pos] !== c) continue;
        if (st.pos + 1 === g.pts.length) {
          const used = st.used.slice(); used[st.cur] = true;
          add({ used, cur: -1, pos: 0 });
        } else {
          add({ used: st.used, cur: st.cur, pos: st.pos + 1 });
        }
        continue;
      }
      turn.groups.forEach((g, j) => {
        if (st.used[j] || g.pts[0] !== c) return;
        if (g.pts.length === 1) {
          const used = st.used.slice(); used[j] = true;
          add({ used, cur: -1, pos: 0 });
        } else {
          add({ used: st.used, cur: j, pos: 1 });
        }
      });
    }
    states = next;
    if (!states.length) break;
  }
  return states;
}

// What the clicks so far allow: {candidates: the turns they begin,
// complete: the turns they make whole, next: Set of points to click next}.
export function follow(turns, clicks) {
  const candidates = [], complete = [], next = new Set();
  for (const turn of turns) {
    const states = ways(turn, clicks);
    if (!states.length) continue;
    candidates.push(turn);
    let whole = false;
    for (const st of states) {
      if (st.cur >= 0) {
        next.add(turn.groups[st.cur].pts[st.pos]);
      } else {
        let left = false;
        turn.groups.forEach((g, j) => { if (!st.used[j]) { left = true; next.add(g.pts[0]); } });
        if (!left) whole = true;
      }
    }
    if (whole) complete.push(turn);
  }
  return { candidates, complete, next };
}

// The points where some turn's first click is: the pieces that can move,
// the points a piece can be dropped on, the pieces that can be removed.
export function starts(turns) {
  return follow(turns, []).next;
}
