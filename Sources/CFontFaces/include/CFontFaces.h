#ifndef SHOTTER_CFONTFACES_H
#define SHOTTER_CFONTFACES_H

/// Where Cairo's FreeType faces of the pinned fonts come from (`faces.c`).
///
/// A source answers the face of font file `file`, face `index`, or NULL for a file that is not
/// one of its own; it is called on any thread, and a face it answers must live as long as the
/// process.
typedef void *(*shotter_face_source)(const char *file, int index);

/// Sets the source; before it is set, or when it answers NULL, Cairo opens the file itself.
void shotter_set_face_source(shotter_face_source source);

/// Whether Cairo's `cairo_ft_font_face_create_for_pattern`, as Pango calls it, is the one in
/// `faces.c`: true in an executable that links it (the loader looks there first).
int shotter_face_hook_is_active(void);

#endif
