#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
// FreeType (apt: libfreetype-dev) for the sandbox's TrueType text; include path from pkg-config freetype2.
#include <ft2build.h>
#include FT_FREETYPE_H

// FT_LOAD_TARGET_LIGHT is a function-like macro (not imported into Swift): load, hint lightly (vertical only, so
// baselines and x-heights sit on whole pixels while shapes keep their widths) and render 8-bit coverage.
static const FT_Int32 CFreeType_loadRenderLight = FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT;
#endif
