/**
 * The edit section's film and its floor (edit-service.mjs): a one-minute 1080p film as a camera gives it, and
 * the same new director with that film as her clip added by hand in a clone: the film copied into media/, her
 * file written, `npm run media`, git add, commit, push.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { mediaSource } from "#model/media-paths.ts";
import { reapedCpuTime } from "./cpu-time.mjs";
import { BRANCH, commitOf, gitEnv, ROOT, run } from "./edit-service-instance.mjs";

/** Who commits by hand on the floor's side. */
const DEVELOPER = { name: "Dev Eloper", email: "dev@agency.example" };

/** As a camera gives it: 1080p at 25 fps, H.264 at 24 Mbit/s with its sound, one minute. */
export const FILM = { width: 1920, height: 1080, fps: 25, seconds: 60, videoMbits: 24 };
/**
 * The film is a few seconds encoded (noise over a test picture keeps x264 at the bitrate, as a camera's
 * grain does) and repeated by stream copy: a minute encoded whole takes this 2-core machine several minutes.
 * Two GOPs of 2 s, so each repeat starts on a keyframe.
 */
const SEGMENT_SECONDS = 4;

/** The film, made once and kept in the OS's temporary folder under its parameters: a second run takes it as it is. */
export async function filmOf() {
  const { width, height, fps, seconds, videoMbits } = FILM;
  const file = path.join(tmpdir(), `bench-edit-film-${width}x${height}-${fps}fps-${seconds}s-${videoMbits}M.mp4`);
  if (existsSync(file)) return file;
  console.error(`edit: making the film ${file} (once)`);
  const segment = `${file}.segment.mp4`;
  const part = `${file}.part.mp4`;
  const rate = `${videoMbits}M`;
  try {
    await run(
      "ffmpeg",
      [
        ["-v", "error", "-y"],
        ["-f", "lavfi", "-i", `testsrc2=s=${width}x${height}:r=${fps}:d=${SEGMENT_SECONDS}`],
        ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SEGMENT_SECONDS}`],
        ["-vf", "noise=alls=12:allf=t", "-c:v", "libx264", "-preset", "veryfast", "-g", String(fps * 2)],
        ["-b:v", rate, "-maxrate", rate, "-bufsize", rate, "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k"],
        [segment],
      ].flat(),
    );
    await run(
      "ffmpeg",
      [
        ["-v", "error", "-y", "-stream_loop", String(seconds / SEGMENT_SECONDS - 1), "-i", segment],
        ["-c", "copy", "-movflags", "+faststart", part],
      ].flat(),
    );
    // Renamed once whole: a run stopped halfway leaves nothing for the next to take as the film.
    await rename(part, file);
  } finally {
    await rm(segment, { force: true });
    await rm(part, { force: true });
  }
  return file;
}

/** The round's new director: her id, and the fields the screen is given and the floor writes. */
export function directorOf(round) {
  const id = `bench-film-${round}`;
  return { id, name: `Bench Film ${round}`, order: 30 + round, website: `${id}.example` };
}

/** Her file as the screen writes it for those fields, for the floor to write by hand (and follow-film.mjs to commit). */
export const entryFile = ({ id, name, order, website }) =>
  `---\nid: ${id}\norder: ${order}\nname: ${name}\ntitle: Director\nwebsite: ${website}\ninstagram: ''\nrecentWorkThumbs: []\nextraThumbs: []\n---\n`;

/** The floor's clone of its own bare remote, with this project's node_modules, `npm run media` run once untimed (as on a developer's machine). */
export async function floorClone(scratch) {
  const env = gitEnv(scratch);
  const remote = path.join(scratch, "floor-remote.git");
  const clone = path.join(scratch, "floor");
  await run("git", ["clone", "-q", "--bare", "--branch", BRANCH, ROOT, remote], { env });
  await run("git", ["clone", "-q", remote, clone], { env });
  await run("ln", ["-s", path.join(ROOT, "node_modules"), path.join(clone, "node_modules")]);
  await run("npm", ["run", "--silent", "media"], { cwd: clone, env });
  return { clone, env };
}

/** The same director and film by hand: the film copied into her slot and her file written, media made, committed, pushed. */
export async function floorRound({ clone, env }, film, round) {
  const director = directorOf(round);
  const slot = path.join(clone, `${mediaSource("directorClip", director.id)}.mp4`);
  const started = performance.now();
  await mkdir(path.dirname(slot), { recursive: true });
  await copyFile(film, slot);
  await writeFile(path.join(clone, `app/content/artists/directors/${director.id}.md`), entryFile(director));
  const placed = performance.now();
  // The bench runs nothing else to its end meanwhile: what its reaped children spent is the floor's.
  const cpuBefore = reapedCpuTime(process.pid);
  const media = await run("npm", ["run", "--silent", "media"], { cwd: clone, env });
  const made = performance.now();
  const git = (...args) => run("git", args, { cwd: clone, env });
  await git("add", "-A");
  const who = ["-c", `user.name=${DEVELOPER.name}`, "-c", `user.email=${DEVELOPER.email}`];
  await git(...who, "commit", "-q", "-m", `directors/${director.id}: create`);
  await git("push", "-q", "origin", BRANCH);
  const pushed = performance.now();
  const cpu = (reapedCpuTime(process.pid) - cpuBefore) / 1000;
  console.error(`edit: round ${round}, the floor's npm run media: ${media.split("\n").at(-1)}`);
  return {
    placed: placed - started,
    made: made - placed,
    pushed: pushed - placed,
    whole: pushed - started,
    cpu,
    commit: await commitOf(git, BRANCH, director.id),
  };
}
