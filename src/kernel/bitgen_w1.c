/* bitgen_w1.c: the bit kernel on point sets of 1 word (bitgen_words.h). */
#define BW 1
#include "bitgen_words.h"
