/* rank_x.c: the ranking of rank_words.h compiled for x86-64 processors
 * with POPCNT and BMI2 (pext and pdep), which encode and decode (rank.c)
 * choose where the bit kernel would play on its code for them (rm_bits_x86),
 * as bitgen_w1x.c is to the kernel. Elsewhere it compiles to nothing. */
#if defined __x86_64__ && defined __GNUC__
#pragma GCC target("popcnt,bmi,bmi2")
#include "solve_impl.h"
/* (a compiler that takes the pragma says so by these: else, as rank.c) */
#if defined __BMI2__ && defined __POPCNT__
#define RANK_X 1
#endif
#define F(name) name##_x
#include "rank_words.h"
#else
typedef int rm_rank_x_empty; /* (ISO C: a file declares something) */
#endif
