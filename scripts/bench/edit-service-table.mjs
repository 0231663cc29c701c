/**
 * The edit section's table (edit-service.mjs), each figure next to its goal, and the line a round under it that
 * says whether the service's commit and the floor's hold the same work. docs/benchmarks.md says how to read it.
 */
import { mark, median } from "./shared.mjs";
import { TEAM_GOALS } from "./edit-service-team.mjs";

/**
 * Goals. The film's upload: at least 40 MB/s on loopback, where the line costs nothing, so the service is not
 * what an editor waits for on an office's 100–300 Mbit/s line (12–38 MB/s). The save's answer: within 2 s, the
 * time an editor waits for a button without wondering. Save → media made and → pushed: at most 1.5× the floor
 * (the same work by hand), as the reels' start is against a bare <video>: the service may add its checks,
 * its git and its queue, not a second build. The team's day: edit-service-team.mjs.
 */
const GOALS = { uploadMBps: 40, answerMs: 2_000, ratio: 1.5, ...TEAM_GOALS };

const succeeded = (results) => results.filter((result) => result.error === undefined);

/** Seconds as the table shows them: the median of the rounds that succeeded, their range, and how many failed. */
function secondsCell(results, field) {
  const values = succeeded(results).map((result) => result[field]);
  const failed = results.length - values.length;
  if (values.length === 0) return { text: "✗ all failed", value: undefined };
  const s = (ms) => (ms / 1000).toFixed(1);
  const range = values.length > 1 ? ` (${s(Math.min(...values))}–${s(Math.max(...values))})` : "";
  return { text: `${s(median(values))}${range}${failed ? `, ${failed} failed` : ""}`, value: median(values) };
}

/** The value at or under which `share` of `values` lie (nearest rank). */
const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.ceil(share * values.length) - 1];

/** A row of the service's alone, with no floor to compare it with. */
const row = (figure, ours, goal) => ({ figure, "the service": ours, "the floor": "-", ratio: "-", goal });

/** The rows of a team's day: the second editor's save in each round, then `team`'s text saves and memory. */
function teamRows(service, team) {
  const rows = [];
  const seconds = succeeded(service).map(({ second }) => second);
  const answered = secondsCell(seconds, "answered");
  const landed = succeeded(seconds);
  const first = landed.filter(({ first: before }) => before).length;
  rows.push(
    row(
      "a second editor's text save while the film is made: Save pressed → its answer, s; his commit on the remote before the film's",
      answered.value === undefined
        ? answered.text
        : `${answered.text} ${mark(answered.value <= GOALS.secondAnswerMs)}; before it in ${first} of ${landed.length} ${mark(first === landed.length)}`,
      `≤ ${GOALS.secondAnswerMs / 1000} s; before it`,
    ),
  );
  const mib = (value) => Math.round(value);
  if (team.error !== undefined) {
    rows.push(row("a one-field text save, its answer; memory over text saves and at rest", `✗ ${team.error}`, "-"));
    return rows;
  }
  const { saves, rest } = team;
  if (saves.error !== undefined)
    rows.push(row("a one-field text save, its answer; the memory over text saves", `✗ ${saves.error}`, "-"));
  else {
    const { resting, answers, before, after, count } = saves;
    const ms = Math.round;
    const atRest = median(resting);
    const backToBack = median(answers);
    rows.push(
      row(
        `a one-field text save → its answer, ms: at rest (${resting.length}, each once the preview is rebuilt): median (range); ` +
          `back to back (${count}, the preview rebuilt throughout): median / p90 (highest)`,
        `${ms(atRest)} (${ms(Math.min(...resting))}–${ms(Math.max(...resting))}) ${mark(atRest <= GOALS.textAnswerMs)}; ` +
          `${ms(backToBack)} / ${ms(percentile(answers, 0.9))} (${ms(Math.max(...answers))}) ${mark(backToBack <= GOALS.textAnswerMs)}`,
        `≤ ${GOALS.textAnswerMs} ms (each median)`,
      ),
    );
    const perSave = (from, to) => {
      const each = (to.total - from.total) / count;
      return `${mib(from.total)} → ${mib(to.total)}, ${each >= 0 ? "+" : ""}${each.toFixed(2)} a save`;
    };
    const held = (after.total - before.total) / count;
    rows.push(
      row(
        `the service's memory MiB over ${count} text saves, before → after, each after a full garbage collection ` +
          `(its Node and children, not its preview); before it, uncollected`,
        `${perSave(before, after)} ${mark(held <= GOALS.perSaveMiB)} (its Node ${mib(before.own)} → ${mib(after.own)}); ` +
          `uncollected ${perSave(before.uncollected, after.uncollected)}`,
        `≤ ${GOALS.perSaveMiB} MiB a save, held`,
      ),
    );
  }
  const { away } = team;
  rows.push(
    row(
      "the git remote away 10 s while 3 text saves are made: their answers, ms; its return → the last on it, s",
      away.error !== undefined
        ? `✗ ${away.error}`
        : `${away.answers.map(Math.round).join(", ")}; ${(away.returnedMs / 1000).toFixed(1)} ${mark(away.returnedMs <= GOALS.remoteBackMs)}`,
      `≤ ${GOALS.remoteBackMs / 1000} s`,
    ),
  );
  rows.push(
    row(
      "memory MiB at rest, everything the service started (its preview too)",
      rest.error !== undefined
        ? `✗ ${rest.error}`
        : `${mib(rest.total)} ${mark(rest.total <= GOALS.restMiB)} (the service ${mib(rest.service)}, its preview ${mib(rest.preview)})`,
      `≤ ${GOALS.restMiB} MiB`,
    ),
  );
  return rows;
}

export function table(service, floor, filmBytes, team) {
  const rows = [];
  const compared = (figure, serviceField, floorField = serviceField, judged = true) => {
    const ours = secondsCell(service, serviceField);
    const theirs = secondsCell(floor, floorField);
    const ratio = ours.value !== undefined && theirs.value !== undefined ? ours.value / theirs.value : undefined;
    rows.push({
      figure,
      "the service": ours.text,
      "the floor": theirs.text,
      ratio: ratio === undefined ? "-" : `${ratio.toFixed(2)}×${judged ? ` ${mark(ratio <= GOALS.ratio)}` : ""}`,
      goal: judged ? `≤ ${GOALS.ratio}×` : "-",
    });
  };
  const upload = secondsCell(service, "placed");
  const mbps = upload.value === undefined ? undefined : filmBytes / 1e6 / (upload.value / 1000);
  rows.push({
    figure: "film chosen → uploaded, s (the floor: copied into media/)",
    "the service":
      mbps === undefined ? upload.text : `${upload.text}, ${mbps.toFixed(0)} MB/s ${mark(mbps >= GOALS.uploadMBps)}`,
    "the floor": secondsCell(floor, "placed").text,
    ratio: "-",
    goal: `≥ ${GOALS.uploadMBps} MB/s`,
  });
  const answer = secondsCell(service, "answered");
  rows.push(
    row(
      "Save pressed → its answer, s",
      `${answer.text}${answer.value === undefined ? "" : ` ${mark(answer.value <= GOALS.answerMs)}`}`,
      `≤ ${GOALS.answerMs / 1000} s`,
    ),
  );
  compared("Save pressed → media made, s (the floor: npm run media)", "made");
  compared("Save pressed → pushed, s (the floor: media, add, commit, push)", "pushed");
  compared("film chosen → pushed, s (the floor: copy to push)", "whole", "whole", false);
  compared("CPU s, Save pressed → pushed (the service: all it runs, its preview too)", "cpu");
  const highest = (phase) => {
    const values = succeeded(service).map((result) => result.memory[phase]);
    return values.length ? Math.round(Math.max(...values)) : "-";
  };
  rows.push(
    row(
      "the service's memory MiB, at rest / uploading / saving (its Node and ffmpegs, not its preview)",
      `${highest("rest")} / ${highest("upload")} / ${highest("save")}`,
      "-",
    ),
  );
  return [...rows, ...teamRows(service, team)];
}

/** Whether each round's two commits hold the same files and the same entry: the ratios compare the same work only then. */
export function sameWork(service, floor) {
  return service.flatMap((ours, index) => {
    const theirs = floor[index];
    if (ours.commit === undefined || theirs?.commit === undefined) return [];
    const only = (a, b) => a.files.filter((file) => !b.files.includes(file));
    const differences = [
      ...only(ours.commit, theirs.commit).map((file) => `only the service's commit has ${file}`),
      ...only(theirs.commit, ours.commit).map((file) => `only the floor's commit has ${file}`),
      ...(ours.commit.entry === theirs.commit.entry ? [] : ["her entry's file differs"]),
    ];
    const round = `round ${index + 1}`;
    return differences.length === 0
      ? [`${round}: both commits hold the same ${ours.commit.files.length} files, her entry byte for byte`]
      : differences.map((difference) => `${round}: ${difference}`);
  });
}
