/* parser.y: the grammar of the .game language.
 *
 * A pure bison parser over the reentrant scanner of lexer.l. Actions only
 * build syntax tree nodes (src/lang/ast.h); names are resolved and everything is
 * checked later, in the compile step (src/ir/compile*.c). Statements end at
 * a newline or ';' (token SEP, see lexer.l); a statement with a syntax
 * error is skipped up to its end and parsing goes on, so one run reports
 * several errors.
 */
%define api.pure full
%define api.prefix {rmyy}
%define api.location.type {rm_span}
%define parse.error custom
%locations
%expect 0
%param {void *scanner}
%parse-param {rm_parse_state *ps}

%code requires {
#include "ast.h"
#include "lexer_extra.h"

typedef struct rm_parse_state {
    rm_arena *arena;
    rm_diag *diag;
    rm_node *root;
    bool cursor_reached; /* rm_expected_at: the parser took the probe */
} rm_parse_state;

#define YYLLOC_DEFAULT(cur, rhs, n)                                     \
    do {                                                                \
        if (n) {                                                        \
            (cur).start = YYRHSLOC(rhs, 1).start;                       \
            (cur).end = YYRHSLOC(rhs, n).end;                           \
        } else {                                                        \
            (cur).start = (cur).end = YYRHSLOC(rhs, 0).end;             \
        }                                                               \
    } while (0)
}

%code {
#include <stdbool.h>
#include <string.h>

int rmyylex(RMYYSTYPE *lval, RMYYLTYPE *lloc, void *scanner);
rm_lexer *rmyyget_extra(void *scanner);
static void rmyyerror(RMYYLTYPE *loc, void *scanner, rm_parse_state *ps, const char *msg);

#define NODE(kind, at) ast_new(ps->arena, (kind), (at))
#define ADD(n, kid) ast_add(ps->arena, (n), (kid))

/* A node of KIND carrying TEXT. */
static rm_node *text_node(rm_parse_state *ps, rm_node_kind kind, rm_span at, const char *text)
{
    rm_node *n = NODE(kind, at);
    if (n)
        n->text = text;
    return n;
}

/* A NUMBER node holding VALUE as written at AT. */
static rm_node *number_node(rm_parse_state *ps, rm_span at, long value)
{
    rm_node *n = NODE(N_NUMBER, at);
    if (n)
        n->n = value;
    return n;
}
}

%union {
    rm_node *node;
    char *text;
    long num;
    double real;
    struct { long w, h; } dims;
}

%token SEP "end of line"
%token CURSOR "cursor" /* the end of a text cut at a cursor (rm_expected_at): no rule takes it */
%token <text> NAME "name" STRING "string"
%token <num> NUMBER "number"
%token <real> REAL "decimal number"
%token <dims> DIMS "dimensions"
%token ALIAS "'alias'" APEX "'apex'" AT "'at'" BOARD "'board'" COLUMN "'column'"
       COLUMNS "'columns'" DEPTH "'depth'" DIAGONALS "'diagonals'" EXCEPT "'except'"
       GAME "'game'" GRID "'grid'" HAND "'hand'" IN "'in'" LINE "'line'" NOTE "'note'"
       ORIGIN "'origin'" PIECE "'piece'" POINT "'point'" POINTING "'pointing'"
       REGION "'region'" ROW "'row'" ROWS "'rows'" SETUP "'setup'" SIDE "'side'"
       SOURCE "'source'" STACKS "'stacks'" SYMBOL "'symbol'" TO "'to'"
       TRIANGLE "'triangle'"
       AFTER "'after'" BY "'by'" CAPTURES "'captures'" CAPTURE "'capture'" CHAIN "'chain'"
       COMPULSORY "'compulsory'" CONTINUE "'continue'" DRAW "'draw'" DROP "'drop'"
       ELSE "'else'" EMPTY "'empty'" END "'end'" ENDS "'ends'" FIRST "'first'"
       FEWER "'fewer'" IF "'if'" LEAP "'leap'" LINES "'lines'" LOSE "'lose'"
       LOSES "'loses'" MOST "'most'" MUST "'must'" ODD "'odd'" OF "'of'" ON "'on'"
       ONCE "'once'" OPTIONAL "'optional'" OPTION "'option'" OR "'or'" OVER "'over'"
       PHASE "'phase'" PIECES "'pieces'" RELOCATE "'relocate'" REMOVE "'remove'"
       REMOVING "'removing'" REPETITION "'repetition'" RULES "'rules'"
       SLIDE "'slide'" STEP "'step'" THAN "'than'" THEN "'then'" TIME "'time'" TIMES "'times'"
       TURN "'turn'" TURNS "'turns'" WHEN "'when'" WHILE "'while'" WITH "'with'"
       EXAMPLE "'example'" QUOTE "'quote'" LEGAL "'legal'" ILLEGAL "'illegal'"
       MOVE "'move'" RESULT "'result'" POSITION "'position'" WIN "'win'" WINS "'wins'"

%type <node> top_stmts top_stmt strings board_stmts board_stmt
             side_stmts side_stmt piece_opts setup_stmts setup_stmt
             region_stmt set set_items set_item names name grid_corner
             option_values value if_head rules_stmts rules_stmt blocked_stmt phase_stmts
             phase_stmt turn_steps step_group alts action drop_params
             capture_params capture_param kind_names dir_filter dir_words
             example_stmts example_stmt goal_kinds
             position_stmts position_stmt line_counts grid_dims grid_diagonals
%type <num> turns_word
%type <dims> repeat
%type <text> word
%type <real> coord

%%

file:
    top_stmts                       { ps->root = $1; }
    ;

/* top_stmts: { top_stmt SEP } */
top_stmts:
    %empty                          { $$ = NODE(N_FILE, @$); }
  | top_stmts SEP                   { $$ = $1; }
  | top_stmts top_stmt SEP          { $$ = ADD($1, $2); }
  | top_stmts error SEP             { $$ = $1; yyerrok; }
    ;

top_stmt:
    GAME STRING                     { $$ = text_node(ps, N_GAME, @$, $2); }
  | ALIAS strings                   { $$ = $2; $$->kind = N_ALIAS; $$->span = @$; }
  | ORIGIN STRING                   { $$ = text_node(ps, N_ORIGIN, @$, $2); }
  | SOURCE STRING                   { $$ = text_node(ps, N_SOURCE, @$, $2); }
  | NOTE STRING                     { $$ = text_node(ps, N_NOTE, @$, $2); }
  | BOARD '{' board_stmts '}'       { $$ = $3; $$->span = @$; }
  | SIDE NAME '{' side_stmts '}'    { $$ = $4; $$->text = $2; $$->span = @$; $$->span2 = @2; }
  | SETUP '{' setup_stmts '}'       { $$ = $3; $$->span = @$; }
  | region_stmt
  | OPTION word '=' option_values
        { $$ = $4; $$->text = $2; $$->span = @$; $$->span2 = @2; }
  | OPTION word '=' option_values STRING
        { $$ = $4; $$->text = $2; $$->text2 = $5; $$->span = @$; $$->span2 = @2; }
  | RULES '{' rules_stmts '}'       { $$ = $3; $$->span = @$; }
  | PHASE word OF NAME '{' phase_stmts '}'
        { $$ = $6; $$->text = $2; $$->text2 = $4; $$->span = @$; $$->span2 = @2; $$->span3 = @4; }
  | PHASE word OF NAME word word '{' phase_stmts '}'
        { rm_node *when = text_node(ps, N_BEFORE_PLAY, @5, $5);
          when->text2 = $6; when->span2 = @6;
          $$ = ADD($8, when); $$->text = $2; $$->text2 = $4; $$->span = @$; $$->span2 = @2; $$->span3 = @4; }
  | EXAMPLE STRING '{' example_stmts '}'
        { $$ = $4; $$->text = $2; $$->span = @$; $$->span2 = @2; }
  | if_head '{' top_stmts '}'       { $$ = ADD($1, $3); $$->span = @$; }
  | if_head '{' top_stmts '}' ELSE '{' top_stmts '}'
        { $$ = ADD(ADD($1, $3), $7); $$->span = @$; }
    ;

/* word: a name, or a keyword where a name is expected after a keyword */
word:
    NAME
  | ALIAS { $$ = arena_strndup(ps->arena, "alias", 5); }
  | APEX { $$ = arena_strndup(ps->arena, "apex", 4); }
  | AT { $$ = arena_strndup(ps->arena, "at", 2); }
  | BOARD { $$ = arena_strndup(ps->arena, "board", 5); }
  | COLUMN { $$ = arena_strndup(ps->arena, "column", 6); }
  | COLUMNS { $$ = arena_strndup(ps->arena, "columns", 7); }
  | DEPTH { $$ = arena_strndup(ps->arena, "depth", 5); }
  | DIAGONALS { $$ = arena_strndup(ps->arena, "diagonals", 9); }
  | EXCEPT { $$ = arena_strndup(ps->arena, "except", 6); }
  | GAME { $$ = arena_strndup(ps->arena, "game", 4); }
  | GRID { $$ = arena_strndup(ps->arena, "grid", 4); }
  | HAND { $$ = arena_strndup(ps->arena, "hand", 4); }
  | IN { $$ = arena_strndup(ps->arena, "in", 2); }
  | LINE { $$ = arena_strndup(ps->arena, "line", 4); }
  | NOTE { $$ = arena_strndup(ps->arena, "note", 4); }
  | ORIGIN { $$ = arena_strndup(ps->arena, "origin", 6); }
  | PIECE { $$ = arena_strndup(ps->arena, "piece", 5); }
  | POINT { $$ = arena_strndup(ps->arena, "point", 5); }
  | POINTING { $$ = arena_strndup(ps->arena, "pointing", 8); }
  | REGION { $$ = arena_strndup(ps->arena, "region", 6); }
  | ROW { $$ = arena_strndup(ps->arena, "row", 3); }
  | ROWS { $$ = arena_strndup(ps->arena, "rows", 4); }
  | SETUP { $$ = arena_strndup(ps->arena, "setup", 5); }
  | SIDE { $$ = arena_strndup(ps->arena, "side", 4); }
  | SOURCE { $$ = arena_strndup(ps->arena, "source", 6); }
  | STACKS { $$ = arena_strndup(ps->arena, "stacks", 6); }
  | SYMBOL { $$ = arena_strndup(ps->arena, "symbol", 6); }
  | TO { $$ = arena_strndup(ps->arena, "to", 2); }
  | TRIANGLE { $$ = arena_strndup(ps->arena, "triangle", 8); }
  | AFTER { $$ = arena_strndup(ps->arena, "after", 5); }
  | BY { $$ = arena_strndup(ps->arena, "by", 2); }
  | CAPTURES { $$ = arena_strndup(ps->arena, "captures", 8); }
  | CAPTURE { $$ = arena_strndup(ps->arena, "capture", 7); }
  | CHAIN { $$ = arena_strndup(ps->arena, "chain", 5); }
  | COMPULSORY { $$ = arena_strndup(ps->arena, "compulsory", 10); }
  | CONTINUE { $$ = arena_strndup(ps->arena, "continue", 8); }
  | DRAW { $$ = arena_strndup(ps->arena, "draw", 4); }
  | DROP { $$ = arena_strndup(ps->arena, "drop", 4); }
  | ELSE { $$ = arena_strndup(ps->arena, "else", 4); }
  | EMPTY { $$ = arena_strndup(ps->arena, "empty", 5); }
  | END { $$ = arena_strndup(ps->arena, "end", 3); }
  | ENDS { $$ = arena_strndup(ps->arena, "ends", 4); }
  | FIRST { $$ = arena_strndup(ps->arena, "first", 5); }
  | FEWER { $$ = arena_strndup(ps->arena, "fewer", 5); }
  | IF { $$ = arena_strndup(ps->arena, "if", 2); }
  | LEAP { $$ = arena_strndup(ps->arena, "leap", 4); }
  | LINES { $$ = arena_strndup(ps->arena, "lines", 5); }
  | LOSE { $$ = arena_strndup(ps->arena, "lose", 4); }
  | LOSES { $$ = arena_strndup(ps->arena, "loses", 5); }
  | MOST { $$ = arena_strndup(ps->arena, "most", 4); }
  | MUST { $$ = arena_strndup(ps->arena, "must", 4); }
  | ODD { $$ = arena_strndup(ps->arena, "odd", 3); }
  | OF { $$ = arena_strndup(ps->arena, "of", 2); }
  | ON { $$ = arena_strndup(ps->arena, "on", 2); }
  | ONCE { $$ = arena_strndup(ps->arena, "once", 4); }
  | OPTIONAL { $$ = arena_strndup(ps->arena, "optional", 8); }
  | OPTION { $$ = arena_strndup(ps->arena, "option", 6); }
  | OR { $$ = arena_strndup(ps->arena, "or", 2); }
  | OVER { $$ = arena_strndup(ps->arena, "over", 4); }
  | PHASE { $$ = arena_strndup(ps->arena, "phase", 5); }
  | PIECES { $$ = arena_strndup(ps->arena, "pieces", 6); }
  | RELOCATE { $$ = arena_strndup(ps->arena, "relocate", 8); }
  | REMOVE { $$ = arena_strndup(ps->arena, "remove", 6); }
  | REMOVING { $$ = arena_strndup(ps->arena, "removing", 8); }
  | REPETITION { $$ = arena_strndup(ps->arena, "repetition", 10); }
  | RULES { $$ = arena_strndup(ps->arena, "rules", 5); }
  | SLIDE { $$ = arena_strndup(ps->arena, "slide", 5); }
  | STEP { $$ = arena_strndup(ps->arena, "step", 4); }
  | THAN { $$ = arena_strndup(ps->arena, "than", 4); }
  | THEN { $$ = arena_strndup(ps->arena, "then", 4); }
  | TIME { $$ = arena_strndup(ps->arena, "time", 4); }
  | TIMES { $$ = arena_strndup(ps->arena, "times", 5); }
  | TURN { $$ = arena_strndup(ps->arena, "turn", 4); }
  | TURNS { $$ = arena_strndup(ps->arena, "turns", 5); }
  | WHEN { $$ = arena_strndup(ps->arena, "when", 4); }
  | WHILE { $$ = arena_strndup(ps->arena, "while", 5); }
  | WITH { $$ = arena_strndup(ps->arena, "with", 4); }
  | EXAMPLE { $$ = arena_strndup(ps->arena, "example", 7); }
  | QUOTE { $$ = arena_strndup(ps->arena, "quote", 5); }
  | LEGAL { $$ = arena_strndup(ps->arena, "legal", 5); }
  | ILLEGAL { $$ = arena_strndup(ps->arena, "illegal", 7); }
  | MOVE { $$ = arena_strndup(ps->arena, "move", 4); }
  | RESULT { $$ = arena_strndup(ps->arena, "result", 6); }
  | POSITION { $$ = arena_strndup(ps->arena, "position", 8); }
  | WIN { $$ = arena_strndup(ps->arena, "win", 3); }
  | WINS { $$ = arena_strndup(ps->arena, "wins", 4); }
    ;

/* example_stmts: { example_stmt SEP } -- run in order by rimau validate */
example_stmts:
    %empty                          { $$ = NODE(N_EXAMPLE, @$); }
  | example_stmts SEP               { $$ = $1; }
  | example_stmts example_stmt SEP  { $$ = ADD($1, $2); }
  | example_stmts error SEP         { $$ = $1; yyerrok; }
    ;

example_stmt:
    QUOTE STRING                    { $$ = text_node(ps, N_QUOTE, @$, $2); }
  | WITH word '=' value             { $$ = text_node(ps, N_WITH, @$, $2); $$->text2 = $4->text; $$->span2 = @2; }
  | AFTER STRING                    { $$ = text_node(ps, N_AFTER, @$, $2); }
  | POSITION '{' position_stmts '}' { $$ = $3; $$->span = @$; }
  | POSITION STRING                 { $$ = text_node(ps, N_POSITION_STRING, @$, $2); }
  | LEGAL STRING                    { $$ = text_node(ps, N_LEGAL, @$, $2); }
  | ILLEGAL STRING                  { $$ = text_node(ps, N_LEGAL, @$, $2); $$->flags = 1; }
  | EMPTY NUMBER                    { $$ = NODE(N_EMPTY, @$); $$->n = $2; }
  | EMPTY set                       { $$ = ADD(NODE(N_EMPTY, @$), $2); $$->n = -1; }
  | NAME AT set                     { $$ = ADD(text_node(ps, N_HOLDS, @$, $1), $3); $$->span2 = @1; }
  | NAME IN HAND NUMBER             { $$ = text_node(ps, N_IN_HAND, @$, $1); $$->n = $4; $$->span2 = @1; }
  | NAME ON BOARD NUMBER            { $$ = text_node(ps, N_ON_BOARD, @$, $1); $$->n = $4; $$->span2 = @1; }
  | NAME TO MOVE                    { $$ = text_node(ps, N_TO_MOVE, @$, $1); $$->span2 = @1; }
  | NAME IN PHASE word              { $$ = text_node(ps, N_IN_PHASE, @$, $1); $$->text2 = $4; $$->span2 = @1; }
  | TURN NUMBER                     { $$ = NODE(N_TURN_NO, @$); $$->n = $2; }
  | TURNS NUMBER                    { $$ = NODE(N_TURN_COUNT, @$); $$->n = $2; }
  | RESULT NAME wins_word           { $$ = text_node(ps, N_RESULT, @$, $2); $$->span2 = @2; }
  | RESULT DRAW                     { $$ = text_node(ps, N_RESULT, @$, "draw"); }
  | RESULT NAME                     { $$ = text_node(ps, N_RESULT, @$, $2); $$->span2 = @2; $$->flags = 1; }
    ;

/* position_stmts: { position_stmt SEP } -- a position instead of the setup */
position_stmts:
    %empty                          { $$ = NODE(N_POSITION, @$); }
  | position_stmts SEP              { $$ = $1; }
  | position_stmts position_stmt SEP { $$ = ADD($1, $2); }
  | position_stmts error SEP        { $$ = $1; yyerrok; }
    ;

position_stmt:
    NAME AT set                     { $$ = ADD(text_node(ps, N_PLACE, @$, $1), $3); $$->n = 1; $$->span2 = @1; }
  | NAME NUMBER AT set              { $$ = ADD(text_node(ps, N_PLACE, @$, $1), $4); $$->n = $2; $$->span2 = @1; $$->span3 = @2; }
  | NAME IN HAND NUMBER             { $$ = text_node(ps, N_HAND, @$, $1); $$->n = $4; $$->span2 = @1; $$->span3 = @4; }
  | NAME TO MOVE                    { $$ = text_node(ps, N_TO_MOVE, @$, $1); $$->span2 = @1; }
  | NAME IN PHASE word              { $$ = text_node(ps, N_IN_PHASE, @$, $1); $$->text2 = $4; $$->span2 = @1; }
    ;

/* option_values: value { '|' value } -- the first is the default */
option_values:
    value                           { $$ = ADD(NODE(N_OPTION, @$), $1); }
  | option_values '|' value         { $$ = ADD($1, $3); }
    ;

value:
    word                            { $$ = text_node(ps, N_STRING, @$, $1); }
  | NUMBER
        {
            char buf[32];
            snprintf(buf, sizeof buf, "%ld", $1);
            $$ = text_node(ps, N_STRING, @$, arena_strndup(ps->arena, buf, strlen(buf)));
        }
    ;

/* if_head: IF NAME '=' value -- a statement block kept or dropped by an option */
if_head:
    IF word '=' value
        {
            $$ = text_node(ps, N_IF, @$, $2);
            $$->text2 = $4->text;
            $$->span2 = @2;
        }
    ;

/* rules_stmts: { rules_stmt SEP } */
rules_stmts:
    %empty                          { $$ = NODE(N_RULES, @$); }
  | rules_stmts SEP                 { $$ = $1; }
  | rules_stmts rules_stmt SEP      { $$ = ADD($1, $2); }
  | rules_stmts error SEP           { $$ = $1; yyerrok; }
    ;

rules_stmt:
    FIRST NAME                      { $$ = text_node(ps, N_FIRST, @$, $2); }
  | NAME LOSE WITH NUMBER pieces_word  { $$ = text_node(ps, N_LOSE_WITH, @$, $1); $$->n = $4; $$->span2 = @4; }
  | NAME LOSES WITH NUMBER pieces_word { $$ = text_node(ps, N_LOSE_WITH, @$, $1); $$->n = $4; $$->span2 = @4; }
  | DRAW AFTER NUMBER turns_word    { $$ = NODE(N_DRAW_AFTER, @$); $$->n = $3; $$->span2 = @3; }
  | DRAW ON REPETITION NUMBER       { $$ = NODE(N_DRAW_REPEAT, @$); $$->n = $4; $$->span2 = @4; }
  | DRAW ON REPETITION NAME         { $$ = NODE(N_DRAW_REPEAT, @$); $$->text = $4; $$->span2 = @4; }
  | NAME lose_word AFTER NUMBER turns_word NAME NAME
        { $$ = ADD(ADD(text_node(ps, N_STALL, @$, $1), text_node(ps, N_NAME, @6, $6)),
                   text_node(ps, N_NAME, @7, $7));
          $$->n = $4; $$->span2 = @4; }
  | NAME PIECES WINS AFTER NUMBER turns_word NAME CAPTURE
        { $$ = ADD(text_node(ps, N_MORE_PIECES, @$, $1), text_node(ps, N_NAME, @7, $7));
          $$->n = $5; $$->span2 = @5; }
  | blocked_stmt                    { $$ = $1; }
  | NAME WINS WHEN goal_kinds NAME set
        { $$ = ADD(text_node(ps, N_GOAL, @$, $1), $6); $$->text2 = $5; $$->span2 = @5;
          for (int i = 0; i < $4->nkids; i++)
              ADD($$, $4->kids[i]); }
  | if_head '{' rules_stmts '}'     { $$ = ADD($1, $3); $$->span = @$; }
  | if_head '{' rules_stmts '}' ELSE '{' rules_stmts '}'
        { $$ = ADD(ADD($1, $3), $7); $$->span = @$; }
    ;

/* blocked_stmt: SIDE when blocked WORD [then WORD] | when both blocked (draw | SIDE wins):
 * in a rules block, or in a phase */
blocked_stmt:
    NAME WHEN NAME word
        { $$ = ADD(text_node(ps, N_BLOCKED, @$, $1), text_node(ps, N_NAME, @3, $3));
          $$->text2 = $4; $$->span2 = @4; }
  | NAME WHEN NAME word THEN word
        { $$ = ADD(ADD(text_node(ps, N_BLOCKED, @$, $1), text_node(ps, N_NAME, @3, $3)),
                   text_node(ps, N_NAME, @6, $6));
          $$->text2 = $4; $$->span2 = @4; }
  | WHEN NAME NAME DRAW
        { $$ = ADD(ADD(NODE(N_BOTH_BLOCKED, @$), text_node(ps, N_NAME, @2, $2)),
                   text_node(ps, N_NAME, @3, $3)); }
  | WHEN NAME NAME NAME wins_word
        { $$ = ADD(ADD(NODE(N_BOTH_BLOCKED, @$), text_node(ps, N_NAME, @2, $2)),
                   text_node(ps, N_NAME, @3, $3));
          $$->text2 = $4; $$->span2 = @4; }
    ;

/* goal_kinds: NAME { ',' NAME } -- the kinds of a win by a region (the
 * commas are needed: the word after the kinds is a name too) */
goal_kinds:
    NAME                            { $$ = ADD(NODE(N_BLOCK, @$), text_node(ps, N_NAME, @1, $1)); }
  | goal_kinds ',' NAME             { $$ = ADD($1, text_node(ps, N_NAME, @3, $3)); $$->span = @$; }
    ;

turns_word:
    TURN                            { $$ = 1; }
  | TURNS                           { $$ = 1; }
    ;

lose_word:
    LOSE
  | LOSES
    ;

/* the singular and the plural, or the verb's two forms, alike */
pieces_word:
    PIECE
  | PIECES
    ;

times_word:
    TIME
  | TIMES
    ;

wins_word:
    WIN
  | WINS
    ;

/* phase_stmts: { phase_stmt SEP } */
phase_stmts:
    %empty                          { $$ = NODE(N_PHASE, @$); }
  | phase_stmts SEP                 { $$ = $1; }
  | phase_stmts phase_stmt SEP      { $$ = ADD($1, $2); }
  | phase_stmts error SEP           { $$ = $1; yyerrok; }
    ;

phase_stmt:
    TURN turn_steps                 { $$ = $2; $$->span = @$; }
  | ENDS WHEN HAND EMPTY            { $$ = NODE(N_ENDS, @$); $$->flags = 0; }
  | ENDS AFTER NUMBER turns_word    { $$ = NODE(N_ENDS, @$); $$->flags = 1; $$->n = $3; $$->span2 = @3; }
  | CAPTURES COMPULSORY             { $$ = NODE(N_COMPULSORY, @$); }
  | CAPTURES COMPULSORY NAME PIECE  { $$ = text_node(ps, N_COMPULSORY, @$, $3); $$->flags = 1; $$->span2 = @3; }
  | NAME COMPULSORY                 { $$ = text_node(ps, N_COMPULSORY, @$, $1); $$->flags = 2; $$->span2 = @1; }
  | blocked_stmt                    { $$ = $1; }
  | CAPTURES NAME AT ONCE           { $$ = text_node(ps, N_HUFF, @$, $2); $$->flags = 1; $$->span2 = @2; }
  | CAPTURES NAME BY NAME
        { $$ = text_node(ps, N_HUFF, @$, $2); $$->flags = 2; $$->span2 = @2;
          $$->text2 = arena_strndup(ps->arena, "by", 2); $$->span3 = span_join(@3, @4);
          $$ = ADD($$, text_node(ps, N_HUFF, @4, $4)); }
  | if_head '{' phase_stmts '}'     { $$ = ADD($1, $3); $$->span = @$; }
  | if_head '{' phase_stmts '}' ELSE '{' phase_stmts '}'
        { $$ = ADD(ADD($1, $3), $7); $$->span = @$; }
    ;

/* turn_steps: step_group { THEN step_group } */
turn_steps:
    step_group                      { $$ = ADD(NODE(N_TURN, @$), $1); }
  | turn_steps THEN step_group      { $$ = ADD($1, $3); }
    ;

/* step_group: action { OR action } [repeat] */
step_group:
    alts repeat
        {
            $$ = $1;
            $$->n = $2.w;
            $$->n2 = $2.h;
            $$->span = @$;
            $$->span2 = @2;
        }
    ;

alts:
    action                          { $$ = ADD(NODE(N_STEP, @$), $1); }
  | alts OR action                  { $$ = ADD($1, $3); }
    ;

/* repeat: how many times the step is taken (default once) */
repeat:
    %empty                          { $$.w = 1; $$.h = 1; }
  | NUMBER times_word               { $$.w = $1; $$.h = $1; }
  | NUMBER TO NUMBER times_word     { $$.w = $1; $$.h = $3; }
  | AT MOST NUMBER times_word       { $$.w = 0; $$.h = $3; }
  | OPTIONAL                        { $$.w = 0; $$.h = 1; }
    ;

/* action: the action's kind, then its direction filter (dir_filter, right
 * after the kind: the lists of 'over' would take its words for kinds),
 * then its parameters. The compile step refuses a filter where it means
 * nothing (drop, remove, relocate). */
action:
    DROP NAME dir_filter drop_params
        {
            $$ = ADD($4, $3);
            $$->flags = RM_ACT_DROP;
            $$->text = $2;
            $$->span = @$;
            $$->span2 = @2;
        }
  | STEP NAME dir_filter            { $$ = ADD(text_node(ps, N_ACTION, @$, $2), $3); $$->flags = RM_ACT_STEP; $$->span2 = @2; }
  | STEP NAME dir_filter TO EMPTY
        {
            $$ = ADD(ADD(text_node(ps, N_ACTION, @$, $2), $3), NODE(N_TO_EMPTY, span_join(@4, @5)));
            $$->flags = RM_ACT_STEP;
            $$->span2 = @2;
        }
  | SLIDE NAME dir_filter           { $$ = ADD(text_node(ps, N_ACTION, @$, $2), $3); $$->flags = RM_ACT_SLIDE; $$->span2 = @2; }
  | LEAP NAME dir_filter OVER kind_names
        {
            $$ = ADD(ADD(text_node(ps, N_ACTION, @$, $2), $3), $5);
            $$->flags = RM_ACT_LEAP;
            $$->span2 = @2;
        }
  | LEAP NAME dir_filter OVER kind_names TO EMPTY
        {
            $$ = ADD(ADD(ADD(text_node(ps, N_ACTION, @$, $2), $3), $5), NODE(N_TO_EMPTY, span_join(@6, @7)));
            $$->flags = RM_ACT_LEAP;
            $$->span2 = @2;
        }
  | CAPTURE NAME dir_filter capture_params
        {
            $$ = ADD($4, $3);
            $$->flags = RM_ACT_CAPTURE;
            $$->text = $2;
            $$->span = @$;
            $$->span2 = @2;
        }
  | REMOVE NAME dir_filter          { $$ = ADD(text_node(ps, N_ACTION, @$, $2), $3); $$->flags = RM_ACT_REMOVE; $$->span2 = @2; }
  | REMOVE NAME dir_filter IN set
        {
            rm_node *in = ADD(NODE(N_IN_SET, span_join(@4, @5)), $5);
            $$ = ADD(ADD(text_node(ps, N_ACTION, @$, $2), $3), in);
            $$->flags = RM_ACT_REMOVE;
            $$->span2 = @2;
        }
  | RELOCATE NAME dir_filter        { $$ = ADD(text_node(ps, N_ACTION, @$, $2), $3); $$->flags = RM_ACT_RELOCATE; $$->span2 = @2; }
  | RELOCATE NAME dir_filter TO set
        {
            rm_node *in = ADD(NODE(N_IN_SET, span_join(@4, @5)), $5);
            $$ = ADD(ADD(text_node(ps, N_ACTION, @$, $2), $3), in);
            $$->flags = RM_ACT_RELOCATE;
            $$->span2 = @2;
        }
    ;

/* dir_filter: [ NAME { [','] NAME } ] -- a DIRS node of the words, or NULL */
dir_filter:
    %empty                          { $$ = NULL; }
  | dir_words
    ;

dir_words:
    name                            { $$ = ADD(NODE(N_DIRS, @$), $1); }
  | dir_words name                  { $$ = ADD($1, $2); $$->span = @$; }
  | dir_words ',' name              { $$ = ADD($1, $3); $$->span = @$; }
    ;

drop_params:
    %empty                          { $$ = NODE(N_ACTION, @$); }
  | drop_params IN set              { $$ = ADD($1, ADD(NODE(N_IN_SET, span_join(@2, @3)), $3)); }
  | drop_params WHILE FEWER THAN NUMBER ON BOARD
        {
            rm_node *w = NODE(N_WHILE_FEWER, span_join(@2, @7));
            w->n = $5;
            $$ = ADD($1, w);
        }
  | drop_params TO EMPTY            { $$ = ADD($1, NODE(N_TO_EMPTY, span_join(@2, @3))); }
    ;

capture_params:
    %empty                          { $$ = NODE(N_ACTION, @$); }
  | capture_params capture_param    { $$ = ADD($1, $2); }
    ;

capture_param:
    OVER kind_names                 { $$ = $2; $$->span = @$; }
  | LINES line_counts               { $$ = $2; $$->span = @$; }
  | LINES ODD                       { $$ = NODE(N_LINES, @$); $$->flags = 1; }
  | CHAIN                           { $$ = NODE(N_CHAIN, @$); }
  | CHAIN MUST CONTINUE             { $$ = NODE(N_CHAIN, @$); $$->flags = 1; }
  | CHAIN NAME NAME                 { $$ = text_node(ps, N_CHAIN, @$, $2); $$->text2 = $3; $$->span2 = span_join(@2, @3); }
  | CHAIN MUST CONTINUE NAME NAME
        {
            $$ = text_node(ps, N_CHAIN, @$, $4);
            $$->text2 = $5;
            $$->flags = 1;
            $$->span2 = span_join(@4, @5);
        }
  | REMOVING AT END                 { $$ = NODE(N_REMOVING, @$); $$->flags = 1; }
  | REMOVING AT ONCE                { $$ = NODE(N_REMOVING, @$); $$->flags = 0; }
  | WITH NAME STEP                  { $$ = text_node(ps, N_FINAL_STEP, @$, $2); $$->span2 = @2; }
  | BY kind_names                   { $$ = $2; $$->kind = N_BY; $$->span = @$; }
    ;

/* kind_names: NAME { [','] NAME } */
kind_names:
    name                            { $$ = ADD(NODE(N_OVER, @$), $1); }
  | kind_names name                 { $$ = ADD($1, $2); }
  | kind_names ',' name             { $$ = ADD($1, $3); }
    ;

/* line_counts: NUMBER { ',' NUMBER } -- a LINES node whose kids are NUMBERs */
line_counts:
    NUMBER                          { $$ = ADD(NODE(N_LINES, @$), number_node(ps, @1, $1)); }
  | line_counts ',' NUMBER          { $$ = ADD($1, number_node(ps, @3, $3)); }
    ;

/* strings: STRING { ',' STRING } -- a node whose kids are STRING nodes */
strings:
    STRING                          { $$ = ADD(NODE(N_ALIAS, @$), text_node(ps, N_STRING, @1, $1)); }
  | strings ',' STRING              { $$ = ADD($1, text_node(ps, N_STRING, @3, $3)); }
    ;

/* board_stmts: { board_stmt SEP } */
board_stmts:
    %empty                          { $$ = NODE(N_BOARD, @$); }
  | board_stmts SEP                 { $$ = $1; }
  | board_stmts board_stmt SEP      { $$ = ADD($1, $2); }
  | board_stmts error SEP           { $$ = $1; yyerrok; }
    ;

board_stmt:
    GRID grid_dims grid_corner grid_diagonals
        {
            $$ = ADD(ADD($2, $3), $4);
            $$->span = @$;
            $$->span2 = @2;
        }
  | TRIANGLE APEX name POINTING NAME DEPTH NUMBER
        {
            $$ = ADD(text_node(ps, N_TRIANGLE, @$, $5), $3);
            $$->n = $7;
            $$->span2 = @7;
            $$->span3 = @5;
        }
  | POINT NAME AT coord coord
        {
            $$ = text_node(ps, N_POINT, @$, $2);
            $$->span2 = @2;
            $$->x = $4;
            $$->y = $5;
        }
  | LINE names                      { $$ = $2; $$->kind = N_LINE; $$->span = @$; }
  | region_stmt
  | if_head '{' board_stmts '}'     { $$ = ADD($1, $3); $$->span = @$; }
  | if_head '{' board_stmts '}' ELSE '{' board_stmts '}'
        { $$ = ADD(ADD($1, $3), $7); $$->span = @$; }
    ;

/* grid_dims: COLUMNS 'x' ROWS, as "5 x 5" or "5x5" -- a GRID node; the
 * word written between the numbers is kept for the compile step to check */
grid_dims:
    DIMS                            { $$ = NODE(N_GRID, @$); $$->n = $1.w; $$->n2 = $1.h; }
  | NUMBER NAME NUMBER
        {
            $$ = text_node(ps, N_GRID, @$, $2);
            $$->n = $1;
            $$->n2 = $3;
            $$->span3 = @2;
        }
  | NUMBER BY NUMBER                /* ("5 by 5": refused by the compile step, as any word) */
        {
            $$ = text_node(ps, N_GRID, @$, arena_strndup(ps->arena, "by", 2));
            $$->n = $1;
            $$->n2 = $3;
            $$->span3 = @2;
        }
    ;

grid_corner:
    %empty                          { $$ = NULL; }
  | AT name                         { $$ = $2; }
    ;

grid_diagonals:
    %empty                          { $$ = NULL; }
  | DIAGONALS NAME                  { $$ = text_node(ps, N_DIAGONALS, @2, $2); }
    ;

coord:
    NUMBER                          { $$ = (double)$1; }
  | REAL                            { $$ = $1; }
    ;

/* names: NAME { [','] NAME } -- a node whose kids are NAME nodes */
names:
    name                            { $$ = ADD(NODE(N_LINE, @$), $1); }
  | names name                      { $$ = ADD($1, $2); }
  | names ',' name                  { $$ = ADD($1, $3); }
    ;

name:
    NAME                            { $$ = text_node(ps, N_NAME, @$, $1); }
    ;

/* side_stmts: { side_stmt SEP } */
side_stmts:
    %empty                          { $$ = NODE(N_SIDE, @$); }
  | side_stmts SEP                  { $$ = $1; }
  | side_stmts side_stmt SEP        { $$ = ADD($1, $2); }
  | side_stmts error SEP            { $$ = $1; yyerrok; }
    ;

side_stmt:
    PIECE NAME NUMBER piece_opts
        {
            $$ = $4;
            $$->text = $2;
            $$->n = $3;
            $$->span = @$;
            $$->span2 = @3;
        }
  | NAME NAME                       /* forward up|down|left|right */
        {
            $$ = text_node(ps, N_FORWARD, @$, $1);
            $$->text2 = $2;
            $$->span2 = @1;
            $$->span3 = @2;
        }
  | NAME NAME set                   /* forward toward SET */
        {
            $$ = ADD(text_node(ps, N_FORWARD, @$, $1), $3);
            $$->text2 = $2;
            $$->span2 = @1;
            $$->span3 = @2;
        }
    ;

piece_opts:
    %empty                          { $$ = NODE(N_PIECE, @$); }
  | piece_opts STACKS               { $$ = $1; $$->flags |= RM_PIECE_STACKS; }
  | piece_opts STACKS IN SETUP      { $$ = $1; $$->flags |= RM_PIECE_STACKS | RM_PIECE_SETUP_ONLY; }
  | piece_opts SYMBOL STRING        { $$ = ADD($1, text_node(ps, N_STRING, @3, $3)); }
    ;

/* setup_stmts: { setup_stmt SEP } */
setup_stmts:
    %empty                          { $$ = NODE(N_SETUP, @$); }
  | setup_stmts SEP                 { $$ = $1; }
  | setup_stmts setup_stmt SEP      { $$ = ADD($1, $2); }
  | setup_stmts error SEP           { $$ = $1; yyerrok; }
    ;

setup_stmt:
    NAME AT set
        {
            $$ = ADD(text_node(ps, N_PLACE, @$, $1), $3);
            $$->n = 1;
            $$->span2 = @1;
        }
  | NAME NUMBER AT set
        {
            $$ = ADD(text_node(ps, N_PLACE, @$, $1), $4);
            $$->n = $2;
            $$->span2 = @1;
            $$->span3 = @2;
        }
  | NAME IN HAND NUMBER
        {
            $$ = text_node(ps, N_HAND, @$, $1);
            $$->n = $4;
            $$->span2 = @1;
            $$->span3 = @4;
        }
  | if_head '{' setup_stmts '}'     { $$ = ADD($1, $3); $$->span = @$; }
  | if_head '{' setup_stmts '}' ELSE '{' setup_stmts '}'
        { $$ = ADD(ADD($1, $3), $7); $$->span = @$; }
    ;

region_stmt:
    REGION NAME '=' set             { $$ = ADD(text_node(ps, N_REGION, @$, $2), $4); $$->span2 = @2; }
    ;

/* set: set_items [ EXCEPT set_items ] */
set:
    set_items                       { $$ = $1; }
  | set_items EXCEPT set_items      { $$ = $1; $3->kind = N_EXCEPT; $3->span = span_join(@2, @3); ADD($$, $3); $$->span = @$; }
    ;

set_items:
    set_item                        { $$ = ADD(NODE(N_SET, @$), $1); }
  | set_items set_item              { $$ = ADD($1, $2); $$->span = @$; }
  | set_items ',' set_item          { $$ = ADD($1, $3); $$->span = @$; }
    ;

set_item:
    name
  | ROW NUMBER                      { $$ = NODE(N_ROWS, @$); $$->n = $$->n2 = $2; }
  | ROWS NUMBER TO NUMBER           { $$ = NODE(N_ROWS, @$); $$->n = $2; $$->n2 = $4; }
  | COLUMN NAME                     { $$ = text_node(ps, N_COLUMNS, @$, $2); $$->text2 = $2; }
  | COLUMNS NAME TO NAME            { $$ = text_node(ps, N_COLUMNS, @$, $2); $$->text2 = $4; }
    ;

%%

/* Where the statements that start with these tokens belong, for a
 * statement written in another block: the first token, or a name and the
 * token after it (T0 NAME, T1 that token); IN, when not -1, the one block
 * the row is for (the first row that fits is taken); then the blocks it
 * belongs in, by the first token of the statement that opens them (0: the
 * top of the file). */
static const struct home {
    int in, t0, t1;
    int blocks[2];
} homes[] = {
    { -1, GAME, 0, { 0, -1 } },        { -1, ALIAS, 0, { 0, -1 } },
    { -1, ORIGIN, 0, { 0, -1 } },      { -1, SOURCE, 0, { 0, -1 } },
    { -1, NOTE, 0, { 0, -1 } },        { -1, BOARD, 0, { 0, -1 } },
    { -1, SIDE, 0, { 0, -1 } },        { -1, SETUP, 0, { 0, -1 } },
    { -1, OPTION, 0, { 0, -1 } },      { -1, RULES, 0, { 0, -1 } },
    { -1, PHASE, 0, { 0, -1 } },       { -1, EXAMPLE, 0, { 0, -1 } },
    { -1, REGION, 0, { 0, BOARD } },
    { -1, GRID, 0, { BOARD, -1 } },    { -1, TRIANGLE, 0, { BOARD, -1 } },
    { -1, POINT, 0, { BOARD, -1 } },   { -1, LINE, 0, { BOARD, -1 } },
    { -1, PIECE, 0, { SIDE, -1 } },
    { -1, FIRST, 0, { RULES, -1 } },   { -1, DRAW, 0, { RULES, -1 } },
    { -1, WHEN, 0, { RULES, -1 } },    { -1, NAME, LOSE, { RULES, -1 } },
    { -1, NAME, LOSES, { RULES, -1 } }, { -1, NAME, WHEN, { RULES, -1 } },
    { POSITION, TURN, 0, { EXAMPLE, -1 } },
    { -1, TURN, 0, { PHASE, -1 } },    { -1, ENDS, 0, { PHASE, -1 } },
    { -1, CAPTURES, 0, { PHASE, -1 } }, { -1, NAME, COMPULSORY, { PHASE, -1 } },
    { EXAMPLE, NAME, NUMBER, { POSITION, -1 } },
    { -1, NAME, AT, { SETUP, -1 } },   { -1, NAME, NUMBER, { SETUP, -1 } },
    { -1, NAME, IN, { SETUP, -1 } },
    { -1, QUOTE, 0, { EXAMPLE, -1 } }, { -1, AFTER, 0, { EXAMPLE, -1 } },
    { -1, WITH, 0, { EXAMPLE, -1 } },  { -1, LEGAL, 0, { EXAMPLE, -1 } },
    { -1, ILLEGAL, 0, { EXAMPLE, -1 } }, { -1, EMPTY, 0, { EXAMPLE, -1 } },
    { -1, RESULT, 0, { EXAMPLE, -1 } }, { -1, TURNS, 0, { EXAMPLE, -1 } },
    { -1, POSITION, 0, { EXAMPLE, -1 } }, { -1, NAME, ON, { EXAMPLE, -1 } },
    { -1, NAME, TO, { EXAMPLE, -1 } },
};

/* A block, as a message names it. */
static const char *block_name(int block)
{
    switch (block) {
    case 0: return "the top level of the file";
    case BOARD: return "the 'board' block";
    case SIDE: return "a 'side' block";
    case SETUP: return "the 'setup' block";
    case RULES: return "the 'rules' block";
    case PHASE: return "a 'phase'";
    case EXAMPLE: return "an 'example'";
    case POSITION: return "an example's 'position'";
    default: return "this block";
    }
}

/* When the token at LOC, the first of its statement or the second after a
 * name, makes a statement of another block, says where it belongs and
 * returns true. */
static bool report_misplaced(rm_lexer *lx, rm_parse_state *ps, const RMYYLTYPE *loc)
{
    const rm_stmt_start *st = &lx->stmt;
    if (lx->last_at.start != loc->start || st->n < 1 || st->n > 2)
        return false;
    int in = lexer_block(lx);
    bool forward = st->n == 2 && st->tok[0] == NAME && st->tok[1] == NAME && st->name &&
                   strcmp(st->name, "forward") == 0;
    const struct home *h = NULL;
    for (size_t i = 0; i < sizeof homes / sizeof homes[0] && !h && !forward; i++)
        if ((homes[i].in == -1 || homes[i].in == in) && homes[i].t0 == st->tok[0] &&
            (st->n == 1 ? homes[i].t1 == 0 : homes[i].t1 == st->tok[1]))
            h = &homes[i];
    static const struct home side = { -1, NAME, NAME, { SIDE, -1 } };
    if (forward)
        h = &side;
    if (!h || h->blocks[0] == in || h->blocks[1] == in)
        return false;
    /* the statement's words as written, blanks made one; a long name cut
     * at a whole UTF-8 character, and "..." */
    char words[64];
    size_t w = 0;
    uint32_t i = st->at, end = loc->end;
    /* (only its first line, without a comment: the message is one line) */
    for (uint32_t j = st->at; j < end; j++) {
        char c = lx->src->text[j];
        if (c == '\n' || c == '\r' || c == '#' || c == '\f' || c == '\v') {
            end = j;
            break;
        }
    }
    for (; i < end && w + 4 < sizeof words; i++) {
        char c = lx->src->text[i];
        bool blank = c == ' ' || c == '\t';
        if (!blank || (w > 0 && words[w - 1] != ' '))
            words[w++] = blank ? ' ' : c;
    }
    while (w > 0 && words[w - 1] == ' ')
        w--;
    if (i < end) {
        if (((unsigned char)lx->src->text[i] & 0xC0) == 0x80) { /* in a character */
            while (w > 0 && ((unsigned char)words[w - 1] & 0xC0) == 0x80)
                w--;
            if (w > 0)
                w--;
        }
        memcpy(words + w, "...", 3);
        w += 3;
    }
    words[w] = '\0';
    rm_span at = { st->at, loc->end };
    const char *where = h->blocks[1] == -1 ? "" : " or in ";
    const char *also = h->blocks[1] == -1 ? "" : block_name(h->blocks[1]);
    if (h->blocks[0] == 0)
        diag_error(ps->diag, at, "'%s' belongs at the top level of the file%s%s, not in %s: "
                   "is a '}' missing before it?", words, where, also, block_name(in));
    else
        diag_error(ps->diag, at, "'%s' belongs in %s%s%s, not %s%s", words,
                   block_name(h->blocks[0]), where, also, in == 0 ? "at " : "in ", block_name(in));
    lx->skip = true; /* the rest of the statement, its block whole (rmyylex) */
    return true;
}

/* The values a word takes, when the token at LOC should have been one
 * (after 'diagonals' or 'pointing'): says which and returns true. */
static bool report_missing_value(rm_lexer *lx, rm_parse_state *ps, const RMYYLTYPE *loc,
                                 yysymbol_kind_t got)
{
    if (lx->last_at.start != loc->start || got == YYSYMBOL_NAME)
        return false;
    if (lx->prev == DIAGONALS)
        diag_error(ps->diag, lx->prev_at, "'diagonals' takes a value: none, all or alternate");
    else if (lx->prev == POINTING)
        diag_error(ps->diag, lx->prev_at, "'pointing' takes a direction: up, down, left or right");
    else
        return false;
    return true;
}

/* Syntax errors: "syntax error, unexpected X, expecting A or B"; where a
 * statement stands in the wrong block, where it belongs; a plainer
 * message when a keyword stands where a name is expected. */
static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, rm_parse_state *ps)
{
    rm_lexer *lx = rmyyget_extra(scanner);
    if (lx->fatal)
        return 0;
    if (yypcontext_token(ctx) == YYSYMBOL_CURSOR) {
        ps->cursor_reached = true;
        return 0;
    }
    enum { MAX = 6 };
    yysymbol_kind_t expected[MAX];
    int n = yypcontext_expected_tokens(ctx, expected, MAX);
    yysymbol_kind_t got = yypcontext_token(ctx);
    const RMYYLTYPE *loc = yypcontext_location(ctx);
    if (got != YYSYMBOL_YYEOF && got != YYSYMBOL_YYEMPTY &&
        (report_missing_value(lx, ps, loc, got) || report_misplaced(lx, ps, loc)))
        return 0;
    bool wants_name = false;
    for (int i = 0; i < n; i++)
        wants_name |= expected[i] == YYSYMBOL_NAME;
    const char *gname = yysymbol_name(got);
    if (wants_name && gname[0] == '\'' && got != YYSYMBOL_YYEOF) {
        diag_error(ps->diag, *loc, "%s is a keyword of the language and cannot be a name here; "
                   "choose another name", gname);
        return 0;
    }
    char msg[512];
    size_t used = (size_t)snprintf(msg, sizeof msg, "syntax error, unexpected %s",
                                   got == YYSYMBOL_YYEMPTY ? "?" : gname);
    for (int i = 0; i < n && n > 0 && used < sizeof msg; i++)
        used += (size_t)snprintf(msg + used, sizeof msg - used, "%s%s",
                                 i == 0 ? ", expecting " : i == n - 1 ? " or " : ", ",
                                 yysymbol_name(expected[i]));
    diag_error(ps->diag, *loc, "%s", msg);
    return 0;
}

static void rmyyerror(RMYYLTYPE *loc, void *scanner, rm_parse_state *ps, const char *msg)
{
    if (((rm_lexer *)rmyyget_extra(scanner))->fatal)
        return; /* the scanner gave up and said why */
    diag_error(ps->diag, *loc, "%s", msg);
}

/* Parses SRC into *ROOT (NULL when nothing parsed); the tree of the
 * statements that parsed stays when others have syntax errors. Returns
 * bison's status (2: no memory), or -1 when the scanner could not start. */
/* Parses SRC into PS->root (NULL when nothing parsed); the tree of the
 * statements that parsed stays when others have syntax errors. With
 * PROBE (not 0), the text ends with the token PROBE, then CURSOR.
 * Returns bison's status (2: no memory), or -1 when the scanner could
 * not start. */
static int parse(const rm_source *src, rm_arena *arena, rm_diag *diag, rm_parse_state *ps,
                 int probe)
{
    rm_lexer *lx = arena_alloc(arena, sizeof *lx);
    if (!lx || lexer_init(lx, src, arena, diag) != 0) {
        diag_file_error(diag, "out of memory");
        if (lx)
            lexer_fini(lx);
        return -1;
    }
    lx->cursor = probe != 0;
    lx->probe = probe;
    ps->arena = arena;
    ps->diag = diag;
    int rc = rmyyparse(lx->scanner, ps);
    lexer_fini(lx);
    if (rc == 2)
        diag_file_error(diag, "out of memory while parsing");
    return rc;
}

rm_node *rm_parse(const rm_source *src, rm_arena *arena, rm_diag *diag)
{
    rm_parse_state ps = { 0 };
    int errors = diag->errors;
    int rc = parse(src, arena, diag, &ps, 0);
    if (rc != 0 || diag->errors > errors)
        return NULL;
    return ps.root;
}

rm_node *rm_parse_partial(const rm_source *src, rm_arena *arena, rm_diag *diag)
{
    rm_parse_state ps = { 0 };
    parse(src, arena, diag, &ps, 0);
    return ps.root;
}

/* Each token is tried at the cursor: the text is parsed up to it, then
 * the token, then CURSOR; the token may stand there when the parser takes
 * it and stops at CURSOR. (Bison's own list of expected tokens at an
 * error is short of the tokens its default reductions hide.) */
int rm_expected_at(const rm_source *src, uint32_t offset, const char **names, int max)
{
    rm_source cut = *src;
    cut.len = offset < src->len ? offset : src->len;
    int n = 0;
    for (int code = 0; code <= YYMAXUTOK && n < max; code++) {
        yysymbol_kind_t sym = YYTRANSLATE(code);
        if (sym == YYSYMBOL_YYUNDEF || sym == YYSYMBOL_YYerror || sym == YYSYMBOL_YYEOF ||
            sym == YYSYMBOL_CURSOR || sym == YYSYMBOL_SEP)
            continue;
        rm_arena *arena = arena_new();
        if (!arena)
            return -1;
        rm_diag quiet;
        diag_init(&quiet, &cut, NULL);
        rm_parse_state ps = { 0 };
        int rc = parse(&cut, arena, &quiet, &ps, code);
        arena_free(arena);
        if (rc < 0 || rc == 2)
            return -1;
        if (ps.cursor_reached)
            names[n++] = yysymbol_name(sym);
    }
    return n;
}

int rm_lex_tokens(const rm_source *src, rm_arena *arena, rm_diag *diag, int *tokens, int max)
{
    rm_lexer *lx = arena_alloc(arena, sizeof *lx);
    if (!lx || lexer_init(lx, src, arena, diag) != 0) {
        if (lx)
            lexer_fini(lx);
        return -1;
    }
    int n = 0;
    for (;;) {
        RMYYSTYPE val;
        RMYYLTYPE loc;
        int tok = rmyylex(&val, &loc, lx->scanner);
        if (tok == RMYYEOF || n == max)
            break;
        tokens[n++] = tok;
    }
    lexer_fini(lx);
    return n;
}

const char *rm_token_name(int token)
{
    int sym = YYTRANSLATE(token);
    return yysymbol_name(sym);
}

