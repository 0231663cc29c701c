/** Text escaped for HTML, in an element or a quoted attribute: the pages the servers write by hand (the editing screen's corners, its views, the sign-in's pages). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
