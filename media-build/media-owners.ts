/** The content's entries that have media files, in content order: what each kind's row makes a job for. */
import type { Artist } from "#model/content.ts";
import { type ArtistList, WORK_PLACE } from "#model/artist-lists.ts";
import type { MediaPlace } from "#model/media-kinds.ts";
import { namedSources } from "#model/media-paths.ts";
import type { Focus } from "#media-build/recipes/probe.ts";
import type { MediaContent, SourceOf } from "./kinds.ts";

/** An entry's choices that shape its files (a clip's start, a poster's moment, a crop's focus): part of their recipes. */
export interface Choices {
  start?: number;
  at?: number;
  focus?: Focus;
}

/** An entry with a file of each kind of its place (model/media-kinds.ts). */
export interface MediaOwner {
  place: MediaPlace;
  /** The id or slug that fixes its files' paths and sources, and the work's number (1 up), if it is a work. */
  id: string;
  work: number;
  /** Its one file and that file's source, where the content names the file rather than an id fixing it. */
  named?: { site: string; source: string };
  choices: Choices;
  /** What its sources are of, for the demo (demo/) to draw. */
  of: SourceOf;
}

/** An artist and their works, numbered as their paths are (artist-shape.ts): the recent ones, then the extra ones. */
function artistOwners(artist: Artist, list: ArtistList): MediaOwner[] {
  const works = [...artist.recentWorkThumbs, ...(artist.extraThumbs ?? [])];
  const director = list === "directors";
  const choices = director ? { start: artist.clipStart, focus: artist.focus } : { focus: artist.focus };
  const work = WORK_PLACE[list];
  return [
    { place: list, id: artist.id, work: 0, choices, of: { kind: director ? "directorClip" : "photograph", artist } },
    ...works.map((thumb, index): MediaOwner => ({
      place: work,
      id: artist.id,
      work: index + 1,
      choices: { focus: thumb.focus },
      of: { kind: work, artist, index },
    })),
  ];
}

/** Every entry of `content` with media files: the order of the jobs and of the demo's sources. */
export function mediaOwners(content: MediaContent): MediaOwner[] {
  const artists = [...content.directors, ...content.photographers];
  return [
    ...content.directors.flatMap((artist) => artistOwners(artist, "directors")),
    ...content.photographers.flatMap((artist) => artistOwners(artist, "photographers")),
    ...artists.flatMap((artist): MediaOwner[] =>
      artist.bioPhoto ? [{ place: "bio", id: artist.id, work: 0, choices: {}, of: { kind: "bioPhoto", artist } }] : [],
    ),
    ...(content.agentPhoto
      ? [
          {
            place: "bio",
            id: "",
            work: 0,
            named: { site: content.agentPhoto, source: namedSources.agentPhoto },
            choices: {},
            of: { kind: "agentPhoto" },
          } satisfies MediaOwner,
        ]
      : []),
    ...content.reels.map((reel): MediaOwner => ({
      place: "reel",
      id: reel.slug,
      work: 0,
      choices: { at: reel.posterAt },
      of: { kind: "reel", reel },
    })),
    ...content.clientLogos.map((client): MediaOwner => ({
      place: "clientLogo",
      id: "",
      work: 0,
      named: { site: client.logo, source: namedSources.clientLogo(client.logo) },
      choices: {},
      of: { kind: "logo", client },
    })),
  ];
}
