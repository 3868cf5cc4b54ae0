/* ast_kinds.h: the kinds of syntax tree node, one X-macro list that feeds
 * the enum and the names used by the dumper.  X(NAME, "printed name"). */
X(FILE,       "file")        /* kids: top-level items */
X(GAME,       "game")        /* text: the game's name */
X(ALIAS,      "alias")       /* text */
X(ORIGIN,     "origin")      /* text */
X(SOURCE,     "source")      /* text: a citation */
X(NOTE,       "note")        /* text: free prose */
X(BOARD,      "board")       /* kids: board items */
X(GRID,       "grid")        /* n: columns, n2: rows (span2); text: the word between them when written apart, as "5 x 5" (span3), else NULL; kids: corner NAME, DIAGONALS, each optional, in this order */
X(DIAGONALS,  "diagonals")   /* text: the grid's diagonals as written (none, all or alternate) */
X(TRIANGLE,   "triangle")    /* n: depth (span2); text: the way it points as written (up, down, left or right; span3); kids[0]: apex NAME */
X(POINT,      "point")       /* text: name; x, y: coordinates */
X(LINE,       "line")        /* kids: NAMEs */
X(REGION,     "region")      /* text: name; kids[0]: SET */
X(SIDE,       "side")        /* text: name; kids: PIECEs and FORWARDs */
X(FORWARD,    "forward")     /* text: its first word, 'forward' (span2); text2: the second, a way or 'toward' (span3); kids[0]: SET or absent */
X(PIECE,      "piece")       /* text: name; n: count; flags: RM_PIECE_*; kids[0]: symbol STRING or NULL */
X(SETUP,      "setup")       /* kids: PLACE and HAND */
X(PLACE,      "place")       /* text: kind (span2); n: pieces per point (span3, when written); kids[0]: SET */
X(HAND,       "hand")        /* text: kind (span2); n: pieces in hand (span3) */
X(SET,        "set")         /* kids: included items; kids[nkids-1] may be EXCEPT */
X(EXCEPT,     "except")      /* kids: excluded items */
X(NAME,       "name")        /* text: a point or region name */
X(ROWS,       "rows")        /* n..n2: row numbers */
X(COLUMNS,    "columns")     /* text..text2: column letters */
X(STRING,     "string")      /* text */
X(OPTION,     "option")      /* text: name; kids: STRING values (first is the default), then an optional STRING description in span2 */
X(IF,         "if")          /* text: option, text2: value; kids[0]: then-block, kids[1]: else-block or absent */
X(BLOCK,      "block")       /* kids: statements (the branches of IF) */
X(RULES,      "rules")       /* kids: FIRST, LOSE_WITH, DRAW_AFTER, DRAW_REPEAT, BLOCKED, BOTH_BLOCKED, STALL, MORE_PIECES, GOAL */
X(FIRST,      "first")       /* text: side */
X(LOSE_WITH,  "lose-with")   /* text: side; n: pieces */
X(DRAW_AFTER, "draw-after")  /* n: turns */
X(DRAW_REPEAT,"draw-repeat") /* n: times a position is seen; or text: a word (never) in span2 */
X(BLOCKED,    "blocked")     /* text: side; text2: what it does (lose, pass, draw) in span2; kids[0]: NAME, the word 'blocked'; kids[1], after 'then': NAME, what it does after its pass */
X(STALL,      "stall")       /* text: side; n: turns (span2); kids: NAMEs 'without', 'advancing' */
X(MORE_PIECES,"more-pieces") /* text: the word 'more'; n: turns (span2); kids[0]: NAME 'without' */
X(BOTH_BLOCKED,"both-blocked") /* text2: the side that wins (span2), or NULL: a draw; kids: NAMEs 'both', 'blocked' */
X(GOAL,       "goal")        /* text: side; text2: 'reaches' or 'fills' as written (span2); kids[0]: SET, then NAMEs of kinds */
X(BEFORE_PLAY,"before-play") /* text, text2: the words 'before' 'play' (span, span2): the phase is played before the first turn */
X(PHASE,      "phase")       /* text: name, text2: side; kids: TURN, ENDS, COMPULSORY, BEFORE_PLAY, BLOCKED (BOTH_BLOCKED: an error) */
X(TURN,       "turn")        /* kids: STEPs in order */
X(STEP,       "step-group")  /* n..n2: how many times; kids: ACTIONs, alternatives */
X(ACTION,     "action")      /* flags: RM_ACT_*; text: piece kind; kids: params */
X(OVER,       "over")        /* kids: NAMEs of kinds */
X(DIRS,       "directions")  /* kids: NAMEs, the words of a direction filter */
X(LINES,      "lines")       /* kids: NUMBERs, the line lengths allowed; flags: 1 every odd length ('lines odd') */
X(NUMBER,     "number")      /* n: a number as written */
X(CHAIN,      "chain")       /* flags: 1 must continue; text, text2: the two words after it, as 'not back' (span2), or NULL */
X(REMOVING,   "removing")    /* flags: 1 at end, 0 at once */
X(BY,         "by")          /* kids: NAMEs, the ways a capture by approach or withdrawal takes ('approach', 'withdrawal') */
X(FINAL_STEP, "final-step")  /* text: the word between 'with' and 'step' ('final' or 'further'; span2) */
X(TO_EMPTY,   "to-empty")    /* drop, step, leap: only onto empty points */
X(IN_SET,     "in")          /* kids[0]: SET */
X(WHILE_FEWER,"while-fewer") /* n: pieces on the board */
X(ENDS,       "ends")        /* flags: 0 hand empty, 1 after n turns; n */
X(COMPULSORY, "compulsory")  /* flags: 0 captures compulsory, 1 ... per piece (text: 'per', span2), 2 drops compulsory (text: 'drops', span2) */
X(HUFF,       "huffed")      /* text: the word after 'captures' ('huffed'; span2); flags: 1 at once, 2 by opponent (text2: 'by', kids[0]: a HUFF whose text is 'opponent'; span3: both) */
X(EXAMPLE,    "example")     /* text: name; kids: example statements */
X(QUOTE,      "quote")       /* text: the source's sentence */
X(WITH,       "with")        /* text: option, text2: value */
X(AFTER,      "after")       /* text: turns */
X(POSITION,   "position")    /* kids: PLACE, HAND, TO_MOVE, IN_PHASE */
X(POSITION_STRING, "position string") /* text: a position string (doc/notation.md) */
X(LEGAL,      "legal")       /* text: a turn; flags: 1 illegal */
X(EMPTY,      "empty")       /* n: number of empty points, or kids[0]: SET that must be empty */
X(HOLDS,      "holds")       /* text: kind; kids[0]: SET whose points hold the kind */
X(IN_HAND,    "in-hand")     /* text: kind; n */
X(ON_BOARD,   "on-board")    /* text: kind; n */
X(TO_MOVE,    "to-move")     /* text: side */
X(IN_PHASE,   "in-phase")    /* text: side, text2: phase */
X(TURN_NO,    "turn-number") /* n: the number of the next turn */
X(TURN_COUNT, "turn-count")  /* n: the number of legal turns */
X(RESULT,     "result")      /* text: side, "draw" or "none" */
