/**
 * Whether this engine plays what video.js's HLS engine (VHS) feeds Media Source Extensions: tried
 * on a clip of 10 frames, in a muted `<video>` that is never shown, before the visitor presses play.
 *
 * VHS transmuxes the ladder's MPEG-TS segments to fragmented MP4 and sets each SourceBuffer's
 * `timestampOffset` from the first frame's presentation time, so a film with B-frames starts with
 * frames decoded before 0 (decode time -0.08 s here). WebKitGTK 2.50's GStreamer MSE player buffers
 * such a stream and never leaves its first frame, without an error (`readyState` stays at 1–2);
 * Firefox plays it. The probe appends a clip of that shape (64×36 H.264 High, 2 B-frames, 10 frames at
 * 25 fps, made by ffmpeg: see docs/decisions/0007-mse-probe.md) with the same kind of offset, and
 * answers whether its playhead moves.
 */
const CLIP_BASE64 =
  "AAAAHGZ0eXBpc281AAACAGlzbzVpc282bXA0MQAAAu9tb292AAAAbG12aGQAAAAAAAAAAAAAAAAAAAPoAAAAAAABAAABAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAAB8XRyYWsAAABcdGtoZAAAAAMAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAEAAAAAAQAAAACQAAAAAAY1tZGlhAAAAIG1kaGQAAAAAAAAAAAAAAAAAADIAAAAAAFXEAAAAAAAtaGRscgAAAAAAAAAAdmlkZQAAAAAAAAAAAAAAAFZpZGVvSGFuZGxlcgAAAAE4bWluZgAAABR2bWhkAAAAAQAAAAAAAAAAAAAAJGRpbmYAAAAcZHJlZgAAAAAAAAABAAAADHVybCAAAAABAAAA+HN0YmwAAACsc3RzZAAAAAAAAAABAAAAnGF2YzEAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAQAAkAEgAAABIAAAAAAAAAAEVTGF2YzU5LjM3LjEwMCBsaWJ4MjY0AAAAAAAAAAAAAAAY//8AAAA2YXZjQwFkAAr/4QAZZ2QACqzZRH+fARAAAAMAEAAAAwMg8SJZYAEABmjr48siwP34+AAAAAAQcGFzcAAAAAEAAAABAAAAEHN0dHMAAAAAAAAAAAAAABBzdHNjAAAAAAAAAAAAAAAUc3RzegAAAAAAAAAAAAAAAAAAABBzdGNvAAAAAAAAAAAAAAAobXZleAAAACB0cmV4AAAAAAAAAAEAAAABAAAAAAAAAAAAAAAAAAAAYnVkdGEAAABabWV0YQAAAAAAAAAhaGRscgAAAAAAAAAAbWRpcmFwcGwAAAAAAAAAAAAAAAAtaWxzdAAAACWpdG9vAAAAHWRhdGEAAAABAAAAAExhdmY1OS4yNy4xMDAAAAC4bW9vZgAAABBtZmhkAAAAAAAAAAEAAACgdHJhZgAAABx0ZmhkAAIAOAAAAAEAAAIAAAAAHwEBAAAAAAAUdGZkdAEAAAAAAAAAAAAAAAAAAGh0cnVuAAAKBQAAAAoAAADAAgAAAAAAAB8AAAQAAAAADgAACAAAAAAMAAACAAAAAAwAAAIAAAAAFAAACAAAAAAOAAACAAAAAAwAAAIAAAAAEwAACAAAAAAOAAACAAAAAAwAAAIAAAAAqG1kYXQAAAAbZYiEADf//vbw/gNCUJcRzeh8/QAFV2va4eSZAAAACkGaI2xDf/6n7kAAAAAIQZ5BeIV/FLEAAAAIAZ5iakK/FLAAAAAQQZpmSahBaJlMCGf//p78gQAAAApBnoRFESwr/xSxAAAACAGepWpCvxSxAAAAD0GaqUmoQWyZTAhX//46UwAAAApBnsdFFSwr/xSwAAAACAGe6GpCvxSwAAAAQ21mcmEAAAArdGZyYQEAAAAAAAABAAAAAAAAAAEAAAAAAAAEAAAAAAAAAAMLAQEBAAAAEG1mcm8AAAAAAAAAQw==";
const CLIP_TYPE = 'video/mp4; codecs="avc1.64000a"';
/** The first frame is presented 2 frames after it is decoded: an offset of minus that, as VHS sets. */
const FIRST_PRESENTATION = 0.08;
/** A pipeline that plays moves within a few frames of its start (Firefox: 20–60 ms after play()). */
const PROBE_MS = 1500;

let verdict: Promise<boolean> | undefined;

/** Whether MSE plays VHS's kind of stream here: asked once a page, answered within PROBE_MS. */
export function msePlaysTransmuxedStreams(): Promise<boolean> {
  verdict ??= probe();
  return verdict;
}

function probe(): Promise<boolean> {
  if (typeof MediaSource === "undefined" || !MediaSource.isTypeSupported(CLIP_TYPE)) return Promise.resolve(false);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  const mediaSource = new MediaSource();
  const url = URL.createObjectURL(mediaSource);
  return new Promise<boolean>((resolve) => {
    const done = (plays: boolean) => {
      clearTimeout(timer);
      video.removeEventListener("timeupdate", onTime);
      video.pause();
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(plays);
    };
    const timer = setTimeout(() => done(false), PROBE_MS);
    const onTime = () => video.currentTime > 0.04 && done(true);
    video.addEventListener("timeupdate", onTime);
    mediaSource.addEventListener(
      "sourceopen",
      () => {
        try {
          const buffer = mediaSource.addSourceBuffer(CLIP_TYPE);
          buffer.timestampOffset = -FIRST_PRESENTATION;
          buffer.addEventListener(
            "updateend",
            () => {
              mediaSource.endOfStream();
              video.play().catch(() => done(false));
            },
            { once: true },
          );
          buffer.appendBuffer(Uint8Array.from(atob(CLIP_BASE64), (char) => char.charCodeAt(0)));
        } catch {
          done(false);
        }
      },
      { once: true },
    );
    video.src = url;
  });
}
