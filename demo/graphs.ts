/** The demo's ffmpeg filtergraphs: a slow virtual camera over the SVG plates, a seeded light leak and film grain. */
import { ffColor, type Palette } from "./palette.ts";
import type { Rng } from "./seed.ts";

/** Zoom and centre offset (fractions of the frame) as ffmpeg expressions of the time `t`. */
export interface Camera {
  zoom(t: string): string;
  dx(t: string): string;
  dy(t: string): string;
}

const f = (value: number): string => value.toFixed(4);

/** A gentle periodic float (one full cycle per `period` seconds), so loops line up exactly. */
export function driftCamera(period: number, r: Rng): Camera {
  const phase = r.range(0, Math.PI * 2);
  const w = `2*PI/${f(period)}`;
  return {
    zoom: (t) => `(1.06+0.012*sin(${w}*${t}+${f(phase)}))`,
    dx: (t) => `(0.01*sin(${w}*${t}+${f(phase + 1.3)}))`,
    dy: (t) => `(0.008*cos(${w}*${t}+${f(phase)}))`,
  };
}

/** A steady push-in, pull-out or pan across `seconds`, as for one shot of a showreel. */
export function moveCamera(seconds: number, r: Rng): Camera {
  const [z0, z1] = r.chance(0.6) ? [1.04, r.range(1.1, 1.16)] : [r.range(1.1, 1.14), 1.04];
  // Stay inside the frame: at zoom z the window may move (1 - 1/z) / 2 either way.
  const room = (1 - 1 / 1.04) / 2;
  const [x0, x1, y0, y1] = [
    r.range(-room, room),
    r.range(-room, room),
    r.range(-room, room) * 0.6,
    r.range(-room, room) * 0.6,
  ];
  const lerp = (a: number, b: number) => (t: string) => `(${f(a)}+${f(b - a)}*${t}/${f(seconds)})`;
  return { zoom: lerp(z0, z1), dx: lerp(x0, x1), dy: lerp(y0, y1) };
}

/** A still image on input `input`, repeated for `frames` frames and filmed by `camera`. */
function filmedPlate(input: number, fps: number, frames: number, camera: Camera, interpolation = "cubic"): string {
  const t = `(in/${fps})`;
  const [z, dx, dy] = [camera.zoom(t), camera.dx(t), camera.dy(t)];
  const left = `(W/2+W*${dx}-W/(2*${z}))`;
  const right = `(W/2+W*${dx}+W/(2*${z}))`;
  const top = `(H/2+H*${dy}-H/(2*${z}))`;
  const bottom = `(H/2+H*${dy}+H/(2*${z}))`;
  return (
    `[${input}:v]format=gbrp,settb=1/${fps},loop=loop=-1:size=1,setpts=N,trim=end_frame=${frames},` +
    `perspective=x0='${left}':y0='${top}':x1='${right}':y1='${top}':x2='${left}':y2='${bottom}':x3='${right}':y3='${bottom}':interpolation=${interpolation}:eval=frame`
  );
}

export interface Light {
  seed: number;
  /** Rotation of the gradient axis, radians per second. */
  speed: number;
  opacity: number;
  /** Gradient axis end points as fractions of the frame, so every size shows the same light. */
  axis: [number, number, number, number];
}

export function pickLight(r: Rng): Light {
  return {
    seed: r.seed(),
    speed: r.range(0.15, 0.35),
    opacity: r.range(0.18, 0.28),
    axis: [r.next(), r.next(), r.next(), r.next()],
  };
}

/** Seeded moving gradients in the palette, to be screened over the plate like a light leak. */
function lightLeak(w: number, h: number, fps: number, frames: number, p: Palette, light: Light): string {
  const colors = [p.accent, p.deep, p.mid, p.deep].map((c, i) => `c${i}=${ffColor(c)}`).join(":");
  const [x0, y0, x1, y1] = light.axis;
  const axis = `x0=${Math.round(x0 * w)}:y0=${Math.round(y0 * h)}:x1=${Math.round(x1 * w)}:y1=${Math.round(y1 * h)}`;
  // Linear only: the source's other types show rings or a pinch point at their centre.
  // The source turns the axis by `speed` radians per frame.
  return `gradients=s=${w}x${h}:r=${fps}:d=${f(frames / fps)}:${colors}:n=4:${axis}:type=linear:seed=${light.seed}:speed=${f(light.speed / fps)},format=gbrp`;
}

/** One shot: plate on `input`, camera move, light leak; labelled `[out]`. */
function shot(
  input: number,
  out: string,
  w: number,
  h: number,
  fps: number,
  frames: number,
  p: Palette,
  camera: Camera,
  light: Light,
  interpolation?: string,
): string {
  return (
    `${filmedPlate(input, fps, frames, camera, interpolation)}[cam${out}];` +
    `${lightLeak(w, h, fps, frames, p, light)}[leak${out}];` +
    `[cam${out}][leak${out}]blend=all_mode=screen:all_opacity=${f(light.opacity)}[${out}]`
  );
}

const grain = (strength: number, seed: number): string =>
  `format=yuv420p,noise=c0s=${strength}:c0f=t+u:all_seed=${seed}`;

export interface Footage {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  grain: number;
  palette: Palette;
  camera: Camera;
  light: Light;
  seed: number;
}

/** The plate on input 0 filmed for `seconds`, lit and with grain: `[v]`, yuv420p. */
export function footageGraph(c: Footage): string {
  const frames = Math.round(c.seconds * c.fps);
  return `${shot(0, "lit", c.width, c.height, c.fps, frames, c.palette, c.camera, c.light)};[lit]${grain(c.grain, c.seed)}[v]`;
}

export interface ReelShot {
  palette: Palette;
  camera: Camera;
  light: Light;
  /** xfade transition into this shot (ignored for the first). */
  transition: string;
  /** When the shot's spot begins (seconds; the first at 0): the middle of the transition into it. */
  start: number;
}

/** A caption (an RGBA input, drawn at the frame's bottom-left corner) shown between two instants. */
export interface ReelCaption {
  from: number;
  to: number;
}

export interface ReelCut {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** Length of each transition between shots. */
  transition: number;
  shots: ReelShot[];
  /** When the title card (the input after the plates) fades in and out. */
  titleIn: number;
  titleOut: number;
  /** Lower thirds, one input each after the title card. */
  captions: ReelCaption[];
  grain: number;
  seed: number;
}

/** Frames of each shot: from half a transition before its start to half a transition after the next one's. */
export function shotFrames(
  c: Pick<ReelCut, "fps" | "seconds" | "transition"> & { shots: readonly Pick<ReelShot, "start">[] },
): number[] {
  const total = Math.round(c.seconds * c.fps);
  const half = Math.round((c.transition * c.fps) / 2);
  const starts = c.shots.map((s) => Math.round(s.start * c.fps));
  return starts.map((start, i) => {
    const from = i === 0 ? 0 : start - half;
    const to = i === starts.length - 1 ? total : starts[i + 1] + half;
    return to - from;
  });
}

/** An RGBA still on `input` repeated for `frames` frames, faded in at `from` and out by `to` (seconds). */
function fadedStill(
  input: number,
  fps: number,
  frames: number,
  from: number,
  to: number,
  fade: number,
  out: string,
): string {
  return (
    `[${input}:v]format=rgba,settb=1/${fps},loop=loop=-1:size=1,setpts=N,trim=end_frame=${frames},` +
    `fade=t=in:st=${f(from)}:d=${f(fade)}:alpha=1,fade=t=out:st=${f(to - fade)}:d=${f(fade)}:alpha=1[${out}]`
  );
}

/**
 * A showreel `[v]`, exactly `seconds` long: shot i films the plate on input i, transitions centred
 * on the spots' starts, then the title card and the captions (RGBA inputs after the plates) faded in and out.
 */
export function reelGraph(c: ReelCut): string {
  const total = Math.round(c.seconds * c.fps);
  const overlap = 2 * Math.round((c.transition * c.fps) / 2);
  const count = c.shots.length;
  const lengths = shotFrames(c);
  if (lengths.some((length) => length <= overlap))
    throw new Error(`reel shots must be longer than the ${c.transition} s transition`);
  // Bilinear: at 1080p it halves the camera's cost, and the plates are soft enough not to show it.
  const parts = c.shots.map((s, i) =>
    shot(i, `shot${i}`, c.width, c.height, c.fps, lengths[i], s.palette, s.camera, s.light, "linear"),
  );
  let joined = "shot0";
  let elapsed = lengths[0];
  for (let i = 1; i < count; i++) {
    const out = `join${i}`;
    parts.push(
      `[${joined}][shot${i}]xfade=transition=${c.shots[i].transition}:duration=${f(overlap / c.fps)}:offset=${f((elapsed - overlap) / c.fps)}[${out}]`,
    );
    elapsed += lengths[i] - overlap;
    joined = out;
  }
  parts.push(
    fadedStill(count, c.fps, total, c.titleIn, c.titleOut, 0.8, "title"),
    `[${joined}][title]overlay=format=gbrp[titled]`,
  );
  let captioned = "titled";
  c.captions.forEach((caption, i) => {
    // Only the caption's own frames are blended; the rest of the reel passes through untouched.
    parts.push(
      fadedStill(count + 1 + i, c.fps, total, caption.from, caption.to, 0.4, `caption${i}`),
      `[${captioned}][caption${i}]overlay=x=0:y=H-h:format=gbrp:enable='between(t,${f(caption.from)},${f(caption.to)})'[captioned${i}]`,
    );
    captioned = `captioned${i}`;
  });
  parts.push(`[${captioned}]fade=t=in:d=0.5,fade=t=out:st=${f(c.seconds - 0.7)}:d=0.7,${grain(c.grain, c.seed)}[v]`);
  return parts.join(";");
}

/** A quiet, slowly breathing pad (a seeded chord of sines over filtered pink noise): `[a]`. */
export function padAudioGraph(seconds: number, r: Rng): string {
  const root = r.pick([98, 110, 123.47, 130.81, 146.83]);
  const ratios = r.pick([
    [1, 1.5, 2, 2.52],
    [1, 1.2, 1.5, 2],
    [1, 1.335, 2, 3],
  ]);
  const voices = ratios.map(
    (ratio, i) => `sine=f=${f(root * ratio)}:r=48000:d=${seconds},volume=${f(0.5 / (i + 1))}[tone${i}]`,
  );
  const noise = `anoisesrc=c=pink:r=48000:a=0.3:d=${seconds}:seed=${r.seed()},lowpass=f=700,volume=0.12[air]`;
  const inputs = ratios.map((_, i) => `[tone${i}]`).join("");
  // `sine` plays at 1/8 of full scale; the mix peaks around -20 dBFS.
  return (
    `${voices.join(";")};${noise};${inputs}[air]amix=inputs=${ratios.length + 1}:normalize=0,` +
    `tremolo=f=${f(r.range(0.15, 0.3))}:d=0.35,volume=1.1,afade=t=in:d=1.5,afade=t=out:st=${f(seconds - 2)}:d=2,aformat=channel_layouts=stereo[a]`
  );
}
