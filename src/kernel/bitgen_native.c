/* bitgen_native.c: the text of a game's native kernel. Not compiled into
 * the program: kernel-text.sh makes a string of it and the headers it
 * includes, which native.c writes, with the game's constants beside it
 * (native_game.h: RM_NATIVE_WORDS, RM_NATIVE_KEY, RM_NATIVE_PATTERNS and
 * native_image, numbers only), into a private folder and compiles into a
 * shared object for that game alone. The code is bitgen_words.h's, the
 * library's own: only KC reads the game's numbers from a constant. */
#define RM_NATIVE 1
#include "bitgen_impl.h"
#include "native_game.h"

#define BW RM_NATIVE_WORDS
#define F(name) name##_native
#include "bitgen_words.h"

/* The one symbol the shared object exports: its entry points, the ABI
 * and the key it was built for, which the loader checks; CALLS: the
 * program's functions the kernel calls. */
__attribute__((visibility("default"))) const rm_native_entry *
rimau_native_entry(const rm_native_calls *calls);

const rm_native_entry *rimau_native_entry(const rm_native_calls *calls)
{
    static const rm_native_entry entry = {
        RM_NATIVE_ABI, sizeof(rm_bits), RM_NATIVE_KEY,
        { bits_count_native, bits_play_native, bits_neighbours_native },
    };
    native_end_turn_slow = calls->end_turn_slow;
    return &entry;
}
