/** A reel's fields, in its file's order, with docs/content.md's and docs/reels.md's help. */
import { fields } from "@keystatic/core";

import { fromSlug } from "#edit/fields/from-slug.ts";
import { plainBody } from "#edit/fields/plain-body.tsx";
import { captionsUpload } from "#edit/fields/captions-upload.tsx";
import { sourceUpload } from "#edit/fields/source-upload.tsx";

const spot = fields.object({
  start: fields.number({
    label: "Starts at (s)",
    description: "Seconds into the reel: the first spot at 0, each after the one before.",
  }),
  artist: fields.relationship({
    label: "Director",
    description: "The director credited for the spot (a chapter of the reel).",
    collection: "directors",
  }),
  client: fields.text({ label: "Client" }),
  title: fields.text({ label: "Title" }),
  description: fields.text({
    label: "Described picture",
    description: "What is seen, in a sentence, read to visitors who cannot see it; optional.",
    multiline: true,
  }),
});

export function reelFields() {
  return {
    slug: fromSlug(),
    order: fields.integer({ label: "Order", description: "Its place on /collective-reels, lowest first." }),
    title: fields.slug({
      name: { label: "Title" },
      slug: {
        label: "Address",
        description:
          "The reel's address on the site (/{slug}): lowercase words joined by hyphens, none of the site's own pages (clients, contact, …).",
      },
    }),
    film: sourceUpload({
      label: "Film",
      description:
        "The reel itself (any shape and frame rate; never cropped): the MP4, the HLS ladder, the poster, the animated thumbnail and the seek-bar thumbnails are made from it.",
      kind: "reel",
      accept: "video",
      status: true,
    }),
    captions: captionsUpload({
      label: "Captions",
      description:
        "A captions file (WebVTT .vtt, or SubRip .srt) in one language: it replaces the reel's file in that language, if it has one, and is checked as the content check does (docs/reels.md). The reel's files are listed below, each with its Remove. One language a save.",
    }),
    autoplay: fields.checkbox({
      label: "Starts by itself",
      description: "Muted: browsers refuse to start a film with sound by itself.",
    }),
    controls: fields.checkbox({
      label: "Player controls",
      description: "A reel with neither controls nor autoplay could never start: the check refuses it.",
      defaultValue: true,
    }),
    posterAt: fields.number({
      label: "Poster at (s)",
      description: "The moment the poster shows and the animated thumbnail starts from; 1.6 s if empty.",
    }),
    duration: fields.number({
      label: "Length (s)",
      description: "Leave empty: the site takes the film's own length (one stated must agree within 0.5 s).",
    }),
    spots: fields.array(spot, {
      label: "Spots",
      description: "The spots the reel is cut from, in order: its chapters, credits and ?t= moments.",
      itemLabel: (props) => `${props.fields.start.value ?? "?"} s · ${props.fields.title.value || "New spot"}`,
    }),
    uploadDate: fields.date({ label: "Published", description: "When the reel was published." }),
    description: plainBody({ label: "Description", description: "Shown under the reel, line breaks kept." }),
  };
}
