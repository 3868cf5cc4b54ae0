/* ast_kinds.h: the kinds of syntax tree node, one X-macro list that feeds
 * the enum and the names used by the dumper.  X(NAME, "printed name"). */
X(FILE,       "file")        /* kids: top-level items */
X(GAME,       "game")        /* text: the game's name */
X(ALIAS,      "alias")       /* text */
X(ORIGIN,     "origin")      /* text */
X(SOURCE,     "source")      /* text: a citation */
X(NOTE,       "note")        /* text: free prose */
X(BOARD,      "board")       /* kids: board items */
X(GRID,       "grid")        /* n: columns, n2: rows, flags: diagonals; kids[0]: corner NAME or NULL */
X(TRIANGLE,   "triangle")    /* n: depth, flags: direction; kids[0]: apex NAME */
X(POINT,      "point")       /* text: name; x, y: coordinates */
X(LINE,       "line")        /* kids: NAMEs */
X(REGION,     "region")      /* text: name; kids[0]: SET */
X(SIDE,       "side")        /* text: name; kids: PIECEs */
X(PIECE,      "piece")       /* text: name; n: count; flags: RM_PIECE_*; kids[0]: symbol STRING or NULL */
X(SETUP,      "setup")       /* kids: PLACE and HAND */
X(PLACE,      "place")       /* text: kind; n: pieces per point; kids[0]: SET */
X(HAND,       "hand")        /* text: kind; n: pieces in hand */
X(SET,        "set")         /* kids: included items; kids[nkids-1] may be EXCEPT */
X(EXCEPT,     "except")      /* kids: excluded items */
X(NAME,       "name")        /* text: a point or region name */
X(ROWS,       "rows")        /* n..n2: row numbers */
X(COLUMNS,    "columns")     /* text..text2: column letters */
X(STRING,     "string")      /* text */
