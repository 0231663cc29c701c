/** The cues of a WebVTT file: start, end (seconds) and text. */
export function cuesOf(vtt: string) {
  const seconds = (stamp: string) => stamp.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  return [...vtt.matchAll(/([\d:.]+) --> ([\d:.]+)[^\n]*\n([^\n]+(?:\n[^\n]+)*)/g)].map(([, start, end, text]) => ({
    start: seconds(start),
    end: seconds(end),
    text,
  }));
}
