/** A director's or photographer's fields, in their files' order, with docs/content.md's help. */
import { type ComponentSchema, fields } from "@keystatic/core";

import { ARTIST_TITLES, type ArtistList, artistUrl, listHasField } from "#model/artist-lists.ts";

import { fromSlug } from "#edit/fields/from-slug.ts";
import { focusPoint } from "#edit/fields/focus-point.tsx";
import { plainBody } from "#edit/fields/plain-body.tsx";
import { sourceUpload } from "#edit/fields/source-upload.tsx";
import { textOrEmpty } from "#edit/fields/text-or-empty.tsx";

function workThumb(folder: ArtistList) {
  const film = folder === "directors";
  return fields.object({
    name: fields.text({
      label: "Name",
      description: "The work's title as the tile shows it, e.g. Ferro Cucina — “Sunday Sauce”.",
    }),
    [film ? "film" : "photo"]: sourceUpload(
      film
        ? {
            label: "Film",
            description:
              "The work's film (1.5 s or more): its tile is a 2.5 s looping animation (480×270) and its first frame.",
            kind: "directorWork",
            accept: "video",
          }
        : {
            label: "Photograph",
            description: "The work's photograph: cropped to a 600×750 tile around its subject.",
            kind: "photographerWork",
            accept: "image",
          },
    ),
    url: fields.text({
      label: "Link",
      description: "Where the tile leads: a full https:// link, e.g. https://vimeo.com/123.",
    }),
    focus: focusPoint({
      label: "Crop point",
      description: "Where the tile is cropped around; empty for the middle or the subject found.",
    }),
  });
}

const workList = (folder: ArtistList, label: string, description: string) =>
  fields.array(workThumb(folder), { label, description, itemLabel: (props) => props.fields.name.value || "New work" });

/**
 * The fields of `form` that a file of `folder` may have: a photographer has no grid clip to start or
 * shift. Typed as the director's form by name (the grid upload's name differs by list): Keystatic's
 * types read only the slug and column fields' names from it, which both lists have.
 */
function ownFields<Form extends Record<string, ComponentSchema>>(folder: ArtistList, form: Form) {
  return Object.fromEntries(Object.entries(form).filter(([field]) => listHasField(folder, field))) as {
    [Field in keyof Form as string extends Field ? never : Field]: Form[Field];
  };
}

export function artistFields(folder: ArtistList) {
  const film = folder === "directors";
  const form = {
    id: fromSlug(),
    order: fields.integer({
      label: "Order",
      description: "The artist's place in the grid, lowest first (ties in order of id): the others keep theirs.",
    }),
    name: fields.slug({
      name: { label: "Name", description: "As the grid and the artist's page show it." },
      slug: {
        label: "Id",
        description: `The artist's page's address (${artistUrl(folder, "{id}")}), made from the name: lowercase words joined by hyphens. It cannot be one already on the roster.`,
      },
    }),
    title: fields.select({
      label: "Title",
      description: "Shown under the name.",
      options: ARTIST_TITLES.map((title) => ({ label: title, value: title })),
      defaultValue: film ? "Director" : "Photographer",
    }),
    // An upload writes no field: shown here, where the tile's (hidden) paths are.
    [film ? "clip" : "photo"]: sourceUpload(
      film
        ? {
            label: "Clip",
            description:
              "Any film of the artist's, 2 s or more: the grid tile is a muted 4 s loop (640×360) from the clip start, and its first frame is the phone still.",
            kind: "directorClip",
            accept: "video",
            status: true,
          }
        : {
            label: "Photo",
            description:
              "The grid photo: a 960×1200 desktop crop and a 720×720 phone crop are made around its subject.",
            kind: "photograph",
            accept: "image",
            status: true,
          },
    ),
    website: fields.text({
      label: "Website",
      description: "The artist's own site as a bare host, without https:// or a path: jane-doe.example.",
    }),
    instagram: textOrEmpty({
      label: "Instagram",
      description: "The artist's handle without @ (empty hides the link).",
    }),
    recentWorkThumbs: workList(
      folder,
      "Recent work",
      "The tiles under “Recent Work” on the artist's page; may be empty.",
    ),
    extraThumbsTitle: fields.text({
      label: "Extra group title",
      description:
        "A second group of tiles on the artist's page with its own title (e.g. Table Top): give both the title and the tiles, or neither.",
    }),
    extraThumbs: workList(folder, "Extra group", "The tiles of the extra group."),
    cssVideoTop: fields.integer({
      label: "Clip offset (px)",
      description: "Shifts the grid clip up or down by this many pixels; leave empty unless the clip needs it.",
    }),
    focus: focusPoint({
      label: "Crop point",
      description: film
        ? "Where the grid clip is cropped around, instead of the middle of the film; empty for that."
        : "Where the grid photo is cropped around, instead of the subject found in it; empty for that.",
    }),
    clipStart: fields.number({
      label: "Clip start (s)",
      description:
        "Where the 4 s grid clip (and its phone still, the clip's first frame) starts in the film; 1 s if empty.",
    }),
    bioPhoto: sourceUpload({
      label: "Bio photo",
      description: "Shown beside the biography: a 600×750 crop around its subject.",
      kind: "bioPhoto",
      accept: "image",
      written: () => true,
    }),
    biography: plainBody({
      label: "Biography",
      description: "Shown under “Bio:” on the artist's page, line breaks kept.",
    }),
  };
  return ownFields(folder, form);
}
