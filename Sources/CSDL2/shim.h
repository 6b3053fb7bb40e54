#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
// SDL2 for Swift. Keep SDL away from main() (explicit on Linux, needed elsewhere).
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>

// Compound macros that Swift's importer does not bring in.
static const int CSDL2_WINDOWPOS_CENTERED = (int)SDL_WINDOWPOS_CENTERED;
static inline Uint32 CSDL2_BUTTON_MASK(Uint32 button) { return SDL_BUTTON(button); }

#endif
