/**
 * `npm run purge [-- '^/artists/' …]` after a deploy: bans everything, or the paths matching the
 * patterns, from the Varnish on this machine's PORT (default 8080); exits 1 if a ban was refused.
 */
import { BAN_HEADER, BAN_METHOD, EVERYTHING } from "#model/cache-ban.ts";

const PORT = Number(process.env.PORT || 8080);
const patterns = process.argv.slice(2);

let failed = false;
for (const pattern of patterns.length ? patterns : [EVERYTHING]) {
  const response = await fetch(`http://127.0.0.1:${PORT}/`, {
    method: BAN_METHOD,
    headers: { [BAN_HEADER]: pattern },
  }).catch((error) => {
    console.error(`No Varnish answered on port ${PORT} (${error.cause?.code ?? error.message}); set PORT to its port.`);
    process.exit(1);
  });
  console.log(`${pattern}: ${(await response.text()).trim()}`);
  failed ||= !response.ok;
}
process.exit(failed ? 1 : 0);
