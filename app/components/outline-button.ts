/** The classes of the selects' outlined buttons (and links set as buttons). */
export const OUTLINE_BUTTON = "border border-line px-4 py-2.5 text-xs uppercase tracking-label hover:border-paper";
