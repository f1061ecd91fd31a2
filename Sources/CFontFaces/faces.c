// Cairo's faces of the pinned fonts, opened when Pango first asks for one.
//
// Pango makes each font's Cairo face with `cairo_ft_font_face_create_for_pattern`. A pattern
// without an FT_Face (FC_FT_FACE) makes Cairo open the file itself, as one of at most ten faces
// it keeps open for all threads; past ten, Cairo 1.16 closes one another thread may be using.
// A pattern with an FT_Face makes Cairo use that face and never close it. This definition
// comes before Cairo's in the loader's search order (the executable's own symbols come first),
// so every call Pango makes lands here: the pattern is given the source's face of its file,
// opened then, and handed to Cairo's own function. A render opens the few faces it draws
// with, not every pinned file's.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

#include <cairo-ft.h>
#include <fontconfig/fcfreetype.h>

#include "CFontFaces.h"

static _Atomic(shotter_face_source) face_source;

void shotter_set_face_source(shotter_face_source source) {
    atomic_store(&face_source, source);
}

typedef cairo_font_face_t *(*create_for_pattern)(FcPattern *);

/// Cairo's own `cairo_ft_font_face_create_for_pattern`: the next definition after this one.
static create_for_pattern cairos_create_for_pattern(void) {
    static _Atomic(create_for_pattern) cairos;
    create_for_pattern found = atomic_load(&cairos);
    if (found == NULL) {
        found = (create_for_pattern)dlsym(RTLD_NEXT, "cairo_ft_font_face_create_for_pattern");
        atomic_store(&cairos, found);
    }
    return found;
}

cairo_font_face_t *cairo_ft_font_face_create_for_pattern(FcPattern *pattern) {
    create_for_pattern cairos = cairos_create_for_pattern();
    if (cairos == NULL) return NULL;
    shotter_face_source source = atomic_load(&face_source);
    FT_Face face = NULL;
    FcChar8 *file = NULL;
    int index = 0;
    if (source == NULL || pattern == NULL
        || FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &face) == FcResultMatch
        || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) {
        return cairos(pattern);
    }
    FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
    face = (FT_Face)source((const char *)file, index);
    FcPattern *withFace = face == NULL ? NULL : FcPatternDuplicate(pattern);
    if (withFace == NULL || !FcPatternAddFTFace(withFace, FC_FT_FACE, face)) {
        if (withFace != NULL) FcPatternDestroy(withFace);
        return cairos(pattern);
    }
    // Cairo keeps no reference to a pattern that carries a face.
    cairo_font_face_t *made = cairos(withFace);
    FcPatternDestroy(withFace);
    return made;
}

int shotter_face_hook_is_active(void) {
    return dlsym(RTLD_DEFAULT, "cairo_ft_font_face_create_for_pattern") == (void *)cairo_ft_font_face_create_for_pattern;
}
