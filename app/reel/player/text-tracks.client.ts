/**
 * The reel player's captions and described picture: the visitor's choice kept for the next reel,
 * the described picture announced to screen readers, and the captions settings built on first use.
 */
import type { Player } from "./videojs.client.ts";

/** The choice, in localStorage: a captions language (or none) and whether descriptions show. */
const CHOICE_KEY = "reel-text-tracks";

interface Choice {
  captions: string | null;
  descriptions: boolean;
}

/** video.js's text tracks as the DOM's (its own list has the same shape, untyped in its types). */
function textTracks(player: Player): TextTrack[] {
  const list = player.textTracks() as unknown as ArrayLike<TextTrack>;
  return Array.from(list);
}

/** Captions, or subtitles, which video.js's captions menu lists alike. */
const isCaptions = (track: TextTrack) => track.kind === "captions" || track.kind === "subtitles";

function readChoice(): Choice | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "null") as Partial<Choice> | null;
    if (!stored || typeof stored !== "object") return undefined;
    return {
      captions: typeof stored.captions === "string" ? stored.captions : null,
      descriptions: stored.descriptions === true,
    };
  } catch {
    // Storage refused (private mode) or a value from elsewhere: no choice to restore.
    return undefined;
  }
}

/**
 * Shows the captions language and the descriptions the visitor chose on an earlier reel, then
 * remembers every change they make here. A language this reel lacks leaves captions off.
 *
 * A choice is stored as it is made. video.js's list says "change" a tick after a mode changes
 * (queued, so that one choice makes one event), and a page left within that tick never hears
 * it: a visitor going on to the next reel at once took no captions there (in loaded test runs
 * the page went 27–45 ms after the choice, the tick not yet come). For its own tracks (those it
 * draws: Chromium, Firefox) video.js also says "selectedlanguagechange" at once, as a captions or
 * descriptions track's mode changes; "change" stays for the browser's own (Safari), which don't.
 */
export function rememberTextTrackChoice(player: Player) {
  const list = player.textTracks() as unknown as EventTarget;
  const choice = readChoice();
  let restoring = false;
  // The page's <track>s join video.js's list as its tech takes them in, now or a moment later.
  const restore = (track: TextTrack) => {
    if (!choice) return;
    restoring = true;
    if (isCaptions(track)) track.mode = track.language === choice.captions ? "showing" : "disabled";
    if (track.kind === "descriptions") track.mode = choice.descriptions ? "showing" : "disabled";
    restoring = false;
  };
  const remember = () => {
    // One track restored of several is not yet a choice (the rest may follow in the same task).
    if (restoring) return;
    const tracks = textTracks(player);
    const captions = tracks.find((track) => isCaptions(track) && track.mode === "showing");
    const next: Choice = {
      captions: captions?.language ?? null,
      descriptions: tracks.some((track) => track.kind === "descriptions" && track.mode === "showing"),
    };
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(next));
    } catch {
      // Not stored: the choice lasts for this reel.
    }
  };
  textTracks(player).forEach(restore);
  list.addEventListener("addtrack", (event) => restore((event as TrackEvent).track as TextTrack));
  list.addEventListener("selectedlanguagechange", remember);
  list.addEventListener("change", remember);
}

/**
 * While the described picture is on, each of its cues is put in `region` (a polite live region) as
 * its spot begins, so a screen reader reads it without taking the visitor's focus. video.js says
 * "texttrackchange" when a showing track's cues change, and when a track is turned on or off.
 */
export function announceDescriptions(player: Player, region: HTMLElement) {
  player.on("texttrackchange", () => {
    const showing = textTracks(player).find((track) => track.kind === "descriptions" && track.mode === "showing");
    const cues = Array.from(showing?.activeCues ?? []) as VTTCue[];
    // As the picture shows it: markup and entities resolved.
    const text = cues.map((cue) => cue.getCueAsHTML().textContent ?? "").join(" ");
    if (text !== region.textContent) region.textContent = text;
  });
}

/** Where video.js keeps the captions settings a visitor chose. */
const SETTINGS_KEY = "vjs-text-track-settings";

/**
 * video.js's captions settings (size, colour, background) are a dialog of some hundred elements:
 * built when the visitor first reaches the captions button (pointer or keyboard), not on every
 * page's arrival, then listed in its menu; at once for a visitor who chose settings before, so the
 * captions show as they chose (video.js keeps them in localStorage).
 */
export function captionsSettingsOnFirstUse(player: Player) {
  const button = player.getChild("ControlBar")?.getChild("SubsCapsButton") as
    (ReturnType<Player["getChild"]> & { update(): void }) | undefined;
  const element = button?.el();
  if (!button || !element) return;
  const build = () => {
    element.removeEventListener("pointerdown", build, true);
    element.removeEventListener("focusin", build, true);
    if (player.getChild("TextTrackSettings")) return;
    // As video.js's own set-up does for the children it builds at once: the captions display
    // reads the settings from this property.
    Object.assign(player, {
      textTrackSettings: player.addChild("TextTrackSettings", { persistTextTrackSettings: true }),
    });
    button.update();
    player.trigger("texttrackchange");
  };
  let chosenBefore = false;
  try {
    chosenBefore = localStorage.getItem(SETTINGS_KEY) !== null;
  } catch {
    // Storage refused: nothing was kept.
  }
  if (chosenBefore) build();
  else {
    element.addEventListener("pointerdown", build, true);
    element.addEventListener("focusin", build, true);
  }
}
