// video.js's core build (without its HLS engine) has the full build's API and ships no types of its own.
declare module "video.js/core.es.js" {
  import videojs from "video.js";
  export default videojs;
}
