/* bitgen_w2x.c: the bit kernel on point sets of 2 words (bitgen_words.h),
 * compiled for x86-64 processors with POPCNT and BMI2 (pdep, pext): chosen
 * at run time where the processor has them (bitgen.c, rm_bits_get), so
 * that a build for any x86-64 uses them. Elsewhere it compiles to
 * nothing. */
#if defined __x86_64__ && defined __GNUC__
#pragma GCC target("popcnt,bmi,bmi2")
#define BW 2
#define F(name) name##_w2x
#include "bitgen_words.h"
#else
typedef int rm_bitgen_w2x_empty; /* (ISO C: a file declares something) */
#endif
