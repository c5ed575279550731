// Images and PNG files are part of the training library's API (datasets are folders of
// PNGs), kept in their own target so that the editor server writes corrections without
// linking training.
@_exported import PNGImages
