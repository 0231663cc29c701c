/**
 * A new artist as the editing screen's forms take her (Keystatic's, in `npm run edit` and the team's service alike):
 * her fields, each work in its group's dialog, and a file in each upload field; and the small films and pictures
 * the tests upload, made with ffmpeg as the media build's own tests make theirs.
 */
import { spawnSync } from "node:child_process";

import { expect, type Page } from "@playwright/test";

import { stillSending } from "#edit/fields/source-value.ts";
import { UPLOADS_PATH } from "#edit/upload-rules.ts";
import type { ArtistList } from "#model/artist-lists.ts";

/** A small test film or picture, made with ffmpeg as the media build's own tests make theirs. */
export function makeSource(file: string, input: string, frames: readonly string[]) {
  const made = spawnSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", input, ...frames, file]);
  expect(made.status, made.stderr.toString()).toBe(0);
}

/** A work as its dialog is filled: its name, link and film or photograph. */
export interface NewWork {
  name: string;
  url: string;
  file: string;
  /** Its dialog's Add is pressed while the file is still being sent, as a hurried editor would. */
  hurried?: true;
}

/** A new artist with a file in each of her upload fields: the grid's, each work's of both groups, the bio's. */
export interface NewArtist {
  list: ArtistList;
  id: string;
  name: string;
  order: number;
  /** The grid's upload field ("Clip" or "Photo") and its file. */
  grid: [label: string, file: string];
  recent: NewWork[];
  extraTitle: string;
  extra: NewWork[];
  bio: string;
  biography: string;
}

export const NEW_ARTISTS: readonly NewArtist[] = [
  {
    list: "directors",
    id: "ada-rowe",
    name: "Ada Rowe",
    order: 3,
    grid: ["Clip", "clip.mp4"],
    recent: [{ name: "Halden Ferries — Crossing", url: "https://vimeo.example/201", file: "work.mp4" }],
    extraTitle: "Table Top",
    extra: [{ name: "Ostra Coffee — Early", url: "https://vimeo.example/202", file: "work.mp4" }],
    bio: "portrait.jpg",
    biography: "Ada Rowe films people at work.\nA second line.",
  },
  {
    list: "photographers",
    id: "noor-hale",
    name: "Noor Hale",
    order: 9,
    grid: ["Photo", "photo.jpg"],
    recent: [
      { name: "Salt House — Harvest", url: "https://noor-hale.example/harvest", file: "still.jpg", hurried: true },
    ],
    extraTitle: "Portraits",
    extra: [{ name: "Kiln — Hands", url: "https://noor-hale.example/hands", file: "still.jpg" }],
    bio: "portrait.jpg",
    biography: "Noor Hale photographs food and the hands that make it.",
  },
];

/** Adds a work in its group's dialog, once its file is up (for a hurried one, after the Add refused while it was not). */
async function addWork(
  page: Page,
  group: number,
  { name, url, file, hurried }: NewWork,
  sources: (name: string) => string,
) {
  await page.getByRole("button", { name: "Add" }).nth(group).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Link" }).fill(url);
  // A hurried editor's file is held on its way until her Add has been answered.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  if (hurried)
    await page.route(`**${UPLOADS_PATH}/*`, async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.fallback();
    });
  await dialog.locator('input[type="file"]').setInputFiles(sources(file));
  if (hurried) {
    await expect(dialog.getByRole("progressbar")).toBeVisible();
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(dialog.getByText(stillSending(file))).toBeVisible();
    release();
  }
  // As the screen asks: each file is added once it is up (its upload id asked for, then its bytes sent).
  await expect(dialog.getByText(`${file} (`)).toContainText("made when you save");
  if (hurried) await page.unrouteAll();
  await dialog.getByRole("button", { name: "Add" }).click();
  // Keystatic's next dialog, opened while this one is still closing, would start with this one's values.
  await expect(dialog).toBeHidden();
}

/** Fills a new artist's form in `page`, each file sent as it is chosen, ready to be created. */
export async function fillArtist(page: Page, editOrigin: string, artist: NewArtist, sources: (name: string) => string) {
  await page.goto(`${editOrigin}/keystatic/collection/${artist.list}/create`);
  await page.getByRole("textbox", { name: "Order" }).fill(String(artist.order));
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(artist.name);
  await expect(page.getByRole("textbox", { name: "Id" })).toHaveValue(artist.id);
  await page.getByRole("textbox", { name: "Website" }).fill(`${artist.id}.example`);
  await page.getByRole("textbox", { name: "Instagram" }).fill(artist.id.replace("-", "."));
  await page.getByRole("textbox", { name: "Extra group title" }).fill(artist.extraTitle);
  await page.getByRole("textbox", { name: "Biography" }).fill(artist.biography);
  // The first Add is the recent works', the second the extra group's.
  for (const [group, works] of [artist.recent, artist.extra].entries())
    for (const work of works) await addWork(page, group, work, sources);
  for (const [label, file] of [artist.grid, ["Bio photo", artist.bio]]) {
    await page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles(sources(file));
    await expect(page.getByText(`${file} (`)).toContainText("made when you save");
  }
}
