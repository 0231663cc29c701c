/** The language of the site's pages and of what it writes itself (chapters, the described picture). */
export const PAGE_LANGUAGE = "en";
