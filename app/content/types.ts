/** The types of the content as the app reads it: the model's (model/content.ts). */
export type * from "#model/content.ts";
