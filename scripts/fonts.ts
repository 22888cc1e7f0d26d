/**
 * The two faces of the design system (web/styles.css): the name the stylesheet uses under /fonts/ → the file in the
 * repository (node_modules). The build serves them from assets/ under content-hashed names.
 */
export const FONTS: Record<string, string> = {
  "plex-latin.woff2": "node_modules/@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-latin-wght-normal.woff2",
  "plex-latin-ext.woff2": "node_modules/@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-latin-ext-wght-normal.woff2",
  "plex-cyrillic.woff2": "node_modules/@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-cyrillic-wght-normal.woff2",
  "plex-greek.woff2": "node_modules/@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-greek-wght-normal.woff2",
  "instrument-serif-latin.woff2": "node_modules/@fontsource/instrument-serif/files/instrument-serif-latin-400-normal.woff2",
  "instrument-serif-latin-ext.woff2": "node_modules/@fontsource/instrument-serif/files/instrument-serif-latin-ext-400-normal.woff2",
  "instrument-serif-latin-italic.woff2": "node_modules/@fontsource/instrument-serif/files/instrument-serif-latin-400-italic.woff2",
};
