/**
 * The language the site's pages are written in: the html `lang`, and the language of what the
 * site writes itself (chapters, the described picture). A reel's transcript is shown in it first.
 */
export const PAGE_LANGUAGE = "en";
