import { redirect } from "@remix-run/node";

/** The site has no home page of its own: the directors' grid is the front door. */
export const loader = () => redirect("/artists/directors", 302);
